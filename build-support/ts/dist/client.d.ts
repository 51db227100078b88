/**
 * Headers given as a plain object; `undefined` values are left out. A list
 * is sent comma-separated. `Extra` is what else a value may be: `object`
 * in the options of an operation with an object header parameter, which
 * is written in its `simple` style (`OperationSpec.headerStyles`).
 */
export type HeaderValues<Extra = never> = Record<string, string | number | boolean | readonly (string | number | boolean)[] | Extra | undefined>;
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
    credentials?: RequestInit["credentials"];
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
 * then not sent, with status 0; or a 2xx body, with its status); `request`
 * is a call the client cannot send as asked (a path parameter `.` or `..`,
 * which URLs read as a step up the path; a header value with a character
 * above U+00FF or a line break), status 0, nothing sent.
 */
export type SDKErrorKind = "http" | "network" | "abort" | "timeout" | "parse" | "validation" | "request";
/**
 * A failed call. `status` is 0 when no response arrived.
 * `instanceof SDKError` holds for the errors of every tether client in the
 * program (each carries its own copy of this class), as it would for one.
 */
export declare class SDKError<TBody = unknown> extends Error {
    static [Symbol.hasInstance](value: unknown): boolean;
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
    error: SDKErrorFor<E>;
    response: Response | undefined;
}
/** Every status a response can have, and 0 for a failure without one. */
export type HttpStatus = 0 | 100 | 101 | 102 | 103 | 104 | 105 | 106 | 107 | 108 | 109 | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119 | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129 | 130 | 131 | 132 | 133 | 134 | 135 | 136 | 137 | 138 | 139 | 140 | 141 | 142 | 143 | 144 | 145 | 146 | 147 | 148 | 149 | 150 | 151 | 152 | 153 | 154 | 155 | 156 | 157 | 158 | 159 | 160 | 161 | 162 | 163 | 164 | 165 | 166 | 167 | 168 | 169 | 170 | 171 | 172 | 173 | 174 | 175 | 176 | 177 | 178 | 179 | 180 | 181 | 182 | 183 | 184 | 185 | 186 | 187 | 188 | 189 | 190 | 191 | 192 | 193 | 194 | 195 | 196 | 197 | 198 | 199 | 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 209 | 210 | 211 | 212 | 213 | 214 | 215 | 216 | 217 | 218 | 219 | 220 | 221 | 222 | 223 | 224 | 225 | 226 | 227 | 228 | 229 | 230 | 231 | 232 | 233 | 234 | 235 | 236 | 237 | 238 | 239 | 240 | 241 | 242 | 243 | 244 | 245 | 246 | 247 | 248 | 249 | 250 | 251 | 252 | 253 | 254 | 255 | 256 | 257 | 258 | 259 | 260 | 261 | 262 | 263 | 264 | 265 | 266 | 267 | 268 | 269 | 270 | 271 | 272 | 273 | 274 | 275 | 276 | 277 | 278 | 279 | 280 | 281 | 282 | 283 | 284 | 285 | 286 | 287 | 288 | 289 | 290 | 291 | 292 | 293 | 294 | 295 | 296 | 297 | 298 | 299 | 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310 | 311 | 312 | 313 | 314 | 315 | 316 | 317 | 318 | 319 | 320 | 321 | 322 | 323 | 324 | 325 | 326 | 327 | 328 | 329 | 330 | 331 | 332 | 333 | 334 | 335 | 336 | 337 | 338 | 339 | 340 | 341 | 342 | 343 | 344 | 345 | 346 | 347 | 348 | 349 | 350 | 351 | 352 | 353 | 354 | 355 | 356 | 357 | 358 | 359 | 360 | 361 | 362 | 363 | 364 | 365 | 366 | 367 | 368 | 369 | 370 | 371 | 372 | 373 | 374 | 375 | 376 | 377 | 378 | 379 | 380 | 381 | 382 | 383 | 384 | 385 | 386 | 387 | 388 | 389 | 390 | 391 | 392 | 393 | 394 | 395 | 396 | 397 | 398 | 399 | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 419 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 432 | 433 | 434 | 435 | 436 | 437 | 438 | 439 | 440 | 441 | 442 | 443 | 444 | 445 | 446 | 447 | 448 | 449 | 450 | 451 | 452 | 453 | 454 | 455 | 456 | 457 | 458 | 459 | 460 | 461 | 462 | 463 | 464 | 465 | 466 | 467 | 468 | 469 | 470 | 471 | 472 | 473 | 474 | 475 | 476 | 477 | 478 | 479 | 480 | 481 | 482 | 483 | 484 | 485 | 486 | 487 | 488 | 489 | 490 | 491 | 492 | 493 | 494 | 495 | 496 | 497 | 498 | 499 | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 509 | 510 | 511 | 512 | 513 | 514 | 515 | 516 | 517 | 518 | 519 | 520 | 521 | 522 | 523 | 524 | 525 | 526 | 527 | 528 | 529 | 530 | 531 | 532 | 533 | 534 | 535 | 536 | 537 | 538 | 539 | 540 | 541 | 542 | 543 | 544 | 545 | 546 | 547 | 548 | 549 | 550 | 551 | 552 | 553 | 554 | 555 | 556 | 557 | 558 | 559 | 560 | 561 | 562 | 563 | 564 | 565 | 566 | 567 | 568 | 569 | 570 | 571 | 572 | 573 | 574 | 575 | 576 | 577 | 578 | 579 | 580 | 581 | 582 | 583 | 584 | 585 | 586 | 587 | 588 | 589 | 590 | 591 | 592 | 593 | 594 | 595 | 596 | 597 | 598 | 599;
/**
 * The error of a status the document declares, with its body (SPEC E6): one
 * member of an operation's error union, so `if (error.status === 409)` narrows
 * `error.body` to that status's body.
 */
