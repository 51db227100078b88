// SPEC G3: formats and inherited property names in zod.ts (types only; build-support/ts/test/zod.test.ts runs them).
import { createClient } from "./sdk/index.js";
import type { NewEvent, Owner } from "./sdk/index.js";
import { NewEventSchema, OwnerSchema, zodValidator } from "./sdk/zod.js";

const client = createClient({ validator: zodValidator() });
const owner: Owner = { toString: true, constructor: "Ada", ["__proto__"]: "ab" };
const event: NewEvent = { day: "2024-02-29", host: "::1", owner };
export async function usage(): Promise<boolean> {
  const created = await client.events.createEvent({ body: event });
  return created.error === null && NewEventSchema.safeParse(event).success && OwnerSchema.safeParse(owner).success;
}
