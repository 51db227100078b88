// Server-sent events for a generated tether client (SPEC C5). A fixed
// template with no imports: only the routes that stream pull it in.
//
// The parser follows the HTML standard's "event stream interpretation":
// lines end in CRLF, LF or CR (also when a CRLF is split across chunks), a
// leading BOM is dropped, `:` lines are comments, `data` lines are joined
// with "\n", `id` sets the last event ID (unless it holds U+0000), `retry`
// takes only ASCII digits, an event with no data is not dispatched, and an
// event not ended by a blank line when the stream ends is discarded.

/** One message as it arrives, before its data is decoded. */
export interface SSEMessage {
  /** The `event` field; `"message"` when the server sent none. */
  event: string;
  /** The `data` lines joined with "\n". */
  data: string;
  /** The last event ID in force (the standard's `lastEventId`); `""` when none. */
  id: string;
}

/** What a typed connection yields; generated clients export a union of these per SSE route. */
export interface SSEEvent {
  event: string;
  data: unknown;
  id?: string;
}

/** The incremental parser: feed it text chunks, it returns the messages they complete. */
export class SSEParser {
  #buffer = "";
  #data: string[] = [];
  #hasData = false;
  #event = "";
  #lastEventId = "";
  #pendingCR = false;
  #first = true;
  /** The last `retry` value the server sent, in milliseconds. */
  retry: number | undefined;

  /** The last event ID in force. */
  get lastEventId(): string {
    return this.#lastEventId;
  }

  /** Parses `chunk` (decoded text) and returns the messages it completes. */
  feed(chunk: string): SSEMessage[] {
    if (chunk === "") return [];
    if (this.#first) {
      this.#first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    // A CR ending the previous chunk already ended its line: skip the LF of a split CRLF.
    if (this.#pendingCR && chunk.startsWith("\n")) chunk = chunk.slice(1);
    this.#pendingCR = false;
    const out: SSEMessage[] = [];
    let text = this.#buffer + chunk;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.#line(text.slice(start, i), out);
      if (c === 13) {
        if (i + 1 === text.length) this.#pendingCR = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    text = text.slice(start);
    this.#buffer = text;
    return out;
  }

  #line(line: string, out: SSEMessage[]): void {
    if (line === "") {
      this.#dispatch(out);
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#event = value;
        break;
      case "data":
        this.#data.push(value);
        this.#hasData = true;
        break;
      case "id":
        if (!value.includes("\u0000")) this.#lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.retry = Number.parseInt(value, 10);
        break;
      default:
        break;
    }
  }

  #dispatch(out: SSEMessage[]): void {
    const hasData = this.#hasData;
    const data = this.#data.join("\n");
    const event = this.#event;
    this.#data = [];
    this.#hasData = false;
    this.#event = "";
    if (!hasData) return;
    out.push({ event: event === "" ? "message" : event, data, id: this.#lastEventId });
  }
}

/**
 * Reads every message of a byte stream (UTF-8), chunk boundaries anywhere.
 * Once `signal` aborts it ends at once, without waiting for the stream.
 */
export async function* readSSE(body: ReadableStream<Uint8Array>, parser: SSEParser = new SSEParser(), signal?: AbortSignal): AsyncGenerator<SSEMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  try {
    for (;;) {
      const { done, value } = await readUnlessAborted(reader, signal);
      if (done) break;
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
    if (signal?.aborted !== true) yield* parser.feed(decoder.decode());
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // A read still pending after an abort: the stream is dropped anyway.
    }
  }
}

/**
 * What `readUnlessAborted` resolves to: a chunk, or the end (`done`). A type
 * of its own: the end of `reader.read()` is `{ done: true; value: T |
 * undefined }` in the DOM library and `{ done: true; value?: T }` in
 * `@types/node`, so under `exactOptionalPropertyTypes` no literal of the end
 * fits both, where both readers' results fit this.
 */
type ReadResult = { done: boolean; value?: Uint8Array | undefined };
const END: ReadResult = { done: true };

/**
 * `reader.read()`, or the end of the stream as soon as `signal` aborts: a
 * fetch aborted after its body arrived can leave the read pending for ever
 * with nothing else to wait for (Node 20's undici), which would end the
 * process in the middle of an `await`.
 */
function readUnlessAborted(reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal | undefined): Promise<ReadResult> {
  if (signal === undefined) return reader.read();
  if (signal.aborted) return Promise.resolve(END);
  return new Promise((resolve, reject) => {
    const stop = () => resolve(END);
    signal.addEventListener("abort", stop, { once: true });
    reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", stop));
  });
}

/**
 * The `Response` of an SSE route, marked with the events it streams, so that
 * `new SSEConnection(response)` knows them without a type argument (SPEC G2).
 * The mark exists only for the type checker.
 */
export interface SSEResponse<E extends SSEEvent = SSEEvent> extends Response {
  /** Never set: it carries the event type `E`. */
  readonly "~events"?: E;
}

/** An error that means the stream was stopped on purpose (`signal`, `timeout`, `close`). */
function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && "name" in error && (error.name === "AbortError" || error.name === "TimeoutError");
}

export interface SSEConnectionOptions {
  /**
   * Decode `data` as JSON (the default; tether servers send JSON). Data that
   * is not valid JSON is handed over as the raw string. `false`: always the string.
   */
  json?: boolean;
  /**
   * The signal that stops the stream (the one given to the call): once it
   * aborts, iteration ends quietly, whatever the abort reason.
   */
  signal?: AbortSignal;
}

/**
 * A typed stream of events from an SSE route's `Response` (its events are
 * known from the generated method's result: no type argument needed):
 *
 * ```ts
 * const { data: response } = await client.jobs.progress({ params: { id } });
 * if (response) for await (const e of new SSEConnection(response)) {
 *   if (e.event === "done") console.log(e.data);
 * }
 * ```
 */
export class SSEConnection<E extends SSEEvent = SSEEvent> implements AsyncIterable<E> {
  readonly response: Response;
  readonly #parser = new SSEParser();
  readonly #json: boolean;
  readonly #signal: AbortSignal | undefined;
  #started = false;

