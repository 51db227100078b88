// The core of a generated tether client (SPEC C2, C3, C6). This file is a
// fixed template: the generator copies it verbatim, so it is type-checked and
// unit-tested here as a real module. It imports nothing, so a bundler can
// drop `sse.ts` and `form-data.ts` when they are unused.

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

/** Marks every `SDKError`, whichever generated client's copy of this file made it. */
const SDK_ERROR_BRAND: unique symbol = Symbol.for("tether.SDKError");

/**
 * A failed call. `status` is 0 when no response arrived.
 * `instanceof SDKError` holds for the errors of every tether client in the
 * program (each carries its own copy of this class), as it would for one.
 */
export class SDKError<TBody = unknown> extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [SDK_ERROR_BRAND]?: unknown })[SDK_ERROR_BRAND] === true;
  }

  override readonly name = "SDKError";
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
  }) {
    super(init.message);
    Object.defineProperty(this, SDK_ERROR_BRAND, { value: true });
    // Set by hand, not through `super`'s options, so that projects whose `lib` is older than ES2022 compile it.
    if (init.cause !== undefined) Object.defineProperty(this, "cause", { value: init.cause, writable: true, configurable: true });
    this.kind = init.kind;
    this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
    if (init.response !== undefined) this.response = init.response;
  }
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
export type SDKErrorOf<S extends number, B> = SDKError<B> & { readonly kind: "http"; readonly status: S; readonly body: B };

/**
 * Every other failure of an operation whose error statuses are `Declared`: a
 * status the document does not declare (its `default` body `B`, if any), or a
 * failure without a response (`status` 0: network, abort, timeout) or of the
 * client (`parse`, `validation`).
 */
export type SDKOtherError<Declared extends number, B = unknown> = SDKError<B> & { readonly status: Exclude<HttpStatus, Declared> };

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
  readonly pathStyles?: Readonly<Record<string, { style?: PathStyle; explode?: boolean }>>;
  /** Query parameters whose serialisation is not the default. */
  readonly queryStyles?: Readonly<Record<string, QueryStyle>>;
  /**
   * Object header parameters that explode. A header's style is `simple`:
   * `{ a: 1, b: 2 }` is sent as `a,1,b,2`, exploded as `a=1,b=2`.
   */
  readonly headerStyles?: Readonly<Record<string, { explode?: boolean }>>;
  /**
   * Object and list cookie parameters that do not explode. A cookie's
   * style is `form`: `{ a: 1, b: 2 }` is sent as the cookie `name=a,1,b,2`
   * and `[1, 2]` as `name=1,2`; exploded (the default) as the cookies
   * `a=1; b=2` and `name=1; name=2`.
   */
  readonly cookieStyles?: Readonly<Record<string, { explode?: boolean }>>;
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
export type SDKWithHeaders<R, H> = R extends { error: null } ? R & { headers: H } : R & { headers?: undefined };

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
export class ClientCore<TThrow extends boolean = false> {
  readonly config: Readonly<ClientConfig>;
  readonly #schemes: Readonly<Record<string, SecuritySchemeSpec>>;

  /** `schemes`: the document's security schemes, by name, for the `auth` option. */
  constructor(config: ClientConfig = {}, schemes: Readonly<Record<string, SecuritySchemeSpec>> = {}) {
    this.config = config;
    this.#schemes = schemes;
  }

  /** Sends one operation and decodes the result. Never throws unless `throwOnError` is set. */
  async request<T, E = unknown>(op: OperationSpec, options: CallOptions = {}): Promise<SDKOutcome<T, E, TThrow>> {
    const result = await this.#send<T, E>(op, options);
    if (result.error !== null && this.config.throwOnError === true) throw result.error;
    return result as SDKOutcome<T, E, TThrow>;
  }

  /** `request`, with the success's declared headers in `headers` (`op.responseHeaders`). */
  async requestWithHeaders<T, E, H>(op: OperationSpec, options: CallOptions = {}): Promise<SDKWithHeaders<SDKOutcome<T, E, TThrow>, H>> {
    const result = await this.request<T, E>(op, options);
    if (result.error === null) Object.assign(result, { headers: readHeaders(op, (result as SDKSuccess<T>).response) });
    return result as SDKWithHeaders<SDKOutcome<T, E, TThrow>, H>;
  }

