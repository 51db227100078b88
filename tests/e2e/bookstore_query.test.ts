// SPEC G3: the bookstore client's TanStack Query options (`tanstack_query =
// true` in examples/bookstore/tether.toml) with the real @tanstack/query-core
// against the real server started by tests/tests/integration/e2e_sdk.rs (BOOKSTORE_URL).
import { test } from "node:test";
import assert from "node:assert/strict";
import { MutationObserver, QueryClient } from "@tanstack/query-core";
import { createClient, SDKError } from "../../examples/bookstore/sdk/index.js";
// The TanStack glue is the entry `bookstore-sdk/queries`, apart from the client.
import { createQueries } from "../../examples/bookstore/sdk/queries.js";
import type { Author, Book, HttpError } from "../../examples/bookstore/sdk/index.js";

const baseUrl = process.env["BOOKSTORE_URL"];
if (!baseUrl) throw new Error("BOOKSTORE_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");

const queries = createQueries(createClient({ baseUrl }));

test("g3: fetchQuery with queryOptions; keys carry the version, params and query", async () => {
  const queryClient = new QueryClient();
  const options = queries.v1.books.findAll.queryOptions({ query: { limit: 2 } });
  assert.deepEqual(options.queryKey, ["books", "findAll", { version: "v1", query: { limit: 2 } }]);
  const books: Book[] = await queryClient.fetchQuery(options);
  assert.equal(books.length, 2);
  const cached: Book[] | undefined = queryClient.getQueryData(queries.v1.books.findAll.queryKey({ query: { limit: 2 } }));
  assert.deepEqual(cached, books);

  const v1 = await queryClient.fetchQuery(queries.v1.books.findOne.queryOptions({ params: { id: 2 } }));
  assert.equal(v1.title, "A Wizard of Earthsea");
  const v2 = await queryClient.fetchQuery(queries.v2.books.findOne.queryOptions({ params: { id: 2 } }));
  assert.equal(v2.author.name, "Ursula K. Le Guin");
  assert.deepEqual(queries.v2.books.findOne.queryKey({ params: { id: 2 } }), ["books", "findOne", { version: "v2", params: { id: 2 } }]);
  assert.deepEqual(queries.health.check.queryKey(), ["health", "check", {}]);
});

test("g3: a failing query rejects with the SDKError, typed in the cache", async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = queries.v1.books.findOne.queryOptions({ params: { id: 4040 } });
  await assert.rejects(queryClient.fetchQuery(options), (e: unknown) => e instanceof SDKError && e.status === 404);
  const error: SDKError<HttpError> | null | undefined = queryClient.getQueryState(options.queryKey)?.error;
  assert.equal(error?.body?.message, "book 4040 does not exist");
});

test("g3: a mutation through mutationOptions, then the list is invalidated by its key prefix", async () => {
  const queryClient = new QueryClient();
  await queryClient.fetchQuery(queries.v1.authors.findAll.queryOptions());
  const observer = new MutationObserver(queryClient, {
    ...queries.v1.authors.create.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["authors"] }),
  });
  const created: Author = await observer.mutate({ body: { name: "N. K. Jemisin" } });
  assert.equal(created.name, "N. K. Jemisin");
  assert.equal(queryClient.getQueryState(queries.v1.authors.findAll.queryKey())?.isInvalidated, true);
  const failing = new MutationObserver(queryClient, queries.v1.books.remove.mutationOptions());
  await assert.rejects(failing.mutate({ params: { id: 4041 } }), (e: unknown) => e instanceof SDKError && e.status === 404);
  const mutationError: SDKError<HttpError> | null = failing.getCurrentResult().error;
  assert.equal(mutationError?.status, 404);
});
