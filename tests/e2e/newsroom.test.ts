// End to end (SPEC C2–C6): the generated newsroom clients (one per version,
// HEADER versioning) against the real newsroom server, started by
// tests/tests/e2e_sdk.rs with its address in NEWSROOM_URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as v1 from "../../examples/newsroom/sdk/v1/index.js";
import * as v2 from "../../examples/newsroom/sdk/v2/index.js";

const baseUrl = process.env["NEWSROOM_URL"];
if (!baseUrl) throw new Error("NEWSROOM_URL is not set: run through `cargo test --test e2e_sdk`");

test("c6: header versioning sends X-API-Version itself; each version's client gets its shape", async () => {
  const sent: (string | null)[] = [];
  const fetcher = (url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers).get("x-api-version"));
    return fetch(url, init);
  };
  const one = await v1.createClient({ baseUrl, fetcher }).articles.findOne({ params: { slug: "rust-2026" } });
  assert.equal(one.data?.body, "It compiles.\n\nIt is fast.");
  const two = await v2.createClient({ baseUrl, fetcher }).articles.findOne({ params: { slug: "rust-2026" } });
  assert.deepEqual(two.data?.paragraphs, ["It compiles.", "It is fast."]);
  assert.deepEqual(sent, ["1", "2"]);
});

test("c3: create and list through the v1 client; conflicts are errors", async () => {
  const client = v1.createClient({ baseUrl });
  const created = await client.articles.create({ body: { title: "Hello, World", body: "First." } });
  assert.equal(created.response?.status, 201);
  assert.equal(created.data?.slug, "hello-world");
  const again = await client.articles.create({ body: { title: "Hello, World", body: "Twice." } });
  assert.equal(again.error?.status, 409);
  assert.equal(again.error?.message, "article `hello-world` exists");
  const all = await client.articles.findAll();
  assert.ok(all.data?.some((a) => a.slug === "hello-world"));
});

test("c5: SSE events arrive typed and in order", async () => {
  const client = v1.createClient({ baseUrl });
  const { data: response, error } = await client.live.events({ query: { gap_ms: 5 } });
  assert.equal(error, null);
  assert.ok(response);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const names: string[] = [];
  for await (const e of new v1.SSEConnection<v1.LiveEventsEvent>(response)) {
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
  const client = v1.createClient({ baseUrl, timeout: 150 });
  const { data: response } = await client.live.events({ query: { gap_ms: 120 } });
  assert.ok(response);
  let count = 0;
  const started = Date.now();
  for await (const e of new v1.SSEConnection<v1.LiveEventsEvent>(response)) {
    count++;
    if (e.event === "closed") break;
  }
  assert.ok(Date.now() - started > 150, "the stream outlived the timeout");
  assert.ok(count >= 3);
});

test("c6: a timeout against a slow route is a timeout error", async () => {
  const client = v1.createClient({ baseUrl, timeout: 100 });
  const slow = await client.live.slow({ query: { ms: 2_000 } });
  assert.equal(slow.data, null);
  assert.equal(slow.error?.kind, "timeout");
  assert.equal(slow.error?.status, 0);
  const fast = await client.live.slow({ query: { ms: 1 } });
  assert.deepEqual(fast.data, { slept_ms: 1 });
});

test("c5: a multipart upload round-trips byte for byte", async () => {
  const client = v2.createClient({ baseUrl });
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
  const form = v2.buildFormData({ caption: "built", photos: [new File([binary], "x.bin")] });
  const built = await client.uploads.upload({ body: form });
  assert.equal(built.data?.files[0]?.bytes.length, 256);
});
