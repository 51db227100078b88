// End to end (SPEC C2–C6, G1): the generated newsroom client (HEADER
// versioning: one client grouped by version, `client.v1`, `client.v2`)
// against the real newsroom server, started by tests/tests/integration/e2e_sdk.rs with
// its address in NEWSROOM_URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as sdk from "../../examples/newsroom/sdk/index.js";

const baseUrl = process.env["NEWSROOM_URL"];
if (!baseUrl) throw new Error("NEWSROOM_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");

test("c6: header versioning sends X-API-Version itself; each version group gets its shape", async () => {
  const sent: (string | null)[] = [];
  const fetcher = (url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers).get("x-api-version"));
    return fetch(url, init);
  };
  const client = sdk.createClient({ baseUrl, fetcher });
  const one = await client.v1.articles.findOne({ params: { slug: "rust-2026" } });
  assert.equal(one.data?.body, "It compiles.\n\nIt is fast.");
  const two = await client.v2.articles.findOne({ params: { slug: "rust-2026" } });
  assert.deepEqual(two.data?.paragraphs, ["It compiles.", "It is fast."]);
  // A route only version 1 has is reachable from the same client.
  const all = await client.v1.articles.findAll();
  assert.ok(all.data?.some((a) => a.slug === "rust-2026"));
  // Unversioned routes send no version header.
  await client.live.slow({ query: { ms: 1 } });
  assert.deepEqual(sent, ["1", "2", "1", null]);
});

test("g1: errors of every version are the one SDKError class", async () => {
  const client = sdk.createClient({ baseUrl });
  const one = await client.v1.articles.findOne({ params: { slug: "no-such-article" } });
  const two = await client.v2.articles.findOne({ params: { slug: "no-such-article" } });
  assert.equal(one.error?.status, 404);
  assert.equal(two.error?.status, 404);
  assert.ok(one.error instanceof sdk.SDKError);
  assert.ok(two.error instanceof sdk.SDKError);
  assert.equal(one.error.constructor, two.error.constructor);
  const throwing = sdk.createClient({ baseUrl, throwOnError: true });
  for (const call of [
    () => throwing.v1.articles.findOne({ params: { slug: "no-such-article" } }),
    () => throwing.v2.articles.findOne({ params: { slug: "no-such-article" } }),
  ]) {
    await assert.rejects(call, (e: unknown) => e instanceof sdk.SDKError && e.status === 404);
  }
});

test("c3: create and list through the client's v1 group; conflicts are errors", async () => {
  const client = sdk.createClient({ baseUrl });
  const created = await client.v1.articles.create({ body: { title: "Hello, World", body: "First." } });
  assert.equal(created.response?.status, 201);
  assert.equal(created.data?.slug, "hello-world");
  const again = await client.v1.articles.create({ body: { title: "Hello, World", body: "Twice." } });
  assert.equal(again.error?.status, 409);
  assert.equal(again.error?.message, "article `hello-world` exists");
  const all = await client.v1.articles.findAll();
  assert.ok(all.data?.some((a) => a.slug === "hello-world"));
});

test("c5: SSE events arrive typed and in order", async () => {
  const client = sdk.createClient({ baseUrl });
  const { data: response, error } = await client.live.events({ query: { gap_ms: 5 } });
  assert.equal(error, null);
  assert.ok(response);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const names: string[] = [];
  for await (const e of new sdk.SSEConnection<sdk.LiveEventsEvent>(response)) {
    names.push(e.event);
    if (e.event === "published") assert.equal(typeof e.data.title, "string");
    if (e.event === "retitled") assert.equal(e.data.title, "Updated: the story so far");
    if (e.event === "closed") {
      assert.equal(e.data, null);
      break;
    }
  }
  assert.deepEqual(names.slice(-2), ["retitled", "closed"]);
  assert.ok(names.filter((n) => n === "published").length >= 2);
});

test("c6: the timeout covers the response head, never a running SSE stream", async () => {
  const client = sdk.createClient({ baseUrl, timeout: 150 });
  const { data: response } = await client.live.events({ query: { gap_ms: 120 } });
  assert.ok(response);
  let count = 0;
  const started = Date.now();
  for await (const e of new sdk.SSEConnection<sdk.LiveEventsEvent>(response)) {
    count++;
    if (e.event === "closed") break;
  }
  assert.ok(Date.now() - started > 150, "the stream outlived the timeout");
  assert.ok(count >= 3);
});

test("c6: a timeout against a slow route is a timeout error", async () => {
  const client = sdk.createClient({ baseUrl, timeout: 100 });
  const slow = await client.live.slow({ query: { ms: 2_000 } });
  assert.equal(slow.data, null);
  assert.equal(slow.error?.kind, "timeout");
  assert.equal(slow.error?.status, 0);
  const fast = await client.live.slow({ query: { ms: 1 } });
  assert.deepEqual(fast.data, { slept_ms: 1 });
});

test("c5: a multipart upload round-trips byte for byte", async () => {
  const client = sdk.createClient({ baseUrl });
  const binary = new Uint8Array(256).map((_, i) => i);
  const text = new TextEncoder().encode("second file\r\n--not a boundary\r\n");
  const photos = [
    new File([binary], "all-bytes.bin", { type: "application/octet-stream" }),
    new File([text], "notes.txt", { type: "text/plain" }),
  ];
  const receipt = await client.uploads.upload({ body: { caption: "Two files", credit: "AP", photos } });
  assert.equal(receipt.error, null);
  assert.equal(receipt.data?.caption, "Two files");
  assert.equal(receipt.data?.credit, "AP");
  const files = receipt.data?.files ?? [];
  assert.equal(files.length, 2);
  assert.equal(files[0]?.file_name, "all-bytes.bin");
  assert.deepEqual(files[0]?.bytes, Array.from(binary));
  assert.equal(files[1]?.content_type, "text/plain");
  assert.deepEqual(files[1]?.bytes, Array.from(text));
  const form = sdk.buildFormData({ caption: "built", photos: [new File([binary], "x.bin")] });
  const built = await client.uploads.upload({ body: form });
  assert.equal(built.data?.files[0]?.bytes.length, 256);
});
