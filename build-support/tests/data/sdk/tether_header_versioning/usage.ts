// SPEC C6: under header versioning the client sends X-API-Version itself.
import { createClient } from "./sdk/index.js";

export async function headerVersioning(): Promise<void> {
  const client = createClient({ baseUrl: "http://localhost" });
  await client.users.findOne({ params: { id: "1" } });
  await client.users.findAll({ headers: { "X-Trace": "t-1" } });
  await client.users.findAll();
  // @ts-expect-error a header parameter is typed as the document says
  await client.users.findAll({ headers: { "X-Trace": { nested: true } } });
  const r = await client.users.findOne({ params: { id: "1" } });
  if (r.error) {
    const code: number | undefined = r.error.body?.statusCode;
    void code;
  }
}
