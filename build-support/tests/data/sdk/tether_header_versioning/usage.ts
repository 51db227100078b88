// SPEC C6: under header versioning the client sends X-API-Version itself;
// operations are grouped by version as under URI versioning (issue 16).
import { createClient } from "./sdk/index.js";

export async function headerVersioning(): Promise<void> {
  const client = createClient({ baseUrl: "http://localhost" });
  await client.v2.users.findOne({ params: { id: "1" } });
  await client.v1.users.findAll({ headers: { "X-Trace": "t-1" } });
  await client.v1.users.findAll();
  // @ts-expect-error a header parameter is typed as the document says
  await client.v1.users.findAll({ headers: { "X-Trace": { nested: true } } });
  const r = await client.v2.users.findOne({ params: { id: "1" } });
  if (r.error) {
    const code: number | undefined = r.error.body?.statusCode;
    void code;
  }
}
