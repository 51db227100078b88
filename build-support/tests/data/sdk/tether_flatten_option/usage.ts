// A `#[serde(flatten)] Option<T>` whose T has required fields: all of T's
// required fields or none of T's fields (serde reads `None`, dropping what was
// sent, when some are missing). `build-support/ts/test/zod.test.ts` runs the zod side.
import { createClient } from "./sdk/index.js";
import type { Document, NewDocument } from "./sdk/index.js";
import { NewDocumentSchema, zodValidator } from "./sdk/zod.js";

const client = createClient({ validator: zodValidator() });
const whole: NewDocument = { title: "t", a: "x", b: 1, note: null };
const none: NewDocument = { title: "t", hint: "h" };
// @ts-expect-error `a` without `b`: serde would read no Stamp and drop `a`
export const half: NewDocument = { title: "t", a: "x" };
// @ts-expect-error an optional field of Stamp alone is dropped too
export const noteOnly: NewDocument = { title: "t", note: "n" };
export function audited(d: Document): string | null {
  // Narrowing on the required field gives the rest of the group.
  return d.createdAt === undefined ? null : `${d.createdAt} by ${d.updatedBy ?? "?"}`;
}
export async function usage(): Promise<boolean> {
  const created = await client.docs.create({ body: whole });
  const plain = await client.docs.create({ body: none });
  return created.error === null && plain.error === null && NewDocumentSchema.safeParse(whole).success;
}
