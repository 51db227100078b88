// End to end (issues 13 and 14, SPEC E2–E6): the tracker's generated client
// against the real server over a fresh SQLite database, started by
// tests/tests/integration/e2e_sdk.rs with its address in TRACKER_URL. Sign-in, the
// `auth` option (bearer and session cookie), 401/403, the typed
// X-Total-Count header, validation's 400 list and the typed 404/409
// errors, all through the SDK.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient } from "../../examples/tracker/sdk/index.js";

const baseUrl = process.env["TRACKER_URL"];
if (!baseUrl) throw new Error("TRACKER_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");

const anonymous = createClient({ baseUrl });

/** Signs `name` in through the SDK; returns the session's token and cookie. */
async function signIn(name: string, password: string) {
  const login = await anonymous.v1.auth.login({ body: { name, password } });
  if (login.error !== null) throw new Error(`${login.error.status}: ${login.error.message}`);
  const cookie = login.headers["Set-Cookie"] ?? "";
  return { token: login.data.token, user: login.data.user, cookie };
}

test("login issues a bearer token and the session cookie; a wrong password is the typed 401", async () => {
  const wrong = await anonymous.v1.auth.login({ body: { name: "ada", password: "babbage" } });
  assert.equal(wrong.error?.status, 401);
  if (wrong.error?.status === 401) assert.equal(wrong.error.message, "wrong name or password");

  const { token, user, cookie } = await signIn("ada", "lovelace");
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.deepEqual(user, { id: 1, name: "ada", role: "admin" });
  // Secure and bound to the host (`__Host-`), ending with the session (issue 31, item 9).
  assert.equal(cookie, `__Host-tracker_session=${token}; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=28800`);

  // The same session by either scheme of the `auth` option.
  const byBearer = createClient({ baseUrl, auth: { bearer: async () => token } });
  assert.equal((await byBearer.v1.auth.me()).data?.name, "ada");
  const byCookie = createClient({ baseUrl, auth: { session: token } });
  assert.equal((await byCookie.v1.auth.me()).data?.name, "ada");
});

test("no credential is the framework's 401 with its challenge; an unknown or ended session the app's 401", async () => {
  const none = await anonymous.v1.projects.list();
  assert.equal(none.error?.status, 401);
  assert.equal(none.response?.headers.get("www-authenticate"), "Bearer");

  const forged = createClient({ baseUrl, auth: { bearer: "0".repeat(64) } });
  const unknown = await forged.v1.auth.me();
  assert.equal(unknown.error?.status, 401);
  assert.equal(unknown.error?.message, "unknown or ended session");

  const { token } = await signIn("bob", "builder");
  const bob = createClient({ baseUrl, auth: { bearer: token } });
  const out = await bob.v1.auth.logout();
  assert.deepEqual(out.data, { ended: true });
  assert.equal(out.headers["Set-Cookie"], "__Host-tracker_session=; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=0");
  assert.equal((await bob.v1.auth.me()).error?.status, 401, "the session ended in the database");
});

test("roles: a member reads and files tickets but creating a project is admins' (method metadata over the controller's)", async () => {
  const ada = createClient({ baseUrl, auth: { bearer: (await signIn("ada", "lovelace")).token } });
  const bob = createClient({ baseUrl, auth: { session: (await signIn("bob", "builder")).token } });

  const denied = await bob.v1.projects.create({ body: { key: "BOB", name: "Bob's" } });
  assert.equal(denied.error?.status, 403);
  const made = await ada.v1.projects.create({ body: { key: "ROLES", name: "Roles" } });
  assert.equal(made.error, null);
  assert.equal(made.response?.status, 201);

  const found = await bob.v1.projects.find({ params: { key: "ROLES" } });
  assert.equal(found.data?.name, "Roles");
  const filed = await bob.v1.projects.file({ params: { key: "ROLES" }, body: { title: "It breaks", labels: ["bug"] } });
  assert.equal(filed.error, null);
  assert.equal(filed.data?.reporter, "bob");
  assert.equal(filed.data?.status, "open");
  assert.equal((await bob.v1.projects.remove({ params: { key: "ROLES" } })).error?.status, 403);
  assert.equal((await ada.v1.projects.remove({ params: { key: "ROLES" } })).response?.status, 204);
  assert.equal((await bob.v1.projects.find({ params: { key: "ROLES" } })).error?.status, 404);
});

test("a taken key is the database's UNIQUE constraint, answered as the typed 409; a missing row the typed 404", async () => {
  const ada = createClient({ baseUrl, auth: { bearer: (await signIn("ada", "lovelace")).token } });
  assert.equal((await ada.v1.projects.create({ body: { key: "CORE", name: "Core" } })).error, null);

  const taken = await ada.v1.projects.create({ body: { key: "CORE", name: "Core again" } });
  assert.equal(taken.error?.status, 409);
  if (taken.error?.status === 409) {
    // Narrowed by status: the 409's body is typed.
    assert.equal(taken.error.body.key, "CORE");
    assert.equal(taken.error.body.message, 'a project with key "CORE" exists');
  }

  const missing = await ada.v1.projects.find({ params: { key: "NOPE" } });
  assert.equal(missing.error?.status, 404);
  if (missing.error?.status === 404) assert.equal(missing.error.body.message, 'no project has key "NOPE"');

  const noTicket = await ada.v1.projects.update({ params: { key: "CORE", id: 999 }, body: { status: "closed" } });
  assert.equal(noTicket.error?.status, 404);
  if (noTicket.error?.status === 404 && "ticketId" in noTicket.error.body) {
    assert.equal(noTicket.error.body.ticketId, 999);
  } else {
    assert.fail("expected the NoTicket body");
  }
});

