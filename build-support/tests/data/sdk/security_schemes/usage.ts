// SPEC E4: `auth` is typed by scheme name, values or (async) functions.
import { createClient } from "./sdk/index.js";
import type { Auth } from "./sdk/index.js";

const auth: Auth = {
  "bearer-auth": async () => "token",
  "key in header": "k",
  basic: { username: "ada", password: "pw" },
  "query*/key": () => undefined,
  constructor: "session-id",
  oidc: undefined,
};
const client = createClient({ auth, baseUrl: "http://localhost" });
export async function usage(): Promise<boolean> {
  const me = await client.account.me();
  return me.error === null;
}
// @ts-expect-error a scheme the document does not declare
createClient({ auth: { bearr: "x" } });
// @ts-expect-error basic takes a username and a password
createClient({ auth: { basic: "ada:pw" } });
