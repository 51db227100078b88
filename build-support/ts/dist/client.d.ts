/** Headers given as a plain object; `undefined` values are left out. */
export type HeaderValues = Record<string, string | number | boolean | undefined>;
/** What the hooks see about the call in flight. */
export interface RequestContext {
    /** The full URL, with the path parameters and the query string applied. */
    readonly url: string;
    /** The request as it was sent (after `onRequest`). */
    readonly init: RequestInit;
    /** The operation being called. */
    readonly operation: OperationSpec;
    /** The response, when one arrived. */
    readonly response?: Response;
}
/** Settings passed to `createClient` (SPEC C2). */
export interface ClientConfig {
    /** Prepended to every path, e.g. `https://api.example.com`. Default: `""` (same origin). */
    baseUrl?: string;
    /** Headers sent with every call: an object, or a (possibly async) function returning one, e.g. for credentials. */
    headers?: HeaderValues | (() => HeaderValues | Promise<HeaderValues>);
    /**
     * Whether the browser sends cookies and HTTP authentication with the call
     * (`fetch`'s `credentials`): `"include"` for a cross-origin API that reads
     * cookies. Default: the `fetch` default, `"same-origin"`.
     */
    credentials?: RequestCredentials;
    /** Replaces the global `fetch`. */
    fetcher?: (url: string, init: RequestInit) => Promise<Response>;
    /**
     * Milliseconds to wait for the response head. The body of a streamed
     * (SSE) response is never cut by it. Default: no timeout.
     */
    timeout?: number;
    /** Throw the `SDKError` instead of returning `{ error }`; the result is then typed as a success. */
    throwOnError?: boolean;
    /** Called before every request; may return a replacement `RequestInit`. */
    onRequest?: (url: string, init: RequestInit) => RequestInit | void | Promise<RequestInit | void>;
    /** Called on every response, successful or not; may return a replacement `Response`. */
    onResponse?: (response: Response, context: RequestContext) => Response | void | Promise<Response | void>;
    /**
     * Called on every failure (HTTP error, network failure, abort, timeout:
     * tell them apart by `error.kind`); may return a replacement `SDKError`.
     */
    onError?: (error: SDKError, context: RequestContext) => SDKError | void | Promise<SDKError | void>;
    /**
     * More hooks of each kind, run in order after `onRequest`, `onResponse`
     * and `onError`; each sees what the previous one returned.
     */
    interceptors?: {
        request?: ReadonlyArray<NonNullable<ClientConfig["onRequest"]>>;
        response?: ReadonlyArray<NonNullable<ClientConfig["onResponse"]>>;
        error?: ReadonlyArray<NonNullable<ClientConfig["onError"]>>;
    };
    /** Retries of idempotent calls (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`). Default: none. */
    retry?: RetryConfig;
    /**
     * Checks request bodies before they are sent and JSON success bodies once
     * they arrive; a problem is an `SDKError` of kind `validation`. The
     * generated `zod.ts` (`zod = true`) makes one: `zodValidator({ request: true, response: true })`.
     */
    validator?: Validator;
    /**
     * Credentials by security scheme of the document (SPEC E4), each a value or
     * a (possibly async) function returning one, asked on every call that
     * needs it. An operation gets the credential of the first of its schemes
     * that has one, and only operations that require a scheme get any. The
     * generated `createClient` types this as `Auth`, one key per scheme.
     */
    auth?: AuthConfig;
}
/** A credential, or a (possibly async) function returning one; `undefined` sends none. */
export type AuthCredential<T = string> = T | undefined | (() => T | undefined | Promise<T | undefined>);
/** What an `http` `basic` scheme sends, as `Authorization: Basic base64(username:password)`. */
export interface BasicCredentials {
    username: string;
    password: string;
}
/** Credentials by scheme name. */
export type AuthConfig = Readonly<Record<string, AuthCredential<string | BasicCredentials>>>;
/**
 * How a scheme's credential is sent, from `components.securitySchemes`:
 * `bearer` (http bearer, oauth2, openIdConnect) as `Authorization: Bearer`,
 * `basic` as `Authorization: Basic`, `apiKey` in the header, query
 * parameter or cookie `name`.
 */
export interface SecuritySchemeSpec {
    readonly type: "bearer" | "basic" | "apiKey";
    readonly in?: "header" | "query" | "cookie";
    readonly name?: string;
}
/**
 * Checks of the data a call sends and receives (SPEC G3). `operation` is the
 * operation's `operationId`, else `METHOD /path`; each method returns the
 * problems found, one message each, or nothing when the data is valid.
 */
export interface Validator {
    request?(operation: string, body: unknown): readonly string[] | undefined;
    response?(operation: string, status: number, data: unknown): readonly string[] | undefined;
}
/** How failed idempotent calls are tried again (SPEC G3). */
export interface RetryConfig {
    /** Tries in all, the first included. Default: 3. */
    attempts?: number;
    /** Statuses worth another try. Default: 408, 429, 500, 502, 503, 504 (and any network failure). */
    statuses?: readonly number[];
    /** The first backoff in ms, doubled on each try, with full jitter. Default: 200. */
    baseDelay?: number;
    /** The longest wait in ms; a `Retry-After` asking for more ends the retries. Default: 30 000. */
    maxDelay?: number;
}
/**
 * Why a call failed: `http` is a non-2xx response; the others are failures
 * before a response arrived, never confused with HTTP errors (SPEC C6).
 * `parse` is a 2xx response whose body is not the JSON the document promised;
 * `validation` is data that fails the client's `validator` (a request body,
 * then not sent, with status 0; or a 2xx body, with its status).
 */
