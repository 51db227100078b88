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
  // E6: the declared 404 narrows the error's body; other failures' bodies are unknown.
  if (r.error?.status === 404) {
    const code: number = r.error.body.statusCode;
    void code;
  } else if (r.error) {
    // @ts-expect-error an undeclared status has no typed body
    void r.error.body.statusCode;
  }
}
