// SPEC E2: a success's declared headers are typed in `headers`.
import { createClient } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });
export async function usage(): Promise<number> {
  const page = await client.items.list();
  if (page.error !== null) return 0;
  const total: number = page.headers["X-Total-Count"];
  const link: string | undefined = page.headers.Link;
  // @ts-expect-error a header the document does not declare
  void page.headers["X-Other"];
  const login = await client.items.login();
  const cookie: string | undefined = login.error === null ? login.headers["Set-Cookie"] : undefined;
  return total + (link ?? "").length + (cookie ?? "").length;
}
