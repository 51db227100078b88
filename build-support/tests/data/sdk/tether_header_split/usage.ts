// SPEC G1 (issue 16 defect 5): a HEADER-versioned API split into one document
// per version is ONE client grouped by version, with one runtime.
import { createClient, SDKError } from "./sdk/index.js";
import type { HttpError, User, UserV2 } from "./sdk/index.js";

export async function headerSplit(): Promise<void> {
  const client = createClient({ baseUrl: "http://localhost" });
  // A v1-only route is reachable beside the v2 one.
  const all = await client.v1.users.findAll();
  const users: User[] | null = all.data;
  const one = await client.v2.users.findOne({ params: { id: 1 } });
  const v2: UserV2 | null = one.data;
  const old = await client.v1.users.findOne({ params: { id: 1 } });
  const v1: User | null = old.data;
  // @ts-expect-error version 2 has no findAll
  await client.v2.users.findAll();
  // Unversioned routes stay at the top, once.
  await client.health.check();
  // One SDKError class for every version.
  const e1: SDKError<HttpError> | null = old.error;
  const e2: SDKError<HttpError> | null = one.error;
  void [users, v2, v1, e1, e2];
}
