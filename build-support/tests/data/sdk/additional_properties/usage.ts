// SPEC C7: additionalProperties shapes index signatures.
import type { Maps, Thing } from "./sdk/index.js";

export const maps: Maps = {
  free: { anything: 1 },
  counts: { a: 1, b: 2 },
  mixed: { name: "n", age: 3, flag: true },
};
// @ts-expect-error counts hold integers
export const badCounts: Maps = { ...maps, counts: { a: "1" } };
// @ts-expect-error additionalProperties: false
export const closed: Thing = { id: "x", extra: 1 };