  async #send<T, E>(op: OperationSpec, options: CallOptions): Promise<SDKResult<T, E>> {
    const config = this.config;
    const path = buildPath(op, options.params);
    let url = (config.baseUrl ?? "").replace(/\/+$/, "") + path + buildQuery(op, options.query);
    const unsendable = emptyParameter(op, options.params) ?? dotSegment(op, path);
    if (unsendable) return this.#fail(unsendable, { url, init: { method: op.method }, operation: op });
    const invalid = this.#validate(op, (v, name) => (options.body === undefined ? undefined : v.request?.(name, options.body)));
    if (invalid) return this.#fail(invalid, { url, init: { method: op.method }, operation: op });
    const credentials = await this.#credentials(op);
    const headers = await this.#headers(op, options, credentials);
    const unwritable = headerProblem(op, headers);
    if (unwritable) return this.#fail(unwritable, { url, init: { method: op.method, headers }, operation: op });
    for (const [scheme, value] of credentials) {
      if (scheme.type === "apiKey" && scheme.in === "query" && scheme.name !== undefined) {
        url += `${url.includes("?") ? "&" : "?"}${encodeURIComponent(scheme.name)}=${encodeURIComponent(credentialText(value))}`;
      }
    }
    let init: RequestInit = { method: op.method, headers };
    if (config.credentials !== undefined) init.credentials = config.credentials;
    if (options.body !== undefined && op.bodyAs !== undefined) {
      init.body = encodeBody(op, options.body, headers);
    }
    const abort = linkAbort(options.signal, config.timeout);
    init.signal = abort.signal;
    for (const hook of chain(config.onRequest, config.interceptors?.request)) init = orElse(await hook(url, init), init);
    const context = { url, init, operation: op };
    if (abort.signal.aborted) {
      abort.headArrived();
      return this.#fail(transportError(abort.reason(), abort.signal.reason), context);
    }

    let response: Response;
    try {
      response = await this.#fetch(op, url, init, abort.signal);
    } catch (cause) {
      return this.#fail(transportError(abort.reason(), cause), context);
    } finally {
      abort.headArrived();
    }
    for (const hook of chain(config.onResponse, config.interceptors?.response)) {
      response = orElse(await hook(response, { ...context, response }), response);
    }
    const withResponse = { ...context, response };

