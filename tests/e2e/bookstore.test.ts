// End to end (SPEC C2–C4, C6): the generated bookstore client against the
// real bookstore server, started by tests/tests/integration/e2e_sdk.rs, whose address
// is in BOOKSTORE_URL. Every operation of the document is called.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient, SDKError } from "../../examples/bookstore/sdk/index.js";
import type { Book } from "../../examples/bookstore/sdk/index.js";

const baseUrl = process.env["BOOKSTORE_URL"];
if (!baseUrl) throw new Error("BOOKSTORE_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");

const client = createClient({ baseUrl });

test("c4: URI versions are groups; v1 and v2 of the same route differ", async () => {
  const v1 = await client.v1.books.findOne({ params: { id: 2 } });
  assert.equal(v1.error, null);
  assert.equal(v1.data?.authorId, 1);
  assert.equal(v1.response.status, 200);
  const v2 = await client.v2.books.findOne({ params: { id: 2 } });
  assert.equal(v2.error, null);
  assert.equal(v2.data?.author.name, "Ursula K. Le Guin");
});

test("c3: every bookstore operation round-trips", async () => {
  const health = await client.health.check();
  assert.deepEqual(health.data, { status: "ok" });

  const authors = await client.v1.authors.findAll();
  assert.ok(authors.data && authors.data.length >= 1);
  const created = await client.v1.authors.create({ body: { name: "Octavia E. Butler" } });
  assert.equal(created.response?.status, 201);
  const authorId = created.data!.id;
  const author = await client.v1.authors.findOne({ params: { id: authorId } });
  assert.equal(author.data?.name, "Octavia E. Butler");

  const book = await client.v1.books.create({
    body: { title: "Kindred", authorId, year: 1979 },
    headers: { "x-request-id": "e2e-1" },
  });
  assert.equal(book.response?.status, 201);
  const bookId = book.data!.id;
  const listed = await client.v1.books.findAll({ query: { authorId, limit: 5 } });
  assert.deepEqual(listed.data?.map((b: Book) => b.title), ["Kindred"]);
  // E1: an array query field goes as repeated keys (`?ids=1&ids=2`), and
  // the server reads exactly that, with one value or several.
  const second = await client.v1.books.create({ body: { title: "Dawn", authorId, year: 1987 } });
  const secondId = second.data!.id;
  const both = await client.v1.books.findAll({ query: { authorId, ids: [bookId, secondId] } });
  assert.equal(both.error, null, JSON.stringify(both.error));
  assert.deepEqual(both.data?.map((b: Book) => b.title).sort(), ["Dawn", "Kindred"]);
  const one = await client.v1.books.findAll({ query: { ids: [secondId] } });
  assert.equal(one.error, null, JSON.stringify(one.error));
  assert.deepEqual(one.data?.map((b: Book) => b.title), ["Dawn"]);
  assert.equal(new URL(one.response!.url).search, `?ids=${secondId}`);
  await client.v1.books.remove({ params: { id: secondId } });
  const updated = await client.v1.books.update({
    params: { id: bookId },
    body: { title: "Kindred (25th anniversary)", authorId, year: 2004 },
  });
  assert.equal(updated.data?.year, 2004);
  const removed = await client.v1.books.remove({ params: { id: bookId } });
  assert.equal(removed.response?.status, 204);
  assert.equal(removed.error, null);
  assert.equal(removed.data, null);
});

test("c3: a 4xx is an error object, never a throw", async () => {
  const missing = await client.v1.books.findOne({ params: { id: 999 } });
  assert.equal(missing.data, null);
  assert.ok(missing.error instanceof SDKError);
  assert.equal(missing.error.kind, "http");
  assert.equal(missing.error.status, 404);
  assert.equal(missing.error.message, "book 999 does not exist");
  assert.deepEqual(missing.error.body, { statusCode: 404, message: "book 999 does not exist", error: "Not Found", code: "NOT_FOUND" });
  assert.equal(missing.response?.status, 404);
  const invalid = await client.v1.books.create({ body: { title: "", authorId: 1 } });
  assert.equal(invalid.error?.status, 400);
  assert.equal(invalid.error?.message, "title must not be empty");
});

test("c2: throwOnError throws an SDKError and types success as data", async () => {
  const strict = createClient({ baseUrl, throwOnError: true });
  const ok = await strict.v1.books.findOne({ params: { id: 2 } });
  assert.equal(ok.data.title, "A Wizard of Earthsea");
  await assert.rejects(
    () => strict.v1.books.findOne({ params: { id: 404 } }),
    (e: unknown) => e instanceof SDKError && e instanceof Error && e.status === 404,
  );
});

test("c2: dynamic headers, custom fetcher and the three hooks", async () => {
  const seen: { url: string; headers: Headers }[] = [];
  const calls: string[] = [];
  let token = 0;
  const hooked = createClient({
    baseUrl,
    headers: async () => ({ authorization: `Bearer t${++token}` }),
    fetcher: (url, init) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return fetch(url, init);
    },
    onRequest: (_url, init) => {
      calls.push("onRequest");
      const headers = new Headers(init.headers);
      headers.set("x-request-id", "from-hook");
      return { ...init, headers };
    },
    onResponse: (response) => {
      calls.push(`onResponse ${response.status}`);
    },
    onError: (error) => {
      calls.push(`onError ${error.status}`);
      return new SDKError({ kind: error.kind, status: error.status, message: `replaced: ${error.message}` });
    },
  });
  await hooked.v1.books.findOne({ params: { id: 2 } });
  const failed = await hooked.v1.books.findOne({ params: { id: 777 } });
  assert.equal(failed.error?.message, "replaced: book 777 does not exist");
  assert.deepEqual(calls, ["onRequest", "onResponse 200", "onRequest", "onResponse 404", "onError 404"]);
  assert.equal(seen.length, 2);
  assert.equal(seen[0]!.url, `${baseUrl}/api/v1/books/2`);
  assert.equal(seen[0]!.headers.get("authorization"), "Bearer t1");
  assert.equal(seen[1]!.headers.get("authorization"), "Bearer t2");
  assert.equal(seen[1]!.headers.get("x-request-id"), "from-hook");
});

test("c6: an aborted call is an abort error, not an HTTP error", async () => {
  const controller = new AbortController();
  controller.abort();
  const aborted = await client.v1.books.findAll({ signal: controller.signal });
  assert.equal(aborted.data, null);
  assert.equal(aborted.error?.kind, "abort");
  assert.equal(aborted.error?.status, 0);
});

test("c6: a refused connection is a network error", async () => {
  const nowhere = createClient({ baseUrl: "http://127.0.0.1:9" });
  const result = await nowhere.health.check();
  assert.equal(result.error?.kind, "network");
  assert.equal(result.response, undefined);
});

test("c6: path parameters are percent-encoded (a bad id is the server's 400, not a wrong route)", async () => {
  const odd = await client.v1.authors.findOne({ params: { id: "1/../2" as unknown as number } });
  assert.equal(odd.error?.status, 400);
  assert.match(odd.error?.message ?? "", /path parameter `id`/);
});
