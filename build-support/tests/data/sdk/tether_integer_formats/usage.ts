// i128/u128 are `format: int128`/`uint128` numbers: typed `number`, with the note.
import { createClient } from "./sdk/index.js";
import type { Numbers } from "./sdk/index.js";

const client = createClient();
export async function usage(): Promise<number | undefined> {
  const got = await client.numbers.get({ params: { id: 1 } });
  const n: Numbers | null = got.data;
  return n === null ? undefined : n.e + n.k;
}
