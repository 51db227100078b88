// Issue 16: a pure `$ref` cycle (Baz → Qux → Baz) has no shape: `unknown`, not TS2456.
import type { Baz, Forest, Holder, Qux } from "./sdk/index.js";

export function cycle(b: Baz, q: Qux, h: Holder, f: Forest): unknown[] {
  // A cycle through an object is a real recursive type and stays one.
  const children: Forest[] | undefined = f.children;
  return [b, q, h.baz, children];
}
