// Server-sent events for a generated tether client (SPEC C5). A fixed
// template with no imports: only the routes that stream pull it in.
//
// The parser follows the HTML standard's "event stream interpretation":
// lines end in CRLF, LF or CR (also when a CRLF is split across chunks), a
// leading BOM is dropped, `:` lines are comments, `data` lines are joined
// with "\n", `id` sets the last event ID (unless it holds U+0000), `retry`
// takes only ASCII digits, an event with no data is not dispatched, and an
// event not ended by a blank line when the stream ends is discarded.
/** The incremental parser: feed it text chunks, it returns the messages they complete. */
export class SSEParser {
    #buffer = "";
    #data = [];
    #hasData = false;
    #event = "";
    #lastEventId = "";
    #pendingCR = false;
    #first = true;
    /** The last `retry` value the server sent, in milliseconds. */
    retry;
    /** The last event ID in force. */
    get lastEventId() {
        return this.#lastEventId;
    }
    /** Parses `chunk` (decoded text) and returns the messages it completes. */
    feed(chunk) {
        if (chunk === "")
            return [];
        if (this.#first) {
            this.#first = false;
            if (chunk.charCodeAt(0) === 0xfeff)
                chunk = chunk.slice(1);
        }
        // A CR ending the previous chunk already ended its line: skip the LF of a split CRLF.
        if (this.#pendingCR && chunk.startsWith("\n"))
            chunk = chunk.slice(1);
        this.#pendingCR = false;
        const out = [];
        let text = this.#buffer + chunk;
        let start = 0;
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c !== 10 && c !== 13)
                continue;
            this.#line(text.slice(start, i), out);
            if (c === 13) {
                if (i + 1 === text.length)
                    this.#pendingCR = true;
                else if (text.charCodeAt(i + 1) === 10)
                    i++;
            }
            start = i + 1;
        }
        text = text.slice(start);
        this.#buffer = text;
        return out;
    }
    #line(line, out) {
        if (line === "") {
            this.#dispatch(out);
            return;
        }
        if (line.startsWith(":"))
            return;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" "))
            value = value.slice(1);
        switch (field) {
            case "event":
                this.#event = value;
                break;
            case "data":
                this.#data.push(value);
                this.#hasData = true;
                break;
            case "id":
                if (!value.includes("\u0000"))
                    this.#lastEventId = value;
                break;
            case "retry":
                if (/^[0-9]+$/.test(value))
                    this.retry = Number.parseInt(value, 10);
                break;
            default:
                break;
        }
    }
    #dispatch(out) {
        const hasData = this.#hasData;
        const data = this.#data.join("\n");
        const event = this.#event;
        this.#data = [];
        this.#hasData = false;
        this.#event = "";
        if (!hasData)
            return;
        out.push({ event: event === "" ? "message" : event, data, id: this.#lastEventId });
    }
}
/**
 * Reads every message of a byte stream (UTF-8), chunk boundaries anywhere.
 * Once `signal` aborts it ends at once, without waiting for the stream.
 */
export async function* readSSE(body, parser = new SSEParser(), signal) {
    const reader = body.getReader();
    const decoder = new TextDecoder("utf-8");
    try {
        for (;;) {
            const { done, value } = await readUnlessAborted(reader, signal);
            if (done)
                break;
            yield* parser.feed(decoder.decode(value, { stream: true }));
        }
        if (signal?.aborted !== true)
            yield* parser.feed(decoder.decode());
    }
    finally {
        try {
            reader.releaseLock();
        }
        catch {
            // A read still pending after an abort: the stream is dropped anyway.
        }
    }
}
const END = { done: true };
/**
 * `reader.read()`, or the end of the stream as soon as `signal` aborts: a
 * fetch aborted after its body arrived can leave the read pending for ever
 * with nothing else to wait for (Node 20's undici), which would end the
 * process in the middle of an `await`.
 */
function readUnlessAborted(reader, signal) {
    if (signal === undefined)
        return reader.read();
    if (signal.aborted)
        return Promise.resolve(END);
    return new Promise((resolve, reject) => {
        const stop = () => resolve(END);
        signal.addEventListener("abort", stop, { once: true });
        reader
            .read()
            .then(resolve, reject)
            .finally(() => signal.removeEventListener("abort", stop));
    });
}
/** An error that means the stream was stopped on purpose (`signal`, `timeout`, `close`). */
function isAbort(error) {
    return typeof error === "object" && error !== null && "name" in error && (error.name === "AbortError" || error.name === "TimeoutError");
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
export class SSEConnection {
    response;
    #parser = new SSEParser();
    #json;
    #signal;
    #started = false;
    constructor(response, options = {}) {
        this.response = response;
        this.#json = options.json ?? true;
        this.#signal = options.signal;
    }
    /** The last `retry` the server asked for, in milliseconds. */
    get retry() {
        return this.#parser.retry;
    }
    /** The last event ID seen (send it back as `Last-Event-ID` to resume). */
    get lastEventId() {
        return this.#parser.lastEventId;
    }
    /** Stops reading and releases the connection. */
    async close() {
        if (!this.#started)
            await this.response.body?.cancel();
    }
    async *[Symbol.asyncIterator]() {
        const body = this.response.body;
        if (this.#started)
            throw new Error("SSEConnection can be iterated only once");
        this.#started = true;
        if (!body)
            return;
        const iterator = readSSE(body, this.#parser, this.#signal);
        try {
            for await (const message of iterator)
                yield this.#decode(message);
        }
        catch (error) {
            // Aborting a stream is how a caller stops it: the loop ends, it does not throw.
            if (!(isAbort(error) || this.#signal?.aborted === true))
                throw error;
        }
        finally {
            const cancelled = body.cancel().catch(() => undefined);
            // After an abort the stream may never settle: do not wait for it.
            if (this.#signal?.aborted !== true)
                await cancelled;
        }
    }
    #decode(message) {
        let data = message.data;
        if (this.#json) {
            try {
                data = JSON.parse(message.data);
            }
            catch {
                data = message.data;
            }
        }
        const item = { event: message.event, data };
        if (message.id !== "")
            item.id = message.id;
        return item;
    }
}
/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms, signal) {
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
export async function* reconnectSSE(open, options = {}) {
    const signal = options.signal;
    let lastEventId = options.lastEventId ?? "";
    let base = options.retry ?? 1000;
    const maxDelay = options.maxDelay ?? 30_000;
    let failures = 0;
    const stopped = () => signal?.aborted === true;
    while (!stopped()) {
        let failure = undefined;
        const result = await open(lastEventId === "" ? {} : { "Last-Event-ID": lastEventId }).catch((error) => ({ data: null, error }));
        const response = result.data;
        if (response !== null && response.status === 204)
            return;
        if (response === null) {
            const error = result.error;
            if (stopped())
                return;
            if (error?.kind === "http")
                throw error;
            failure = error;
        }
        else {
            const connection = new SSEConnection(response, options);
            try {
                for await (const event of connection) {
                    failures = 0;
                    yield event;
                }
            }
            catch (error) {
                failure = error;
            }
            finally {
                if (connection.lastEventId !== "")
                    lastEventId = connection.lastEventId;
                if (connection.retry !== undefined)
                    base = connection.retry;
            }
        }
        if (stopped())
            return;
        if (failure !== undefined)
            failures += 1;
        if (options.maxAttempts !== undefined && failures >= options.maxAttempts)
            throw failure;
        const delay = Math.min(maxDelay, base * 2 ** failures);
        await sleep(delay / 2 + Math.random() * (delay / 2), signal);
    }
}
