// SPEC C7: discriminated unions narrow on their tag (const, mapping, or name).
import type { Animal, Event, Shape } from "./sdk/index.js";

export function area(s: Shape): number {
  switch (s.kind) {
    case "circle":
      return Math.PI * s.radius ** 2;
    case "square":
      return s.side ** 2;
  }
}

export function sound(a: Animal): string {
  if (a.type === "doggo") return a.barks ? "woof" : "...";
  // @ts-expect-error "dog" is not a tag: the mapping says "doggo"
  if (a.type === "dog") return "never";
  return `${a.lives ?? 9} lives`;
}

export function describe(e: Event): number | undefined {
  // No mapping: the tag is the schema's name.
  return e.event_type === "Click" ? e.x : e.dy;
}
