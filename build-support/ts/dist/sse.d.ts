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
/** Reads every message of a byte stream (UTF-8), chunk boundaries anywhere. */
export declare function readSSE(body: ReadableStream<Uint8Array>, parser?: SSEParser): AsyncGenerator<SSEMessage>;
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
