// SPEC G3: SSE that survives a dropped connection. A TCP proxy between the
// generated newsroom client and the real server (NEWSROOM_URL, started by
// tests/tests/integration/e2e_sdk.rs) cuts the first connection in the middle of the
// third event; `reconnectSSE` reconnects with Last-Event-ID after the server's
// `retry:`, and the server resumes after that id: no event lost or repeated.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as net from "node:net";
import { createClient, reconnectSSE } from "../../examples/newsroom/sdk/index.js";
import type { LiveEventsEvent } from "../../examples/newsroom/sdk/index.js";

const baseUrl = process.env["NEWSROOM_URL"];
if (!baseUrl) throw new Error("NEWSROOM_URL is not set: run through `cargo test -p tether-tests --test integration -- e2e_sdk::`");
const upstream = new URL(baseUrl);

/** Forwards to the server; the first answer is cut 10 bytes into the event after the one with id 2. */
function cuttingProxy(): Promise<{ url: string; requests: string[]; close: () => void }> {
  const requests: string[] = [];
  const server = net.createServer((client) => {
    const index = requests.push("") - 1;
    const target = net.connect(Number(upstream.port), upstream.hostname);
    let seen = "";
    client.on("data", (chunk: Buffer) => {
      requests[index] += chunk.toString("latin1");
      target.write(chunk);
    });
    target.on("data", (chunk: Buffer) => {
      const before = seen.length;
      seen += chunk.toString("latin1");
      const second = seen.search(/\nid: ?2\n/);
      const end = second < 0 ? -1 : seen.indexOf("\n\n", second);
      if (index === 0 && end >= 0 && seen.length > end + 12) {
        client.write(chunk.subarray(0, end + 12 - before));
        client.destroy();
        target.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      target.destroy();
    };
    client.on("error", end);
    target.on("error", end);
    client.on("close", end);
    target.on("close", end);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => server.close() });
    });
  });
}

async function collect(client: ReturnType<typeof createClient>): Promise<LiveEventsEvent[]> {
  const stop = new AbortController();
  const events: LiveEventsEvent[] = [];
  const stream = reconnectSSE((headers) => client.live.events({ query: { gap_ms: 20 }, headers, signal: stop.signal }), {
    signal: stop.signal,
    retry: 5000,
    maxAttempts: 5,
  });
  for await (const event of stream) {
    events.push(event);
    if (event.event === "closed") stop.abort();
  }
  return events;
}

test("g3: a stream cut halfway resumes from Last-Event-ID with nothing lost or repeated", async () => {
  const full = await collect(createClient({ baseUrl }));
  const ids = full.map((e) => e.id);
  assert.ok(full.length >= 3, `the feed has events: ${JSON.stringify(ids)}`);
  assert.deepEqual(ids, full.map((_, i) => String(i + 1)));

  const proxy = await cuttingProxy();
  try {
    const started = Date.now();
    const resumed = await collect(createClient({ baseUrl: proxy.url }));
    assert.deepEqual(resumed, full, "every event once, in order");
    assert.ok(proxy.requests.length >= 2, "the client reconnected");
    const first = proxy.requests[0] ?? "";
    const second = proxy.requests[1] ?? "";
    assert.doesNotMatch(first, /last-event-id/i);
    const sent = /last-event-id: *(\d+)/i.exec(second)?.[1];
    assert.equal(sent, "2", `resumed after the last whole event: ${second}`);
    // The server's `retry:` (20 ms) replaced the 5 s default of the options.
    assert.ok(Date.now() - started < 4000, "reconnected after the server's retry, not the 5 s default");
  } finally {
    proxy.close();
  }
});
