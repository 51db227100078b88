// SPEC C6: query parameters are typed; their serialisation is the core's job.
import { createClient } from "./sdk/index.js";

export async function search(): Promise<void> {
  const client = createClient();
  await client.search.search({ query: { ids: [1, 2], filter: { status: "open", range: { min: 1 } }, csv: ["a", "b"] } });
  // @ts-expect-error `ids` is required
  await client.search.search({ query: {} });
  // @ts-expect-error the query object itself is required when one of its fields is
  await client.search.search();
}