export type SDKErrorKind = "http" | "network" | "abort" | "timeout" | "parse" | "validation";
/** A failed call. `status` is 0 when no response arrived. */
export declare class SDKError<TBody = unknown> extends Error {
    readonly name = "SDKError";
    readonly kind: SDKErrorKind;
    readonly status: number;
    /** The decoded error body (JSON when it parses, else text); absent when no response arrived. */
    readonly body?: TBody;
    readonly response?: Response;
    constructor(init: {
        kind: SDKErrorKind;
        status: number;
        message: string;
        body?: TBody;
        response?: Response;
        cause?: unknown;
    });
}
/** A successful call. */
export interface SDKSuccess<T> {
    data: T;
    error: null;
    response: Response;
}
/** A failed call; `response` is absent for network failures, aborts and timeouts. */
export interface SDKFailure<E = unknown> {
    data: null;
    error: SDKError<E>;
    response: Response | undefined;
}
/** The result of every generated method (SPEC C3). */
export type SDKResult<T, E = unknown> = SDKSuccess<T> | SDKFailure<E>;
/** With `throwOnError: true` a call either succeeds or throws. */
export type SDKOutcome<T, E, TThrow extends boolean> = TThrow extends true ? SDKSuccess<T> : SDKResult<T, E>;
/** How a path parameter is written (OpenAPI `style`); `simple` when absent. */
export type PathStyle = "simple" | "label" | "matrix";
/** How a query parameter is written (OpenAPI `style`/`explode`); `form` + explode when absent. */
export interface QueryStyle {
    style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
    explode?: boolean;
}
/** What the generator knows about one operation. */
export interface OperationSpec {
    readonly method: string;
    /** The path as in the document, e.g. `/api/v1/users/{id}`. */
    readonly path: string;
    readonly operationId?: string;
    /** Path parameters whose style is not `simple`, or that explode. */
    readonly pathStyles?: Readonly<Record<string, {
        style?: PathStyle;
        explode?: boolean;
    }>>;
    /** Query parameters whose serialisation is not the default. */
    readonly queryStyles?: Readonly<Record<string, QueryStyle>>;
    /** Headers the document fixes, e.g. `X-API-Version` under header versioning. */
    readonly constHeaders?: Readonly<Record<string, string>>;
    /** How `body` is sent. */
    readonly bodyAs?: "json" | "multipart" | "urlencoded" | "text" | "binary";
    /** The request's content type, when the document names one. */
    readonly contentType?: string;
    /** How a 2xx body is read; `stream` hands back the `Response` (SSE). */
    readonly parseAs: "json" | "text" | "blob" | "stream" | "none";
    /**
     * The operation's security requirement: alternatives, each the schemes
     * sent together; an empty alternative makes credentials optional.
     */
    readonly security?: ReadonlyArray<ReadonlyArray<string>>;
}
/** The per-call options every generated method accepts (SPEC C3). */
export interface CallOptions {
    params?: object;
    query?: object;
    headers?: object;
    body?: unknown;
    signal?: AbortSignal;
}
/** The shared transport of all controllers of one client. */
export declare class ClientCore<TThrow extends boolean = false> {
    #private;
    readonly config: Readonly<ClientConfig>;
    /** `schemes`: the document's security schemes, by name, for the `auth` option. */
    constructor(config?: ClientConfig, schemes?: Readonly<Record<string, SecuritySchemeSpec>>);
    /** Sends one operation and decodes the result. Never throws unless `throwOnError` is set. */
    request<T, E = unknown>(op: OperationSpec, options?: CallOptions): Promise<SDKOutcome<T, E, TThrow>>;
}
/** Puts a header or cookie credential into `headers` (query keys go into the URL). */
export declare function applyCredential(headers: Record<string, string>, scheme: SecuritySchemeSpec, value: string | BasicCredentials): void;
/** `base64(username:password)` of UTF-8 bytes, for `Authorization: Basic`. */
export declare function basicToken(value: string | BasicCredentials): string;
/**
 * Milliseconds before try `attempt + 1`: the server's `Retry-After` (seconds
 * or a date) when it sent one, else exponential backoff with full jitter.
 * `undefined` when `Retry-After` asks for longer than `maxDelay`: give up.
 */
export declare function retryDelay(retry: RetryConfig, attempt: number, response: Response | undefined): number | undefined;
/** The server's `message` (a string or a list of strings), else the status text. */
export declare function errorMessage(body: unknown, response: Response): string;
/** Fills `{name}` in the path; every value is percent-encoded (SPEC C6). */
export declare function buildPath(op: OperationSpec, params: object | undefined): string;
/** Writes the query string following each parameter's `style`/`explode` (SPEC C6). */
export declare function buildQuery(op: OperationSpec, query: object | undefined): string;