    if (!response.ok) {
      const body = await readErrorBody(response);
      const message = errorMessage(body, response);
      return this.#fail(new SDKError<E>({ kind: "http", status: response.status, message, body: body as E, response }), withResponse);
    }
    try {
      const data = (await decode(op, response)) as T;
      const status = response.status;
      const json = op.parseAs === "json" || (op.parseAs === "auto" && isJsonMedia(response));
      const invalid = json ? this.#validate(op, (v, name) => v.response?.(name, status, data), response) : undefined;
      if (invalid) return this.#fail(invalid as SDKError<E>, withResponse);
      return { data, error: null, response };
    } catch (cause) {
      const kind = abort.reason();
      const error = kind
        ? transportError(kind, cause)
        : new SDKError<E>({ kind: "parse", status: response.status, message: `Invalid response body: ${String(cause)}`, response, cause });
      return this.#fail(error as SDKError<E>, withResponse);
    }
  }

  /** `fetch`, tried again as `retry` says when the method is idempotent. */
  async #fetch(op: OperationSpec, url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    const fetcher = this.config.fetcher ?? fetch;
    const retry = this.config.retry;
    const attempts = retry && IDEMPOTENT.includes(op.method.toUpperCase()) ? Math.max(1, retry.attempts ?? 3) : 1;
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await fetcher(url, init);
      } catch (cause) {
        if (attempt >= attempts || signal.aborted) throw cause;
      }
      if (response && (attempt >= attempts || !(retry?.statuses ?? RETRY_STATUSES).includes(response.status))) return response;
      const wait = retryDelay(retry ?? {}, attempt, response);
      if (response && wait === undefined) return response;
      await response?.body?.cancel().catch(() => undefined);
      await sleep(wait ?? 0, signal);
    }
  }

  /**
   * The credentials of the first alternative of `op.security` whose every
   * scheme has one in `auth`; none when no alternative is complete (the
   * server then answers 401) or the operation requires nothing.
   */
  async #credentials(op: OperationSpec): Promise<Array<[SecuritySchemeSpec, string | BasicCredentials]>> {
    const auth = this.config.auth;
    if (!op.security || !auth) return [];
    const known = new Map<string, string | BasicCredentials | undefined>();
    const credential = async (name: string) => {
      if (!known.has(name)) {
        const given = Object.prototype.hasOwnProperty.call(auth, name) ? auth[name] : undefined;
        const value = typeof given === "function" ? await given() : given;
        known.set(name, value === "" ? undefined : value);
      }
      return known.get(name);
    };
    for (const alternative of op.security) {
      if (alternative.length === 0) continue;
      const found: Array<[SecuritySchemeSpec, string | BasicCredentials]> = [];
      for (const name of alternative) {
        const scheme = Object.prototype.hasOwnProperty.call(this.#schemes, name) ? this.#schemes[name] : undefined;
        const value = scheme ? await credential(name) : undefined;
        if (!scheme || value === undefined) break;
        found.push([scheme, value]);
      }
      if (found.length === alternative.length) return found;
    }
    return [];
  }

  async #headers(op: OperationSpec, options: CallOptions, credentials: ReadonlyArray<[SecuritySchemeSpec, string | BasicCredentials]> = []): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    if (op.accept !== undefined) out["accept"] = op.accept;
    const configured = this.config.headers;
    mergeHeaders(out, typeof configured === "function" ? await configured() : configured);
    for (const [scheme, value] of credentials) applyCredential(out, scheme, value);
    if (op.bodyAs === "json") out["content-type"] = op.contentType ?? "application/json";
    else if (op.bodyAs === "text") out["content-type"] = op.contentType ?? "text/plain";
    else if (op.bodyAs === "binary" && op.contentType !== undefined) out["content-type"] = op.contentType;
    mergeHeaders(out, headerParams(op, options.headers));
    for (const [name, value] of Object.entries(options.cookies ?? {})) {
      if (value !== undefined && value !== null) cookieParam(out, op, name, value);
    }
    mergeHeaders(out, op.constHeaders);
    return out;
  }

  /** The `validation` error for what `check` finds, if the client has a validator and it finds anything. */
  #validate(op: OperationSpec, check: (v: Validator, name: string) => readonly string[] | undefined, response?: Response): SDKError<never> | undefined {
    const validator = this.config.validator;
    const problems = validator ? check(validator, op.operationId ?? `${op.method} ${op.path}`) : undefined;
    if (!problems || problems.length === 0) return undefined;
    const what = response ? `The ${response.status} response` : "The request body";
    const message = `${what} of ${op.method} ${op.path} is not what the document describes: ${problems.join("; ")}`;
    return new SDKError<never>({ kind: "validation", status: response?.status ?? 0, message, ...(response ? { response } : {}), cause: problems });
  }

  async #fail<E>(error: SDKError<E>, context: RequestContext): Promise<SDKFailure<E>> {
    let current = error as SDKError;
    for (const hook of chain(this.config.onError, this.config.interceptors?.error)) current = orElse(await hook(current, context), current);
    return { data: null, error: current as unknown as SDKErrorFor<E>, response: context.response };
  }
}

const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

/** The declared headers of `response`: numbers and booleans parsed, absent ones left out. */
/** How a declared response header is read: a scalar, or a list of one. */
export type HeaderKind = "string" | "number" | "boolean" | "string[]" | "number[]" | "boolean[]";

type HeaderValue = string | number | boolean;

function readHeaderValue(kind: string, value: string): HeaderValue {
  return kind === "number" ? Number(value) : kind === "boolean" ? value.trim() === "true" : value;
}

