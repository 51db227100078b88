// SPEC G3: formats and inherited property names in zod.ts (types only; build-support/ts/test/zod.test.ts runs them).
import { createClient } from "./sdk/index.js";
import type { NewEvent, Owner, Shape } from "./sdk/index.js";
import { NewEventSchema, OwnerSchema, ShapeSchema, zodValidator } from "./sdk/zod.js";

const client = createClient({ validator: zodValidator() });
const owner: Owner = { toString: true, constructor: "Ada", ["__proto__"]: "ab" };
const event: NewEvent = { day: "2024-02-29", host: "::1", owner };
export async function usage(): Promise<boolean> {
  const created = await client.events.createEvent({ body: event });
  const shape: Shape = { kind: "square box", side: 2 };
  // @ts-expect-error: the discriminator value of a Circle is "circle"
  const wrong: Shape = { kind: "circle", side: 1 };
  // The controller's methods renamed from `toString`, `then`: the names that would shadow Object.prototype's are not methods.
  await client.events.toString2({ params: { name: "a" } });
  await client.events.then2({ params: { name: "a" } });
  return created.error === null && NewEventSchema.safeParse(event).success && OwnerSchema.safeParse(owner).success && ShapeSchema.safeParse(shape).success && wrong !== shape;
}
