// SPEC C7: 3.0's `nullable: true` admits null, and only where it is written.
import type { Nulls } from "./sdk/index.js";

export const allNull: Nulls = { s: null, i: null, e: null, r: null, o: null, arr: null, u: null };
export const values: Nulls = { s: "x", i: 1, e: "a", r: { id: "t" }, o: { x: "y" }, arr: ["a", null], u: 3 };
// @ts-expect-error "c" is not in the enum
export const badEnum: Nulls = { ...values, e: "c" };
