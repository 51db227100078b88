// A header or cookie parameter whose schema is a named scalar (a Rust
// unit-variant enum, an alias of a number) keeps its type in the client,
// as query parameters do; a header list of one is a list (trial3 T11).
import { createClient } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });

export async function calls(): Promise<void> {
  await client.tasks.list({
    headers: { "x-priority": "high", "x-priorities": ["low", "high"], "x-limit": 3 },
    cookies: { theme: "dark" },
  });
  // @ts-expect-error not a Priority
  await client.tasks.list({ headers: { "x-priority": "urgent" } });
  // @ts-expect-error not a Theme
  await client.tasks.list({ cookies: { theme: "blue" } });
  // An object header is the object, written in its style (trial T8; see header_object_params).
  await client.tasks.list({ headers: { "x-shape": { sides: 3 } } });
  // @ts-expect-error not text any more
  await client.tasks.list({ headers: { "x-shape": "sides=3" } });
}
