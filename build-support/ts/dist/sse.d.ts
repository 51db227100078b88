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
export declare class SSEParser {
    #private;
    /** The last `retry` value the server sent, in milliseconds. */
    retry: number | undefined;
    /** The last event ID in force. */
    get lastEventId(): string;
    /** Parses `chunk` (decoded text) and returns the messages it completes. */
    feed(chunk: string): SSEMessage[];
}
/**
 * Reads every message of a byte stream (UTF-8), chunk boundaries anywhere.
 * Once `signal` aborts it ends at once, without waiting for the stream.
 */
export declare function readSSE(body: ReadableStream<Uint8Array>, parser?: SSEParser, signal?: AbortSignal): AsyncGenerator<SSEMessage>;
/**
 * The `Response` of an SSE route, marked with the events it streams, so that
 * `new SSEConnection(response)` knows them without a type argument (SPEC G2).
 * The mark exists only for the type checker.
 */
export interface SSEResponse<E extends SSEEvent = SSEEvent> extends Response {
    /** Never set: it carries the event type `E`. */
    readonly "~events"?: E;
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
export declare class SSEConnection<E extends SSEEvent = SSEEvent> implements AsyncIterable<E> {
    #private;
    readonly response: Response;
    constructor(response: SSEResponse<E>, options?: SSEConnectionOptions);
    /** The last `retry` the server asked for, in milliseconds. */
    get retry(): number | undefined;
    /** The last event ID seen (send it back as `Last-Event-ID` to resume). */
    get lastEventId(): string;
    /** Stops reading and releases the connection. */
    close(): Promise<void>;
    [Symbol.asyncIterator](): AsyncGenerator<E>;
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
export type SSEOpen<E extends SSEEvent> = (headers: {
    "Last-Event-ID"?: string;
}) => Promise<{
    data: SSEResponse<E> | null;
    error: unknown;
}>;
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
export declare function reconnectSSE<E extends SSEEvent>(open: SSEOpen<E>, options?: SSEReconnectOptions): AsyncGenerator<E>;
