// SPEC C5: the SSE parser against the HTML standard's event-stream rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SSEConnection, SSEParser, type SSEMessage } from "../sse.js";

function parse(chunks: string[]): { messages: SSEMessage[]; parser: SSEParser } {
  const parser = new SSEParser();
  const messages = chunks.flatMap((c) => parser.feed(c));
  return { messages, parser };
}

const all = (text: string) => parse([text]).messages;

test("C5 multi-line data is joined with LF", () => {
  assert.deepEqual(all("data: YHOO\ndata: +2\ndata: 10\n\n"), [{ event: "message", data: "YHOO\n+2\n10", id: "" }]);
});

test("C5 the standard's example stream: comments, id, id reset, one leading space removed", () => {
  const stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n";
  assert.deepEqual(all(stream), [
    { event: "message", data: "first event", id: "1" },
    { event: "message", data: "second event", id: "" },
    { event: "message", data: " third event", id: "" },
  ]);
});

test("C5 empty data lines dispatch; an event with no data field does not; an unterminated event is dropped", () => {
  assert.deepEqual(all("data\n\ndata\ndata\n\ndata:"), [
    { event: "message", data: "", id: "" },
    { event: "message", data: "\n", id: "" },
  ]);
  assert.deepEqual(all("event: lonely\n\nid: 5\n\n"), []);
  assert.deepEqual(all("data: never finished"), []);
});

test("C5 only one space after the colon is removed", () => {
  assert.deepEqual(
    all("data:test\n\ndata: test\n\ndata:  test\n\n").map((m) => m.data),
    ["test", "test", " test"],
  );
});

test("C5 CRLF, LF and CR all end lines, mixed in one stream", () => {
  assert.deepEqual(
    all("data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\ndata: e\n\r\n").map((m) => m.data),
    ["a", "b", "c", "d\ne"],
  );
});

test("C5 events split across chunks at every position parse the same", () => {
  const stream = "event: created\r\nid: 42\r\ndata: {\"a\":1}\r\ndata: x\r\n\r\n: comment\rretry: 1500\revent: done\rdata\r\r";
  const whole = parse([stream]);
  for (let i = 0; i <= stream.length; i++) {
    const split = parse([stream.slice(0, i), stream.slice(i)]);
    assert.deepEqual(split.messages, whole.messages, `split at ${i}`);
    assert.equal(split.parser.retry, 1500);
  }
  const byChar = parse([...stream]);
  assert.deepEqual(byChar.messages, whole.messages);
  assert.deepEqual(whole.messages, [
    { event: "created", data: "{\"a\":1}\nx", id: "42" },
    { event: "done", data: "", id: "42" },
  ]);
});

test("C5 a CR at the end of a chunk and an LF at the start of the next are one line break", () => {
  assert.deepEqual(parse(["data: a\r", "\n", "\r", "\ndata: b\n\n"]).messages.map((m) => m.data), ["a", "b"]);
});

test("C5 the event type resets after each dispatch and defaults to message", () => {
  assert.deepEqual(
    all("event: add\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\n").map((m) => m.event),
    ["add", "message", "message"],
  );
});

test("C5 retry takes ASCII digits only; ids with NUL are ignored; unknown fields are ignored", () => {
  const { messages, parser } = parse(["retry: 10a\n", "retry: 300\n", "retry: -5\n", "id: a\u0000b\n", "foo: bar\n", "data: x\n\n"]);
  assert.equal(parser.retry, 300);
  assert.deepEqual(messages, [{ event: "message", data: "x", id: "" }]);
});

test("C5 the last event ID carries over to later events until changed", () => {
  assert.deepEqual(all("id: 7\ndata: a\n\ndata: b\n\nid: 8\ndata: c\n\n").map((m) => m.id), ["7", "7", "8"]);
});

test("C5 a leading BOM is dropped, once; a field name is case-sensitive", () => {
  assert.deepEqual(all("\uFEFFdata: a\n\n\uFEFFdata: b\n\nDATA: c\n\n").map((m) => m.data), ["a"]);
});

function streamOf(chunks: Uint8Array[], delayMs = 0): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const chunk = chunks[i++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

test("C5 SSEConnection decodes UTF-8 split inside a character and yields typed JSON events", async () => {
  const bytes = new TextEncoder().encode('event: greet\nid: 1\ndata: {"text":"héllo ☃"}\n\nevent: plain\ndata: not json\n\n');
  const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
  type Events = { event: "greet"; data: { text: string }; id?: string } | { event: "plain"; data: string; id?: string };
  const connection = new SSEConnection<Events>(new Response(streamOf(chunks)));
  const seen: Events[] = [];
  for await (const e of connection) seen.push(e);
  assert.deepEqual(seen, [
    { event: "greet", data: { text: "héllo ☃" }, id: "1" },
    { event: "plain", data: "not json", id: "1" },
  ]);
  assert.equal(connection.lastEventId, "1");
});

test("C5 SSEConnection with json: false hands over raw strings; breaking out cancels the stream", async () => {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("data: 1\n\ndata: 2\n\n"));
    },
    cancel() {
      cancelled = true;
    },
  });
  for await (const e of new SSEConnection(new Response(body), { json: false })) {
    assert.equal(e.data, "1");
    break;
  }
  assert.equal(cancelled, true);
});

/** A real server that sends one event, then keeps the stream open. */
async function endlessStream(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: 1\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test("G3/C3 aborting a running stream ends the for-await loop quietly, with or without a reason", async () => {
  const { url, server } = await endlessStream();
  try {
    for (const reason of [undefined, new Error("user left the page")]) {
      const abort = new AbortController();
      const response = await fetch(url, { signal: abort.signal });
      const seen: unknown[] = [];
      // Without a reason the stream fails with an AbortError; with one, the connection needs the signal.
      const options = reason === undefined ? {} : { signal: abort.signal };
      for await (const e of new SSEConnection(response, options)) {
        seen.push(e.data);
        abort.abort(reason);
      }
      assert.deepEqual(seen, [1]);
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test("G3 an abort ends the loop at once even when the stream never settles", async () => {
  // What Node 20's undici can leave behind a fetch aborted after its body
  // arrived: a read that never settles, and nothing else for the process to
  // wait for (without the abort race, node ends the test mid-await).
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("data: 1\n\n"));
    },
    pull: () => new Promise<void>(() => undefined),
  });
  const abort = new AbortController();
  const seen: unknown[] = [];
  for await (const e of new SSEConnection(new Response(body), { signal: abort.signal })) {
    seen.push(e.data);
    abort.abort();
  }
  assert.deepEqual(seen, [1]);
});

test("C5 a stream that fails for another reason still throws", async () => {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("data: 1\n\n"));
      c.error(new TypeError("connection reset"));
    },
  });
  await assert.rejects(async () => {
    for await (const e of new SSEConnection(new Response(body))) void e;
  }, /connection reset/);
});
