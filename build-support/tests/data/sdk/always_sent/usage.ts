// SPEC G2: a field serde always sends is `field: T | null` in a response-only
// type; request bodies (and types they reach) keep it optional.
import { createClient, type Profile } from "./sdk/index.js";

export async function profiles(): Promise<void> {
  const client = createClient();
  const created = await client.profiles.create({ body: {} });
  if (created.error !== null) return;
  const profile: Profile = created.data;
  const nickname: string | null = profile.nickname;
  const tags: string[] = profile.tags;
  const bio: string | undefined = profile.bio;
  // @ts-expect-error: always sent, so never missing
  const missing: Profile = { id: 1, tags: [], address: null, note: {} };
  await client.profiles.note({ params: { id: 1 }, body: {} });
  await client.profiles.create({ body: { address: {} } });
  void nickname;
  void tags;
  void bio;
  void missing;
}