export function readHeaders(op: OperationSpec, response: Response): Record<string, HeaderValue | HeaderValue[]> {
  const out: Record<string, HeaderValue | HeaderValue[]> = {};
  for (const [name, kind] of Object.entries(op.responseHeaders ?? {})) {
    const value = response.headers.get(name);
    if (value === null) continue;
    // A list: its items comma-separated, as repeated header lines arrive joined.
    const read = kind.endsWith("[]")
      ? value
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item !== "")
          .map((item) => readHeaderValue(kind.slice(0, -2), item))
      : readHeaderValue(kind, value);
    // Defined, not assigned: `out["__proto__"] = ..` would set the prototype.
    Object.defineProperty(out, name, { value: read, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Puts a header or cookie credential into `headers` (query keys go into the URL). */
export function applyCredential(headers: Record<string, string>, scheme: SecuritySchemeSpec, value: string | BasicCredentials): void {
  if (scheme.type === "bearer") mergeHeaders(headers, { authorization: `Bearer ${credentialText(value)}` });
  else if (scheme.type === "basic") mergeHeaders(headers, { authorization: `Basic ${basicToken(value)}` });
  else if (scheme.in === "header" && scheme.name !== undefined) mergeHeaders(headers, { [scheme.name]: credentialText(value) });
  else if (scheme.in === "cookie" && scheme.name !== undefined) appendCookie(headers, scheme.name, credentialText(value));
}

/** Adds `name=value` (the value percent-encoded) to the `Cookie` header of `headers`, after the cookies it has. */
function appendCookie(headers: Record<string, string>, name: string, value: string): void {
  addCookie(headers, `${cookieName(name)}=${encodeURIComponent(value)}`);
}

/**
 * A cookie's name as sent: a token (RFC 6265 §4.1.1), every other
 * character percent-encoded, so that a name with `;`, `=`, a space or a
 * non-ASCII letter cannot end the cookie or start another.
 */
function cookieName(name: string): string {
  return name.replace(/[^!#$%&'*+\-.^_`|~0-9A-Za-z]+/g, (run) => encodeURIComponent(run).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}

/**
 * Adds a cookie parameter (SPEC C6). An object is written in the `form`
 * style, keys and values percent-encoded: `name=k1,v1,k2,v2`, or exploded
 * (the style's default) each property a cookie of its own, `k1=v1; k2=v2`
 * (OpenAPI 3.1 leaves an exploded object cookie undefined; this is what
 * 3.2's `cookie` style writes, and what `form` does with a query object).
 * A list likewise: `name=v1,v2` (the commas as they are, each item
 * percent-encoded, as RFC 6570's form expansion writes it), or exploded
 * `name=v1; name=v2`. An object or a list without values sends nothing.
 */
function cookieParam(headers: Record<string, string>, op: OperationSpec, name: string, value: unknown): void {
  const explode = op.cookieStyles?.[name]?.explode ?? true;
  if (Array.isArray(value)) {
    const items = (value as unknown[]).filter((v) => v !== undefined && v !== null).map(scalar);
    if (items.length === 0) return;
    if (explode) for (const item of items) appendCookie(headers, name, item);
    else addCookie(headers, `${cookieName(name)}=${items.map(enc).join(",")}`);
    return;
  }
  if (!isObject(value)) return appendCookie(headers, name, scalar(value));
  const entries = objectEntries(value);
  if (entries.length === 0) return;
  if (explode) for (const [k, v] of entries) appendCookie(headers, enc(k), v);
  else addCookie(headers, `${cookieName(name)}=${pairs(entries, false)}`);
}

/** Adds `cookie` (`name=value`, already written) to the `Cookie` header of `headers`, after the cookies it has. */
function addCookie(headers: Record<string, string>, cookie: string): void {
  const existing = Object.keys(headers).find((k) => k.toLowerCase() === "cookie");
  mergeHeaders(headers, { cookie: existing ? `${headers[existing]}; ${cookie}` : cookie });
}

/** `base64(username:password)` of UTF-8 bytes, for `Authorization: Basic`. */
export function basicToken(value: string | BasicCredentials): string {
  const text = typeof value === "string" ? value : `${value.username}:${value.password}`;
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function credentialText(value: string | BasicCredentials): string {
  return typeof value === "string" ? value : `${value.username}:${value.password}`;
}

/** The single hook first, then the interceptors. */
function chain<H>(single: H | undefined, more: ReadonlyArray<H> | undefined): H[] {
  return [...(single ? [single] : []), ...(more ?? [])];
}

/**
 * Milliseconds before try `attempt + 1`: the server's `Retry-After` (seconds
 * or a date) when it sent one, else exponential backoff with full jitter.
 * `undefined` when `Retry-After` asks for longer than `maxDelay`: give up.
 */
export function retryDelay(retry: RetryConfig, attempt: number, response: Response | undefined): number | undefined {
  const max = retry.maxDelay ?? 30_000;
  const header = response?.headers.get("retry-after");
  if (header !== null && header !== undefined) {
    const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
    if (!Number.isNaN(seconds)) return seconds > max ? undefined : Math.max(0, seconds);
  }
  const ceiling = Math.min(max, (retry.baseDelay ?? 200) * 2 ** (attempt - 1));
  return Math.random() * ceiling;
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A hook's replacement, else the original. Written out rather than `??` so
 * that projects without `strictNullChecks` do not see `void | T` (SPEC G1).
 */
function orElse<T>(replacement: T | void | undefined, original: T): T {
  return replacement === undefined || replacement === null ? original : (replacement as T);
}

/**
 * A call's headers with each object value written in the `simple` style
 * (SPEC C6), keys and values percent-encoded, as `,` and `=` delimit them:
 * `k1,v1,k2,v2`, exploded `k1=v1,k2=v2`. An object without values sends
 * no header. Other values are left to `mergeHeaders`.
 */
function headerParams(op: OperationSpec, headers: object | undefined): HeaderValues | undefined {
  if (!headers) return undefined;
  const written = Object.entries(headers).map(([name, value]: [string, unknown]): [string, unknown] => {
    if (!isObject(value)) return [name, value];
    const entries = objectEntries(value);
    if (entries.length === 0) return [name, undefined];
    return [name, pairs(entries, op.headerStyles?.[name]?.explode ?? false)];
  });
  // `fromEntries` defines each name, `__proto__` included, as a property of its own.
  return Object.fromEntries(written) as HeaderValues;
}

/** Whether `value` is an object a style writes as key/value pairs: not a list, not a date. */
function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * The properties of an object parameter that have a value, each as text.
 * A nested object or list has no form in these styles (OpenAPI leaves it
 * undefined): the generator types such parameters as text, and a value
 * that gets here anyway is written as JSON, as in paths and queries.
 */
function objectEntries(value: object): Array<[string, string]> {
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, scalar(v)]);
}

/** An object's entries as `k1,v1,k2,v2`, exploded `k1=v1,k2=v2`, keys and values percent-encoded. */
function pairs(entries: ReadonlyArray<[string, string]>, explode: boolean): string {
  return entries.map(([k, v]) => `${enc(k)}${explode ? "=" : ","}${enc(v)}`).join(",");
}

/** Adds headers case-insensitively: a later name replaces an earlier one whatever its case. */
function mergeHeaders(out: Record<string, string>, values: Readonly<HeaderValues> | undefined): void {
  if (!values) return;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const existing of Object.keys(out)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete out[existing];
    }
    // A list is sent comma-separated (OpenAPI's `simple` style).
    out[name] = Array.isArray(value) ? value.map(String).join(", ") : String(value);
  }
}

/** One abort signal for the caller's `signal` and the head timeout. */
function linkAbort(signal: AbortSignal | undefined, timeout: number | undefined) {
  const controller = new AbortController();
  let why: "abort" | "timeout" | undefined;
  const onAbort = () => {
    why ??= "abort";
    controller.abort(signal?.reason);
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    timeout !== undefined && timeout > 0
      ? setTimeout(() => {
          why ??= "timeout";
          controller.abort(new DOMException(`No response within ${timeout} ms`, "TimeoutError"));
        }, timeout)
      : undefined;
  return {
    signal: controller.signal,
    reason: () => why,
    // The timeout covers the wait for the response head only: a running stream is never cut.
    headArrived: () => clearTimeout(timer),
  };
}

function transportError(kind: "abort" | "timeout" | undefined, cause: unknown): SDKError<never> {
  if (kind === "timeout") return new SDKError({ kind, status: 0, message: "Request timed out", cause });
  if (kind === "abort") return new SDKError({ kind, status: 0, message: "Request aborted", cause });
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new SDKError({ kind: "network", status: 0, message: `Network error: ${detail}`, cause });
}

async function readErrorBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's `message` (a string or a list of strings), else the status text. */
export function errorMessage(body: unknown, response: Response): string {
  if (typeof body === "object" && body !== null && "message" in body) {
    const message: unknown = body.message;
    if (typeof message === "string" && message !== "") return message;
    if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === "string")) {
      return message.join("; ");
    }
  }
  return response.statusText !== "" ? response.statusText : `HTTP ${response.status}`;
}

async function decode(op: OperationSpec, response: Response): Promise<unknown> {
  switch (op.parseAs) {
    case "stream":
      return response;
    case "blob":
      return response.status === 204 ? null : await response.blob();
    case "text":
      return response.status === 204 ? null : await response.text();
    case "auto":
      return await decodeByType(response);
    case "none":
      await response.body?.cancel();
      return null;
    case "json":
      return await readJson(response);
  }
}

/** A JSON body, `null` when empty. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === "" ? null : (JSON.parse(text) as unknown);
}

/** The media type of `response`, lower case, without parameters (`""` when none). */
function mediaType(response: Response): string {
  const essence = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
  return essence.trim().toLowerCase();
}

function isJsonMedia(response: Response): boolean {
  const type = mediaType(response);
  return type === "application/json" || type.endsWith("+json");
}

/**
 * A body the document leaves open (any media type: a handler's own `Response`),
 * read by its `Content-Type`: JSON parsed, `text/*` a string, an event
 * stream the `Response` itself, anything else a `Blob`; no body (204, or
 * empty without a type) is `null`.
 */
async function decodeByType(response: Response): Promise<unknown> {
  const type = mediaType(response);
  if (response.status === 204) {
    await response.body?.cancel();
    return null;
  }
  if (isJsonMedia(response)) return await readJson(response);
  if (type === "text/event-stream") return response;
  if (type.startsWith("text/")) return await response.text();
  const blob = await response.blob();
  return type === "" && blob.size === 0 ? null : blob;
}

/**
 * What `fetch` takes as a body. Derived from `RequestInit`, which the DOM
 * library and `@types/node` both declare, where `BodyInit` is the DOM's only.
 */
type RequestBody = NonNullable<RequestInit["body"]>;

function encodeBody(op: OperationSpec, body: unknown, headers: Record<string, string>): RequestBody {
  switch (op.bodyAs) {
    case "json":
      return JSON.stringify(body);
    case "urlencoded": {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(body as object)) appendForm(form, key, value);
      headers["content-type"] = "application/x-www-form-urlencoded";
      return form;
    }
    case "text":
      return String(body);
    default:
      // multipart (a FormData: fetch sets the boundary) and binary bodies go as they are.
      return body as RequestBody;
  }
}

function appendForm(form: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendForm(form, key, item);
  else form.append(key, scalar(value));
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

const enc = encodeURIComponent;

/** Fills `{name}` in the path; every value is percent-encoded (SPEC C6). */
export function buildPath(op: OperationSpec, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return op.path.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = values[name];
    const spec = op.pathStyles?.[name];
    return pathValue(name, value, spec?.style ?? "simple", spec?.explode ?? false);
  });
}

/**
 * The `request` error when a header value holds what an HTTP header cannot
 * carry: a character above U+00FF (fetch would throw a TypeError, seen as a
 * network failure) or a control character other than tab (a line break would
 * end the header; servers refuse the rest).
 */
function headerProblem(op: OperationSpec, headers: Readonly<Record<string, string>>): SDKError<never> | undefined {
  for (const [name, value] of Object.entries(headers)) {
    const bad = /[^\t\x20-\x7e\x80-\xff]/u.exec(value)?.[0];
    if (bad === undefined) continue;
    const code = (bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    const message = `Cannot send ${op.method} ${op.path}: the header \`${name}\` holds U+${code}, which an HTTP header cannot carry (Latin-1 text without control characters); encode the value in a way the server reads (e.g. percent-encoding) or send it in the body`;
    return new SDKError<never>({ kind: "request", status: 0, message });
  }
  return undefined;
}

/**
 * The `request` error when a path parameter's value writes nothing (`""`,
 * an empty list or object) in the simple or label style: `/items/{key}`
 * would go as `/items/`, and `/items/{key}/tickets` as `/items//tickets`,
 * which servers fold into another path, so the call would reach another
 * route. (The matrix style writes `;key=`, which keeps the name.)
 */
function emptyParameter(op: OperationSpec, params: object | undefined): SDKError<never> | undefined {
  const values = (params ?? {}) as Record<string, unknown>;
  for (const [, name] of op.path.matchAll(/\{([^{}]+)\}/g)) {
    if (name === undefined || !Object.prototype.hasOwnProperty.call(values, name)) continue;
    const spec = op.pathStyles?.[name];
    const style = spec?.style ?? "simple";
    if (style === "matrix") continue;
    const lead = style === "label" ? 1 : 0;
    if (pathValue(name, values[name], style, spec?.explode ?? false).length > lead) continue;
    const message = `Cannot send ${op.method} ${op.path}: the path parameter \`${name}\` is empty, which would leave its segment empty (servers fold \`//\` and a trailing \`/\` into another path, so the call would reach another route)`;
    return new SDKError<never>({ kind: "request", status: 0, message });
  }
  return undefined;
}

/**
 * The `request` error when a path parameter makes a whole segment `.` or
 * `..`: `encodeURIComponent` keeps dots, and URLs resolve such a segment
 * (`/items/..` is `/`), so the call would reach another route.
 */
function dotSegment(op: OperationSpec, path: string): SDKError<never> | undefined {
  // Values are percent-encoded, so `/` in a value cannot add a segment: the segments line up with the template's.
  const template = op.path.split("/");
  const built = path.split("/");
  for (let i = 0; i < built.length; i++) {
    const segment = built[i];
    const written = template[i];
    if ((segment !== "." && segment !== "..") || written === undefined || !written.includes("{")) continue;
    const names = [...written.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]).join("`, `");
    const message = `Cannot send ${op.method} ${op.path}: the path parameter \`${names}\` makes the segment "${segment}", which URLs read as a step up the path (the call would reach another route)`;
    return new SDKError<never>({ kind: "request", status: 0, message });
  }
  return undefined;
}

function pathValue(name: string, value: unknown, style: PathStyle, explode: boolean): string {
  const lead = style === "label" ? "." : style === "matrix" ? ";" : "";
  if (Array.isArray(value)) {
    const items = value.map((v) => enc(scalar(v)));
    if (style === "matrix") return explode ? items.map((v) => `;${name}=${v}`).join("") : `;${name}=${items.join(",")}`;
    return lead + items.join(explode ? lead || "," : ",");
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (explode) {
      const parts = entries.map(([k, v]) => `${enc(k)}=${enc(scalar(v))}`);
      return style === "matrix" ? parts.map((p) => `;${p}`).join("") : lead + parts.join(lead || ",");
    }
    const flat = entries.flatMap(([k, v]) => [enc(k), enc(scalar(v))]).join(",");
    return style === "matrix" ? `;${name}=${flat}` : lead + flat;
  }
  const text = enc(scalar(value));
  return style === "matrix" ? `;${name}=${text}` : lead + text;
}

/** Writes the query string following each parameter's `style`/`explode` (SPEC C6). */
export function buildQuery(op: OperationSpec, query: object | undefined): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const spec = op.queryStyles?.[name];
    const style = spec?.style ?? "form";
    const explode = spec?.explode ?? style === "form";
    queryValue(parts, name, value, style, explode);
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

function queryValue(parts: string[], name: string, value: unknown, style: string, explode: boolean): void {
  if (style === "deepObject" && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
    deepObject(parts, enc(name), value as object);
    return;
  }
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== undefined && v !== null).map((v) => enc(scalar(v)));
    if (items.length === 0) return;
    if (explode) for (const item of items) parts.push(`${enc(name)}=${item}`);
    else parts.push(`${enc(name)}=${items.join(style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "|" : ",")}`);
    return;
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
    if (explode) for (const [k, v] of entries) parts.push(`${enc(k)}=${enc(scalar(v))}`);
    else parts.push(`${enc(name)}=${entries.flatMap(([k, v]) => [enc(k), enc(scalar(v))]).join(",")}`);
    return;
  }
  parts.push(`${enc(name)}=${enc(scalar(value))}`);
}

function deepObject(parts: string[], prefix: string, value: object): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    const name = `${prefix}%5B${enc(key)}%5D`;
    if (Array.isArray(item)) for (const v of item) parts.push(`${name}=${enc(scalar(v))}`);
    else if (typeof item === "object" && !(item instanceof Date)) deepObject(parts, name, item);
    else parts.push(`${name}=${enc(scalar(item))}`);
  }
}
