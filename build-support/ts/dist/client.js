// The core of a generated tether client (SPEC C2, C3, C6). This file is a
// fixed template: the generator copies it verbatim, so it is type-checked and
// unit-tested here as a real module. It imports nothing, so a bundler can
// drop `sse.ts` and `form-data.ts` when they are unused.
/** Marks every `SDKError`, whichever generated client's copy of this file made it. */
const SDK_ERROR_BRAND = Symbol.for("tether.SDKError");
/**
 * A failed call. `status` is 0 when no response arrived.
 * `instanceof SDKError` holds for the errors of every tether client in the
 * program (each carries its own copy of this class), as it would for one.
 */
export class SDKError extends Error {
    static [Symbol.hasInstance](value) {
        return typeof value === "object" && value !== null && value[SDK_ERROR_BRAND] === true;
    }
    name = "SDKError";
    kind;
    status;
    /** The decoded error body (JSON when it parses, else text); absent when no response arrived. */
    body;
    response;
    constructor(init) {
        super(init.message);
        Object.defineProperty(this, SDK_ERROR_BRAND, { value: true });
        // Set by hand, not through `super`'s options, so that projects whose `lib` is older than ES2022 compile it.
        if (init.cause !== undefined)
            Object.defineProperty(this, "cause", { value: init.cause, writable: true, configurable: true });
        this.kind = init.kind;
        this.status = init.status;
        if (init.body !== undefined)
            this.body = init.body;
        if (init.response !== undefined)
            this.response = init.response;
    }
}
/** The shared transport of all controllers of one client. */
export class ClientCore {
    config;
    #schemes;
    /** `schemes`: the document's security schemes, by name, for the `auth` option. */
    constructor(config = {}, schemes = {}) {
        this.config = config;
        this.#schemes = schemes;
    }
    /** Sends one operation and decodes the result. Never throws unless `throwOnError` is set. */
    async request(op, options = {}) {
        const result = await this.#send(op, options);
        if (result.error !== null && this.config.throwOnError === true)
            throw result.error;
        return result;
    }
    /** `request`, with the success's declared headers in `headers` (`op.responseHeaders`). */
    async requestWithHeaders(op, options = {}) {
        const result = await this.request(op, options);
        if (result.error === null)
            Object.assign(result, { headers: readHeaders(op, result.response) });
        return result;
    }
    async #send(op, options) {
        const config = this.config;
        const path = buildPath(op, options.params);
        let url = (config.baseUrl ?? "").replace(/\/+$/, "") + path + buildQuery(op, options.query);
        const unsendable = emptyParameter(op, options.params) ?? dotSegment(op, path);
        if (unsendable)
            return this.#fail(unsendable, { url, init: { method: op.method }, operation: op });
        const invalid = this.#validate(op, (v, name) => (options.body === undefined ? undefined : v.request?.(name, options.body)));
        if (invalid)
            return this.#fail(invalid, { url, init: { method: op.method }, operation: op });
        const credentials = await this.#credentials(op);
        const headers = await this.#headers(op, options, credentials);
        const unwritable = headerProblem(op, headers);
        if (unwritable)
            return this.#fail(unwritable, { url, init: { method: op.method, headers }, operation: op });
        for (const [scheme, value] of credentials) {
            if (scheme.type === "apiKey" && scheme.in === "query" && scheme.name !== undefined) {
                url += `${url.includes("?") ? "&" : "?"}${encodeURIComponent(scheme.name)}=${encodeURIComponent(credentialText(value))}`;
            }
        }
        let init = { method: op.method, headers };
        if (config.credentials !== undefined)
            init.credentials = config.credentials;
        if (options.body !== undefined && op.bodyAs !== undefined) {
            init.body = encodeBody(op, options.body, headers);
        }
        const abort = linkAbort(options.signal, config.timeout);
        init.signal = abort.signal;
        for (const hook of chain(config.onRequest, config.interceptors?.request))
            init = orElse(await hook(url, init), init);
        const context = { url, init, operation: op };
        if (abort.signal.aborted) {
            abort.headArrived();
            return this.#fail(transportError(abort.reason(), abort.signal.reason), context);
        }
        let response;
        try {
            response = await this.#fetch(op, url, init, abort.signal);
        }
        catch (cause) {
            return this.#fail(transportError(abort.reason(), cause), context);
        }
        finally {
            abort.headArrived();
        }
        for (const hook of chain(config.onResponse, config.interceptors?.response)) {
            response = orElse(await hook(response, { ...context, response }), response);
        }
        const withResponse = { ...context, response };
        if (!response.ok) {
            const body = await readErrorBody(response);
            const message = errorMessage(body, response);
            return this.#fail(new SDKError({ kind: "http", status: response.status, message, body: body, response }), withResponse);
        }
        try {
            const data = (await decode(op, response));
            const status = response.status;
            const json = op.parseAs === "json" || (op.parseAs === "auto" && isJsonMedia(response));
            const invalid = json ? this.#validate(op, (v, name) => v.response?.(name, status, data), response) : undefined;
            if (invalid)
                return this.#fail(invalid, withResponse);
            return { data, error: null, response };
        }
        catch (cause) {
            const kind = abort.reason();
            const error = kind
                ? transportError(kind, cause)
                : new SDKError({ kind: "parse", status: response.status, message: `Invalid response body: ${String(cause)}`, response, cause });
            return this.#fail(error, withResponse);
        }
    }
    /** `fetch`, tried again as `retry` says when the method is idempotent. */
    async #fetch(op, url, init, signal) {
        const fetcher = this.config.fetcher ?? fetch;
        const retry = this.config.retry;
        const attempts = retry && IDEMPOTENT.includes(op.method.toUpperCase()) ? Math.max(1, retry.attempts ?? 3) : 1;
        for (let attempt = 1;; attempt++) {
            let response;
            try {
                response = await fetcher(url, init);
            }
            catch (cause) {
                if (attempt >= attempts || signal.aborted)
                    throw cause;
            }
            if (response && (attempt >= attempts || !(retry?.statuses ?? RETRY_STATUSES).includes(response.status)))
                return response;
            const wait = retryDelay(retry ?? {}, attempt, response);
            if (response && wait === undefined)
                return response;
            await response?.body?.cancel().catch(() => undefined);
            await sleep(wait ?? 0, signal);
        }
    }
    /**
     * The credentials of the first alternative of `op.security` whose every
     * scheme has one in `auth`; none when no alternative is complete (the
     * server then answers 401) or the operation requires nothing.
     */
    async #credentials(op) {
        const auth = this.config.auth;
        if (!op.security || !auth)
            return [];
        const known = new Map();
        const credential = async (name) => {
            if (!known.has(name)) {
                const given = Object.prototype.hasOwnProperty.call(auth, name) ? auth[name] : undefined;
                const value = typeof given === "function" ? await given() : given;
                known.set(name, value === "" ? undefined : value);
            }
            return known.get(name);
        };
        for (const alternative of op.security) {
            if (alternative.length === 0)
                continue;
            const found = [];
            for (const name of alternative) {
                const scheme = Object.prototype.hasOwnProperty.call(this.#schemes, name) ? this.#schemes[name] : undefined;
                const value = scheme ? await credential(name) : undefined;
                if (!scheme || value === undefined)
                    break;
                found.push([scheme, value]);
            }
            if (found.length === alternative.length)
                return found;
        }
        return [];
    }
    async #headers(op, options, credentials = []) {
        const out = {};
        if (op.accept !== undefined)
            out["accept"] = op.accept;
        const configured = this.config.headers;
        mergeHeaders(out, typeof configured === "function" ? await configured() : configured);
        for (const [scheme, value] of credentials)
            applyCredential(out, scheme, value);
        if (op.bodyAs === "json")
            out["content-type"] = op.contentType ?? "application/json";
        else if (op.bodyAs === "text")
            out["content-type"] = op.contentType ?? "text/plain";
        else if (op.bodyAs === "binary" && op.contentType !== undefined)
            out["content-type"] = op.contentType;
        mergeHeaders(out, headerParams(op, options.headers));
        for (const [name, value] of Object.entries(options.cookies ?? {})) {
            if (value !== undefined && value !== null)
                cookieParam(out, op, name, value);
        }
        mergeHeaders(out, op.constHeaders);
        return out;
    }
    /** The `validation` error for what `check` finds, if the client has a validator and it finds anything. */
    #validate(op, check, response) {
        const validator = this.config.validator;
        const problems = validator ? check(validator, op.operationId ?? `${op.method} ${op.path}`) : undefined;
        if (!problems || problems.length === 0)
            return undefined;
        const what = response ? `The ${response.status} response` : "The request body";
        const message = `${what} of ${op.method} ${op.path} is not what the document describes: ${problems.join("; ")}`;
        return new SDKError({ kind: "validation", status: response?.status ?? 0, message, ...(response ? { response } : {}), cause: problems });
    }
    async #fail(error, context) {
        let current = error;
        for (const hook of chain(this.config.onError, this.config.interceptors?.error))
            current = orElse(await hook(current, context), current);
        return { data: null, error: current, response: context.response };
    }
}
const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
function readHeaderValue(kind, value) {
    return kind === "number" ? Number(value) : kind === "boolean" ? value.trim() === "true" : value;
}
export function readHeaders(op, response) {
    const out = {};
    for (const [name, kind] of Object.entries(op.responseHeaders ?? {})) {
        const value = response.headers.get(name);
        if (value === null)
            continue;
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
export function applyCredential(headers, scheme, value) {
    if (scheme.type === "bearer")
        mergeHeaders(headers, { authorization: `Bearer ${credentialText(value)}` });
    else if (scheme.type === "basic")
        mergeHeaders(headers, { authorization: `Basic ${basicToken(value)}` });
    else if (scheme.in === "header" && scheme.name !== undefined)
        mergeHeaders(headers, { [scheme.name]: credentialText(value) });
    else if (scheme.in === "cookie" && scheme.name !== undefined)
        appendCookie(headers, scheme.name, credentialText(value));
}
/** Adds `name=value` (the value percent-encoded) to the `Cookie` header of `headers`, after the cookies it has. */
function appendCookie(headers, name, value) {
    addCookie(headers, `${cookieName(name)}=${encodeURIComponent(value)}`);
}
/**
 * A cookie's name as sent: a token (RFC 6265 §4.1.1), every other
 * character percent-encoded, so that a name with `;`, `=`, a space or a
 * non-ASCII letter cannot end the cookie or start another.
 */
function cookieName(name) {
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
function cookieParam(headers, op, name, value) {
    const explode = op.cookieStyles?.[name]?.explode ?? true;
    if (Array.isArray(value)) {
        const items = value.filter((v) => v !== undefined && v !== null).map(scalar);
        if (items.length === 0)
            return;
        if (explode)
            for (const item of items)
                appendCookie(headers, name, item);
        else
            addCookie(headers, `${cookieName(name)}=${items.map(enc).join(",")}`);
        return;
    }
    if (!isObject(value))
        return appendCookie(headers, name, scalar(value));
    const entries = objectEntries(value);
    if (entries.length === 0)
        return;
    if (explode)
        for (const [k, v] of entries)
            appendCookie(headers, enc(k), v);
    else
        addCookie(headers, `${cookieName(name)}=${pairs(entries, false)}`);
}
/** Adds `cookie` (`name=value`, already written) to the `Cookie` header of `headers`, after the cookies it has. */
function addCookie(headers, cookie) {
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === "cookie");
    mergeHeaders(headers, { cookie: existing ? `${headers[existing]}; ${cookie}` : cookie });
}
/** `base64(username:password)` of UTF-8 bytes, for `Authorization: Basic`. */
export function basicToken(value) {
    const text = typeof value === "string" ? value : `${value.username}:${value.password}`;
    let binary = "";
    for (const byte of new TextEncoder().encode(text))
        binary += String.fromCharCode(byte);
    return btoa(binary);
}
function credentialText(value) {
    return typeof value === "string" ? value : `${value.username}:${value.password}`;
}
/** The single hook first, then the interceptors. */
function chain(single, more) {
    return [...(single ? [single] : []), ...(more ?? [])];
}
/**
 * Milliseconds before try `attempt + 1`: the server's `Retry-After` (seconds
 * or a date) when it sent one, else exponential backoff with full jitter.
 * `undefined` when `Retry-After` asks for longer than `maxDelay`: give up.
 */
export function retryDelay(retry, attempt, response) {
    const max = retry.maxDelay ?? 30_000;
    const header = response?.headers.get("retry-after");
    if (header !== null && header !== undefined) {
        const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
        if (!Number.isNaN(seconds))
            return seconds > max ? undefined : Math.max(0, seconds);
    }
    const ceiling = Math.min(max, (retry.baseDelay ?? 200) * 2 ** (attempt - 1));
    return Math.random() * ceiling;
}
/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal.aborted)
            return reject(signal.reason);
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
function orElse(replacement, original) {
    return replacement === undefined || replacement === null ? original : replacement;
}
/**
 * A call's headers with each object value written in the `simple` style
 * (SPEC C6), keys and values percent-encoded, as `,` and `=` delimit them:
 * `k1,v1,k2,v2`, exploded `k1=v1,k2=v2`. An object without values sends
 * no header. Other values are left to `mergeHeaders`.
 */
function headerParams(op, headers) {
    if (!headers)
        return undefined;
    const written = Object.entries(headers).map(([name, value]) => {
        if (!isObject(value))
            return [name, value];
        const entries = objectEntries(value);
        if (entries.length === 0)
            return [name, undefined];
        return [name, pairs(entries, op.headerStyles?.[name]?.explode ?? false)];
    });
    // `fromEntries` defines each name, `__proto__` included, as a property of its own.
    return Object.fromEntries(written);
}
/** Whether `value` is an object a style writes as key/value pairs: not a list, not a date. */
function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
/**
 * The properties of an object parameter that have a value, each as text.
 * A nested object or list has no form in these styles (OpenAPI leaves it
 * undefined): the generator types such parameters as text, and a value
 * that gets here anyway is written as JSON, as in paths and queries.
 */
function objectEntries(value) {
    return Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, scalar(v)]);
}
/** An object's entries as `k1,v1,k2,v2`, exploded `k1=v1,k2=v2`, keys and values percent-encoded. */
function pairs(entries, explode) {
    return entries.map(([k, v]) => `${enc(k)}${explode ? "=" : ","}${enc(v)}`).join(",");
}
/** Adds headers case-insensitively: a later name replaces an earlier one whatever its case. */
function mergeHeaders(out, values) {
    if (!values)
        return;
    for (const [name, value] of Object.entries(values)) {
        if (value === undefined)
            continue;
        for (const existing of Object.keys(out)) {
            if (existing.toLowerCase() === name.toLowerCase())
                delete out[existing];
        }
        // A list is sent comma-separated (OpenAPI's `simple` style).
        out[name] = Array.isArray(value) ? value.map(String).join(", ") : String(value);
    }
}
/** One abort signal for the caller's `signal` and the head timeout. */
function linkAbort(signal, timeout) {
    const controller = new AbortController();
    let why;
    const onAbort = () => {
        why ??= "abort";
        controller.abort(signal?.reason);
    };
    if (signal?.aborted)
        onAbort();
    else
        signal?.addEventListener("abort", onAbort, { once: true });
    const timer = timeout !== undefined && timeout > 0
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
function transportError(kind, cause) {
    if (kind === "timeout")
        return new SDKError({ kind, status: 0, message: "Request timed out", cause });
    if (kind === "abort")
        return new SDKError({ kind, status: 0, message: "Request aborted", cause });
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new SDKError({ kind: "network", status: 0, message: `Network error: ${detail}`, cause });
}
async function readErrorBody(response) {
    let text;
    try {
        text = await response.text();
    }
    catch {
        return undefined;
    }
    if (text === "")
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/** The server's `message` (a string or a list of strings), else the status text. */
export function errorMessage(body, response) {
    if (typeof body === "object" && body !== null && "message" in body) {
        const message = body.message;
        if (typeof message === "string" && message !== "")
            return message;
        if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === "string")) {
            return message.join("; ");
        }
    }
    return response.statusText !== "" ? response.statusText : `HTTP ${response.status}`;
}
async function decode(op, response) {
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
async function readJson(response) {
    const text = await response.text();
    return text === "" ? null : JSON.parse(text);
}
/** The media type of `response`, lower case, without parameters (`""` when none). */
function mediaType(response) {
    const essence = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
    return essence.trim().toLowerCase();
}
function isJsonMedia(response) {
    const type = mediaType(response);
    return type === "application/json" || type.endsWith("+json");
}
/**
 * A body the document leaves open (any media type: a handler's own `Response`),
 * read by its `Content-Type`: JSON parsed, `text/*` a string, an event
 * stream the `Response` itself, anything else a `Blob`; no body (204, or
 * empty without a type) is `null`.
 */
async function decodeByType(response) {
    const type = mediaType(response);
    if (response.status === 204) {
        await response.body?.cancel();
        return null;
    }
    if (isJsonMedia(response))
        return await readJson(response);
    if (type === "text/event-stream")
        return response;
    if (type.startsWith("text/"))
        return await response.text();
    const blob = await response.blob();
    return type === "" && blob.size === 0 ? null : blob;
}
function encodeBody(op, body, headers) {
    switch (op.bodyAs) {
        case "json":
            return JSON.stringify(body);
        case "urlencoded": {
            const form = new URLSearchParams();
            for (const [key, value] of Object.entries(body))
                appendForm(form, key, value);
            headers["content-type"] = "application/x-www-form-urlencoded";
            return form;
        }
        case "text":
            return String(body);
        default:
            // multipart (a FormData: fetch sets the boundary) and binary bodies go as they are.
            return body;
    }
}
function appendForm(form, key, value) {
    if (value === undefined || value === null)
        return;
    if (Array.isArray(value))
        for (const item of value)
            appendForm(form, key, item);
    else
        form.append(key, scalar(value));
}
function scalar(value) {
    if (value instanceof Date)
        return value.toISOString();
    if (typeof value === "object" && value !== null)
        return JSON.stringify(value);
    return String(value);
}
const enc = encodeURIComponent;
/** Fills `{name}` in the path; every value is percent-encoded (SPEC C6). */
export function buildPath(op, params) {
    const values = (params ?? {});
    return op.path.replace(/\{([^{}]+)\}/g, (whole, name) => {
        if (!Object.prototype.hasOwnProperty.call(values, name))
            return whole;
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
function headerProblem(op, headers) {
    for (const [name, value] of Object.entries(headers)) {
        const bad = /[^\t\x20-\x7e\x80-\xff]/u.exec(value)?.[0];
        if (bad === undefined)
            continue;
        const code = (bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
        const message = `Cannot send ${op.method} ${op.path}: the header \`${name}\` holds U+${code}, which an HTTP header cannot carry (Latin-1 text without control characters); encode the value in a way the server reads (e.g. percent-encoding) or send it in the body`;
        return new SDKError({ kind: "request", status: 0, message });
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
function emptyParameter(op, params) {
    const values = (params ?? {});
    for (const [, name] of op.path.matchAll(/\{([^{}]+)\}/g)) {
        if (name === undefined || !Object.prototype.hasOwnProperty.call(values, name))
            continue;
        const spec = op.pathStyles?.[name];
        const style = spec?.style ?? "simple";
        if (style === "matrix")
            continue;
        const lead = style === "label" ? 1 : 0;
        if (pathValue(name, values[name], style, spec?.explode ?? false).length > lead)
            continue;
        const message = `Cannot send ${op.method} ${op.path}: the path parameter \`${name}\` is empty, which would leave its segment empty (servers fold \`//\` and a trailing \`/\` into another path, so the call would reach another route)`;
        return new SDKError({ kind: "request", status: 0, message });
    }
    return undefined;
}
/**
 * The `request` error when a path parameter makes a whole segment `.` or
 * `..`: `encodeURIComponent` keeps dots, and URLs resolve such a segment
 * (`/items/..` is `/`), so the call would reach another route.
 */
function dotSegment(op, path) {
    // Values are percent-encoded, so `/` in a value cannot add a segment: the segments line up with the template's.
    const template = op.path.split("/");
    const built = path.split("/");
    for (let i = 0; i < built.length; i++) {
        const segment = built[i];
        const written = template[i];
        if ((segment !== "." && segment !== "..") || written === undefined || !written.includes("{"))
            continue;
        const names = [...written.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]).join("`, `");
        const message = `Cannot send ${op.method} ${op.path}: the path parameter \`${names}\` makes the segment "${segment}", which URLs read as a step up the path (the call would reach another route)`;
        return new SDKError({ kind: "request", status: 0, message });
    }
    return undefined;
}
function pathValue(name, value, style, explode) {
    const lead = style === "label" ? "." : style === "matrix" ? ";" : "";
    if (Array.isArray(value)) {
        const items = value.map((v) => enc(scalar(v)));
        if (style === "matrix")
            return explode ? items.map((v) => `;${name}=${v}`).join("") : `;${name}=${items.join(",")}`;
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
export function buildQuery(op, query) {
    if (!query)
        return "";
    const parts = [];
    for (const [name, value] of Object.entries(query)) {
        if (value === undefined || value === null)
            continue;
        const spec = op.queryStyles?.[name];
        const style = spec?.style ?? "form";
        const explode = spec?.explode ?? style === "form";
        queryValue(parts, name, value, style, explode);
    }
    return parts.length === 0 ? "" : `?${parts.join("&")}`;
}
function queryValue(parts, name, value, style, explode) {
    if (style === "deepObject" && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)) {
        deepObject(parts, enc(name), value);
        return;
    }
    if (Array.isArray(value)) {
        const items = value.filter((v) => v !== undefined && v !== null).map((v) => enc(scalar(v)));
        if (items.length === 0)
            return;
        if (explode)
            for (const item of items)
                parts.push(`${enc(name)}=${item}`);
        else
            parts.push(`${enc(name)}=${items.join(style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "|" : ",")}`);
        return;
    }
    if (typeof value === "object" && value !== null && !(value instanceof Date)) {
        const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
        if (explode)
            for (const [k, v] of entries)
                parts.push(`${enc(k)}=${enc(scalar(v))}`);
        else
            parts.push(`${enc(name)}=${entries.flatMap(([k, v]) => [enc(k), enc(scalar(v))]).join(",")}`);
        return;
    }
    parts.push(`${enc(name)}=${enc(scalar(value))}`);
}
function deepObject(parts, prefix, value) {
    for (const [key, item] of Object.entries(value)) {
        if (item === undefined || item === null)
            continue;
        const name = `${prefix}%5B${enc(key)}%5D`;
        if (Array.isArray(item))
            for (const v of item)
                parts.push(`${name}=${enc(scalar(v))}`);
        else if (typeof item === "object" && !(item instanceof Date))
            deepObject(parts, name, item);
        else
            parts.push(`${name}=${enc(scalar(item))}`);
    }
}