  constructor(response: SSEResponse<E>, options: SSEConnectionOptions = {}) {
    this.response = response;
    this.#json = options.json ?? true;
    this.#signal = options.signal;
  }

  /** The last `retry` the server asked for, in milliseconds. */
  get retry(): number | undefined {
    return this.#parser.retry;
  }

  /** The last event ID seen (send it back as `Last-Event-ID` to resume). */
  get lastEventId(): string {
    return this.#parser.lastEventId;
  }

  /** Stops reading and releases the connection. */
  async close(): Promise<void> {
    if (!this.#started) await this.response.body?.cancel();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<E> {
    const body = this.response.body;
    if (this.#started) throw new Error("SSEConnection can be iterated only once");
    this.#started = true;
    if (!body) return;
    const iterator = readSSE(body, this.#parser, this.#signal);
    try {
      for await (const message of iterator) yield this.#decode(message);
    } catch (error) {
      // Aborting a stream is how a caller stops it: the loop ends, it does not throw.
      if (!(isAbort(error) || this.#signal?.aborted === true)) throw error;
    } finally {
      const cancelled = body.cancel().catch(() => undefined);
      // After an abort the stream may never settle: do not wait for it.
      if (this.#signal?.aborted !== true) await cancelled;
    }
  }

  #decode(message: SSEMessage): E {
    let data: unknown = message.data;
    if (this.#json) {
      try {
        data = JSON.parse(message.data) as unknown;
      } catch {
        data = message.data;
      }
    }
    const item: SSEEvent = { event: message.event, data };
    if (message.id !== "") item.id = message.id;
    return item as E;
  }
}

/** How `reconnectSSE` retries a dropped stream. */
export interface SSEReconnectOptions extends SSEConnectionOptions {
  /** The ID to resume after, sent as `Last-Event-ID` on the first call too. */
  lastEventId?: string;
  /** The wait before the first reconnect, in milliseconds, until the server sends `retry:` (default 1000). */
  retry?: number;
  /** The longest wait between attempts, in milliseconds (default 30000). */
  maxDelay?: number;
  /** Failed attempts in a row before the last error is thrown (default: no limit). */
  maxAttempts?: number;
}

/** What `reconnectSSE` calls to open the stream: a generated SSE method with its headers. */
export type SSEOpen<E extends SSEEvent> = (headers: { "Last-Event-ID"?: string }) => Promise<{ data: SSEResponse<E> | null; error: unknown }>;

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * The events of an SSE route across dropped connections (SPEC G3): when the
 * stream ends or breaks, it calls `open` again with `Last-Event-ID` set to
 * the last event's `id`, after the server's `retry:` (else `options.retry`),
 * doubled after each failed attempt up to `maxDelay`, with jitter. A server
 * that resumes after that ID loses and repeats nothing. It stops when
 * `signal` aborts or the loop breaks; an HTTP error answer (4xx, 5xx) or 204
 * ends it too (the error is thrown, 204 just ends), as in the HTML standard.
 *
 * ```ts
 * const stop = new AbortController();
 * for await (const e of reconnectSSE((headers) => client.live.events({ headers, signal: stop.signal }), { signal: stop.signal })) {
 *   if (e.event === "closed") stop.abort();
 * }
 * ```
 */
export async function* reconnectSSE<E extends SSEEvent>(open: SSEOpen<E>, options: SSEReconnectOptions = {}): AsyncGenerator<E> {
  const signal = options.signal;
  let lastEventId = options.lastEventId ?? "";
  let base = options.retry ?? 1000;
  const maxDelay = options.maxDelay ?? 30_000;
  let failures = 0;
  const stopped = (): boolean => signal?.aborted === true;
  while (!stopped()) {
    let failure: unknown = undefined;
    const result = await open(lastEventId === "" ? {} : { "Last-Event-ID": lastEventId }).catch((error: unknown) => ({ data: null, error }));
    const response = result.data;
    if (response !== null && response.status === 204) return;
    if (response === null) {
      const error = result.error as { kind?: string } | null;
      if (stopped()) return;
      if (error?.kind === "http") throw error;
      failure = error;
    } else {
      const connection = new SSEConnection<E>(response, options);
      try {
        for await (const event of connection) {
          failures = 0;
          yield event;
        }
      } catch (error) {
        failure = error;
      } finally {
        if (connection.lastEventId !== "") lastEventId = connection.lastEventId;
        if (connection.retry !== undefined) base = connection.retry;
      }
    }
    if (stopped()) return;
    if (failure !== undefined) failures += 1;
    if (options.maxAttempts !== undefined && failures >= options.maxAttempts) throw failure;
    const delay = Math.min(maxDelay, base * 2 ** failures);
    await sleep(delay / 2 + Math.random() * (delay / 2), signal);
  }
}
