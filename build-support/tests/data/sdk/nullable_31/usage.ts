// SPEC C7: 3.1's `type: [.., "null"]` admits null.
import type { Nulls } from "./sdk/index.js";

export const allNull: Nulls = { s: null, multi: null, justNull: null, oneOfNull: null, enumNull: null, arr: null };
export const values: Nulls = { s: "x", multi: 2, justNull: null, oneOfNull: { id: "a" }, enumNull: "a", arr: [1, null] };
// @ts-expect-error a `null`-typed property holds only null
export const bad: Nulls = { ...values, justNull: "x" };