test("validation: every broken rule is listed by its wire name; nothing is written", async () => {
  const ada = createClient({ baseUrl, auth: { bearer: (await signIn("ada", "lovelace")).token } });
  const bad = await ada.v1.projects.create({ body: { key: "lower", name: "" } });
  assert.equal(bad.error?.status, 400);
  if (bad.error?.status === 400) {
    const messages = bad.error.body.message;
    assert.ok(Array.isArray(messages), "a list of messages");
    assert.equal(messages.length, 2, JSON.stringify(messages));
    assert.ok(messages.some((m) => m.startsWith("key: ")), JSON.stringify(messages));
    assert.ok(messages.some((m) => m.startsWith("name: ")), JSON.stringify(messages));
  }
  assert.equal((await ada.v1.projects.find({ params: { key: "lower" } })).error?.status, 404);

  await ada.v1.projects.create({ body: { key: "VAL", name: "Validation" } });
  const labels = await ada.v1.projects.file({ params: { key: "VAL" }, body: { title: "x", labels: ["a", "a"] } });
  assert.equal(labels.error?.status, 400);
  // A rule on a single query parameter (`#[validate(maximum = 100)]`):
  // the same 400 list, naming the parameter as sent.
  const tooMany = await ada.v1.projects.list({ query: { limit: 101, offset: 0 } });
  assert.equal(tooMany.error?.status, 400);
  if (tooMany.error?.status === 400) {
    assert.deepEqual(tooMany.error.body.message, ["limit: The number must be `<= 100`."]);
  }
  const none = await ada.v1.projects.list({ query: { limit: 0 } });
  if (none.error?.status === 400) {
    assert.deepEqual(none.error.body.message, ["limit: The number must be `>= 1`."]);
  } else {
    assert.fail(`expected a 400 list, got ${JSON.stringify(none.error ?? none.data)}`);
  }
});

test("lists: X-Total-Count counts every match, whatever the page, typed as a number", async () => {
  const ada = createClient({ baseUrl, auth: { bearer: (await signIn("ada", "lovelace")).token } });
  await ada.v1.projects.create({ body: { key: "PAGE", name: "Paging" } });
  for (const title of ["one", "two", "three"]) {
    await ada.v1.projects.file({ params: { key: "PAGE" }, body: { title } });
  }
  const first = await ada.v1.projects.tickets({ params: { key: "PAGE" }, query: { limit: 2 } });
  if (first.error !== null) throw new Error(first.error.message);
  assert.deepEqual(first.data.map((t) => t.title), ["one", "two"]);
  const total: number = first.headers["X-Total-Count"];
  assert.equal(total, 3);

  const two = first.data[1];
  assert.ok(two);
  const closed = await ada.v1.projects.update({ params: { key: "PAGE", id: two.id }, body: { status: "closed" } });
  assert.equal(closed.data?.status, "closed");
  const open = await ada.v1.projects.tickets({ params: { key: "PAGE" }, query: { status: "open", offset: 1 } });
  if (open.error !== null) throw new Error(open.error.message);
  assert.deepEqual(open.data.map((t) => t.title), ["three"]);
  assert.equal(open.headers["X-Total-Count"], 2);

  const projects = await ada.v1.projects.list({ query: { limit: 1 } });
  if (projects.error !== null) throw new Error(projects.error.message);
  assert.equal(projects.data.length, 1);
  assert.ok(projects.headers["X-Total-Count"] >= 2);
});

test("an empty path parameter is refused before sending: nothing reaches the server (issue 31, item 5)", async () => {
  const token = (await signIn("ada", "lovelace")).token;
  const sent: string[] = [];
  const fetcher = (url: string, init: RequestInit) => {
    sent.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
    return fetch(url, init);
  };
  const ada = createClient({ baseUrl, auth: { bearer: token }, fetcher });
  // Sent, `GET /api/v1/projects/` would be folded into the list route, and
  // `/api/v1/projects//tickets` would reach no project's tickets.
  const calls = [
    () => ada.v1.projects.find({ params: { key: "" } }),
    () => ada.v1.projects.remove({ params: { key: "" } }),
    () => ada.v1.projects.tickets({ params: { key: "" } }),
    () => ada.v1.projects.update({ params: { key: "CORE", id: "" as unknown as number }, body: { status: "closed" } }),
  ];
  for (const call of calls) {
    const { error } = await call();
    assert.equal(error?.kind, "request");
    assert.equal(error?.status, 0);
    assert.match(error?.message ?? "", /the path parameter `(key|id)` is empty/);
  }
  assert.deepEqual(sent, [], "no request left the client");
  await ada.v1.projects.find({ params: { key: "NONE" } });
  assert.deepEqual(sent, ["GET /api/v1/projects/NONE"], "the same client sends a call with a key");
});