export type SDKErrorOf<S extends number, B> = SDKError<B> & {
    readonly kind: "http";
    readonly status: S;
    readonly body: B;
};
/**
 * Every other failure of an operation whose error statuses are `Declared`: a
 * status the document does not declare (its `default` body `B`, if any), or a
 * failure without a response (`status` 0: network, abort, timeout) or of the
 * client (`parse`, `validation`).
 */
export type SDKOtherError<Declared extends number, B = unknown> = SDKError<B> & {
    readonly status: Exclude<HttpStatus, Declared>;
};
/** `E` when it is an error union made of `SDKError`s, else `SDKError<E>` (`E` is then the error body). */
export type SDKErrorFor<E> = [E] extends [SDKError<unknown>] ? E : SDKError<E>;
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
    /**
     * Object header parameters that explode. A header's style is `simple`:
     * `{ a: 1, b: 2 }` is sent as `a,1,b,2`, exploded as `a=1,b=2`.
     */
    readonly headerStyles?: Readonly<Record<string, {
        explode?: boolean;
    }>>;
    /**
     * Object and list cookie parameters that do not explode. A cookie's
     * style is `form`: `{ a: 1, b: 2 }` is sent as the cookie `name=a,1,b,2`
     * and `[1, 2]` as `name=1,2`; exploded (the default) as the cookies
     * `a=1; b=2` and `name=1; name=2`.
     */
    readonly cookieStyles?: Readonly<Record<string, {
        explode?: boolean;
    }>>;
    /** Headers the document fixes, e.g. `X-API-Version` under header versioning. */
    readonly constHeaders?: Readonly<Record<string, string>>;
    /**
     * The `Accept` header: the media types the client reads from this
     * operation's responses, successes then errors (a document may list
     * others, e.g. XML, first).
     */
    readonly accept?: string;
    /** How `body` is sent. */
    readonly bodyAs?: "json" | "multipart" | "urlencoded" | "text" | "binary";
    /** The request's content type, when the document names one. */
    readonly contentType?: string;
    /**
     * How a 2xx body is read; `stream` hands back the `Response` (SSE);
     * `auto` reads it by its `Content-Type` (a body of any media type).
     */
    readonly parseAs: "json" | "text" | "blob" | "stream" | "auto" | "none";
    /**
     * The operation's security requirement: alternatives, each the schemes
     * sent together; an empty alternative makes credentials optional.
     */
    readonly security?: ReadonlyArray<ReadonlyArray<string>>;
    /** The headers a success declares, and how each is read. */
    readonly responseHeaders?: Readonly<Record<string, HeaderKind>>;
}
/**
 * A success that also carries the response headers the document declares
 * (SPEC E2), read into their types: `result.headers["X-Total-Count"]`. A
 * failure has no `headers` (`undefined`): naming the member on every
 * outcome lets a project without `strictNullChecks`, where `error === null`
 * does not narrow the result, read them too.
 */
export type SDKWithHeaders<R, H> = R extends {
    error: null;
} ? R & {
    headers: H;
} : R & {
    headers?: undefined;
};
/** The per-call options every generated method accepts (SPEC C3). */
export interface CallOptions {
    params?: object;
    query?: object;
    headers?: object;
    /** The operation's cookie parameters, added to the `Cookie` header (not settable in browsers). */
    cookies?: object;
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
    /** `request`, with the success's declared headers in `headers` (`op.responseHeaders`). */
    requestWithHeaders<T, E, H>(op: OperationSpec, options?: CallOptions): Promise<SDKWithHeaders<SDKOutcome<T, E, TThrow>, H>>;
}
/** The declared headers of `response`: numbers and booleans parsed, absent ones left out. */
/** How a declared response header is read: a scalar, or a list of one. */
export type HeaderKind = "string" | "number" | "boolean" | "string[]" | "number[]" | "boolean[]";
type HeaderValue = string | number | boolean;
export declare function readHeaders(op: OperationSpec, response: Response): Record<string, HeaderValue | HeaderValue[]>;
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
export {};
