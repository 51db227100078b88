// SPEC G3: zod.ts types check, and the validator is the client's option.
import { createClient } from "./sdk/index.js";
import type { SDKError, Validator } from "./sdk/index.js";
import { NewPersonSchema, operationSchemas, PersonSchema, zodValidator } from "./sdk/zod.js";
import type { OperationSchemas } from "./sdk/zod.js";

const validator: Validator = zodValidator({ response: false });
const client = createClient({ validator });
export async function usage(): Promise<boolean> {
  const created = await client.people.createPerson({ body: { name: "Ada", email: "ada@example.com", age: 36 } });
  const error: SDKError | null = created.error;
  const ops: OperationSchemas | undefined = operationSchemas["createPerson"];
  return error?.kind === "validation" && ops !== undefined && NewPersonSchema.safeParse({}).success && PersonSchema.safeParse({}).success;
}
// @ts-expect-error the options take booleans
zodValidator({ request: "yes" });
