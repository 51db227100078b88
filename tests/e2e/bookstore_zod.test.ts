// SPEC G3: the bookstore client's zod schemas (`zod = true` in
// examples/bookstore/tether.toml) with the real zod, as the client's
// `validator`, against the real server started by tests/tests/integration/e2e_sdk.rs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient, SDKError } from "../../examples/bookstore/sdk/index.js";
import type { CreateBook } from "../../examples/bookstore/sdk/index.js";
import { BookSchema, CreateBookSchema, operationSchemas, zodValidator } from "../../examples/bookstore/sdk/zod.js";

const baseUrl = process.env["BOOKSTORE_URL"];
if (!baseUrl) throw new Error("BOOKSTORE_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");

test("g3: the server's answers pass their schemas; the constraints of the document are checked", async () => {
  const client = createClient({ baseUrl, validator: zodValidator() });
  const list = await client.v1.books.findAll({ query: { limit: 2 } });
  assert.equal(list.error, null);
  assert.equal(list.data?.length, 2);
  const one = await client.v2.books.findOne({ params: { id: 2 } });
  assert.equal(one.error, null, String(one.error));
  assert.equal(BookSchema.safeParse(list.data?.[0]).success, true);
  // CreateBook.title: minLength 1 and a pattern in the document.
  assert.equal(CreateBookSchema.safeParse({ title: "", authorId: 1 }).success, false);
  assert.equal(CreateBookSchema.safeParse({ title: "Dune", authorId: -1 }).success, false);
  assert.equal(CreateBookSchema.safeParse({ title: "Dune", authorId: 1.5 }).success, false);
  assert.equal(CreateBookSchema.safeParse({ title: "Dune", authorId: 18446744073709551615 }).success, true);
  assert.ok(operationSchemas["books_create"]?.body, "the request body schema of books_create");
});

test("g3: an invalid request body is refused before it is sent, as an SDKError of kind validation", async () => {
  let sent = 0;
  const client = createClient({
    baseUrl,
    validator: zodValidator({ response: false }),
    fetcher: (url, init) => {
      sent += 1;
      return fetch(url, init);
    },
  });
  const result = await client.v1.books.create({ body: { title: "", authorId: 1 } });
  assert.ok(result.error instanceof SDKError);
  assert.equal(result.error.kind, "validation");
  assert.equal(result.error.status, 0);
  assert.match(result.error.message, /title: /);
  assert.equal(sent, 0, "nothing was sent");
  const bad = { title: "Dune" } as unknown as CreateBook;
  const missing = await client.v1.books.create({ body: bad });
  assert.equal(missing.error?.kind, "validation");
  assert.match(missing.error?.message ?? "", /authorId/);
  // With request checks off, the same body reaches the server, which answers 400.
  const unchecked = createClient({ baseUrl, validator: zodValidator({ request: false }) });
  const answered = await unchecked.v1.books.create({ body: { title: "", authorId: 1 } });
  assert.equal(answered.error?.kind, "http");
  assert.equal(answered.error?.status, 400);
});

test("g3: an answer that does not match its schema is an SDKError of kind validation, thrown only with throwOnError", async () => {
  const lying = (_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ id: 1, title: 7, authorId: 1, year: null }), { status: 200, headers: { "content-type": "application/json" } }));
  const client = createClient({ baseUrl, validator: zodValidator(), fetcher: lying });
  const result = await client.v1.books.findOne({ params: { id: 1 } });
  assert.equal(result.data, null);
  assert.equal(result.error?.kind, "validation");
  assert.equal(result.error?.status, 200);
  assert.match(result.error?.message ?? "", /title: /);
  // Without a validator the same answer is returned as data.
  const trusting = await createClient({ baseUrl, fetcher: lying }).v1.books.findOne({ params: { id: 1 } });
  assert.equal(trusting.error, null);
  const throwing = createClient({ baseUrl, validator: zodValidator(), fetcher: lying, throwOnError: true });
  await assert.rejects(throwing.v1.books.findOne({ params: { id: 1 } }), (e: unknown) => e instanceof SDKError && e.kind === "validation");
});
