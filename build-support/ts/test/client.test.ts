// SPEC C2, C3, C6: the core client's runtime behaviour, through a fake fetcher
// and through generated clients of golden cases (`tests/integration/sdk_node.rs` writes them to ./generated/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ClientCore, SDKError, buildPath, buildQuery, retryDelay, type ClientConfig, type OperationSpec } from "../client.js";
import { createClient as createUriClient } from "./generated/tether_uri_versioning/index.js";
import { createClient as createHeaderClient } from "./generated/tether_header_versioning/index.js";
import { createClient as createSplitClient, SDKError as SplitSDKError } from "./generated/tether_header_split/index.js";
import { createClient as createUploadClient } from "./generated/tether_multipart/index.js";
import { createClient as createSecuredClient } from "./generated/security_schemes/index.js";
import { createClient as createHeadersClient } from "./generated/response_headers/index.js";
import { createClient as createHeaderParamsClient } from "./generated/header_params/index.js";
import { createClient as createObjectParamsClient } from "./generated/header_object_params/index.js";
import { createClient as createSseClient, SSEConnection, type UsersEventsEvent } from "./generated/tether_sse_31/index.js";
import { createClient as createAcceptClient } from "./generated/accept_media_types/index.js";

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetcher that records calls and answers with `respond`. */
function fake(respond: (call: Call) => Response | Promise<Response>): { calls: Call[]; fetcher: NonNullable<ClientConfig["fetcher"]> } {
  const calls: Call[] = [];
  return {
    calls,
    fetcher: async (url, init) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    },
  };
}

const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

const get = (path: string, extra: Partial<OperationSpec> = {}): OperationSpec => ({ method: "GET", path, parseAs: "json", ...extra });

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

test("C6 path parameters are always percent-encoded", () => {
  assert.equal(buildPath(get("/files/{name}/{id}"), { name: "a/b c?#%", id: 7 }), "/files/a%2Fb%20c%3F%23%25/7");
  assert.equal(buildPath(get("/p/{l}", { pathStyles: { l: { style: "label" } } }), { l: ["x", "y/z"] }), "/p/.x,y%2Fz");
  assert.equal(buildPath(get("/p/{m}", { pathStyles: { m: { style: "matrix", explode: true } } }), { m: ["a", "b"] }), "/p/;m=a;m=b");
  assert.equal(buildPath(get("/p/{o}", { pathStyles: { o: { explode: true } } }), { o: { a: 1, b: "x y" } }), "/p/a=1,b=x%20y");
  assert.equal(buildPath(get("/p/{o}"), { o: { a: 1, b: 2 } }), "/p/a,1,b,2");
});

test("C6 a path parameter `.` or `..` (a whole segment) is refused with kind request, nothing sent", async () => {
  // What would happen: URLs resolve the segment, and the call reaches another route.
  assert.equal(new URL("http://h/api/things/..").pathname, "/api/");
  assert.equal(new URL("http://h/api/things/./x").pathname, "/api/things/x");
  const { calls, fetcher } = fake(() => json({}));
  const core = new ClientCore({ baseUrl: "http://h", fetcher });
  const remove: OperationSpec = { method: "DELETE", path: "/api/things/{name}", parseAs: "none" };
  for (const name of ["..", "."]) {
    const { error } = await core.request(remove, { params: { name } });
    assert.ok(error instanceof SDKError);
    assert.equal(error.kind, "request");
    assert.equal(error.status, 0);
    assert.ok(error.message.includes(`DELETE /api/things/{name}: the path parameter \`name\` makes the segment "${name}"`), error.message);
  }
  // A label-style value "." writes the segment "..": refused as well.
  const label = await core.request(get("/p/{l}", { pathStyles: { l: { style: "label" } } }), { params: { l: "." } });
  assert.equal(label.error?.kind, "request");
  const thrown = new ClientCore({ baseUrl: "http://h", fetcher, throwOnError: true }).request(remove, { params: { name: ".." } });
  await assert.rejects(thrown, (e: unknown) => e instanceof SDKError && e.kind === "request");
  assert.equal(calls.length, 0);
  // Dots inside a segment, or a segment of the document's own, go as they are.
  for (const name of ["...", ".a", "a..", "%2e%2e"]) await core.request(remove, { params: { name } });
  await core.request(get("/a/../{id}"), { params: { id: 1 } });
  assert.deepEqual(
    calls.map((c) => c.url),
    ["http://h/api/things/...", "http://h/api/things/.a", "http://h/api/things/a..", "http://h/api/things/%252e%252e", "http://h/a/../1"],
  );
});

test("C6 an empty path parameter is refused with kind request, nothing sent", async () => {
  // What would happen: `/api/things/` and `/api/things//parts` reach other routes once servers fold them.
  const { calls, fetcher } = fake(() => json({}));
  const core = new ClientCore({ baseUrl: "http://h", fetcher });
  const label = { pathStyles: { l: { style: "label" as const } } };
  const cases: Array<[OperationSpec, Record<string, unknown>, string]> = [
    [get("/api/things/{name}"), { name: "" }, "GET /api/things/{name}: the path parameter `name` is empty"],
    [get("/api/things/{name}/parts"), { name: "" }, "GET /api/things/{name}/parts: the path parameter `name` is empty"],
    [get("/api/things/{name}/parts/{id}"), { name: "a", id: "" }, "the path parameter `id` is empty"],
    [get("/api/things/{name}.json"), { name: "" }, "the path parameter `name` is empty"],
    [get("/api/things/{list}"), { list: [] }, "the path parameter `list` is empty"],
    [get("/api/things/{object}"), { object: {} }, "the path parameter `object` is empty"],
    [get("/p/{l}", label), { l: "" }, "the path parameter `l` is empty"],
  ];
  for (const [op, params, expected] of cases) {
    const { error } = await core.request(op, { params });
    assert.ok(error instanceof SDKError);
    assert.equal(error.kind, "request");
    assert.equal(error.status, 0);
    assert.ok(error.message.includes(expected), error.message);
  }
  const thrown = new ClientCore({ baseUrl: "http://h", fetcher, throwOnError: true }).request(get("/api/things/{name}"), { params: { name: "" } });
  await assert.rejects(thrown, (e: unknown) => e instanceof SDKError && e.kind === "request");
  assert.equal(calls.length, 0);
  // A matrix-style parameter keeps its name; zero and false are values.
  await core.request(get("/p/{m}", { pathStyles: { m: { style: "matrix" } } }), { params: { m: "" } });
  await core.request(get("/p/{n}/{b}"), { params: { n: 0, b: false } });
  assert.deepEqual(
    calls.map((c) => c.url),
    ["http://h/p/;m=", "http://h/p/0/false"],
  );
});

test("C6 a header value HTTP cannot carry is refused with kind request, nothing sent", async () => {
  // What would happen: fetch throws a TypeError, which reads as a network failure.
  assert.throws(() => new Headers({ "x-name": "日本" }), TypeError);
  const { calls, fetcher } = fake(() => json({}));
  const core = new ClientCore({ baseUrl: "http://h", fetcher });
  const cases: Array<[string, string]> = [["日本", "U+65E5"], ["a😀", "U+1F600"], ["a\r\nx-evil: 1", "U+000D"], ["a\u0000", "U+0000"], ["\u007f", "U+007F"]];
  for (const [value, code] of cases) {
    const { error } = await core.request(get("/h"), { headers: { "x-name": value } });
    assert.ok(error instanceof SDKError);
    assert.equal(error.kind, "request");
    assert.equal(error.status, 0);
    assert.ok(error.message.includes(`GET /h: the header \`x-name\` holds ${code}`), error.message);
  }
  const configured = await new ClientCore({ baseUrl: "http://h", fetcher, headers: { "x-tenant": "ü😀" } }).request(get("/h"));
  assert.equal(configured.error?.kind, "request");
  assert.equal(calls.length, 0);
  // Latin-1 text, tabs and spaces go as they are.
  await core.request(get("/h"), { headers: { "x-name": "Zoë\tÅngström ok" } });
  assert.equal(headersOf(calls[0])["x-name"], "Zoë\tÅngström ok");
});

test("C6 query parameters follow style and explode", () => {
  const op = get("/q", {
    queryStyles: {
      csv: { explode: false },
      spaced: { style: "spaceDelimited" },
      piped: { style: "pipeDelimited" },
      filter: { style: "deepObject", explode: true },
      point: { explode: false },
    },
  });
  const q = buildQuery(op, {
    ids: [1, 2],
    csv: ["a", "b,c"],
    spaced: ["x", "y"],
    piped: ["p", "q"],
    filter: { status: "open", tags: ["t1", "t2"], range: { min: 1 } },
    point: { x: 1, y: 2 },
    obj: { k: "v" },
    skip: undefined,
    none: null,
    when: new Date(Date.UTC(2024, 0, 1)),
    "odd name": "a&b=c",
  });
  assert.equal(
    q,
    "?ids=1&ids=2&csv=a,b%2Cc&spaced=x%20y&piped=p|q" +
      "&filter%5Bstatus%5D=open&filter%5Btags%5D=t1&filter%5Btags%5D=t2&filter%5Brange%5D%5Bmin%5D=1" +
      "&point=x,1,y,2&k=v&when=2024-01-01T00%3A00%3A00.000Z&odd%20name=a%26b%3Dc",
  );
  assert.equal(buildQuery(op, {}), "");
});

test("C2 headers: config object or async function, per-call headers, document constants win", async () => {
  const { calls, fetcher } = fake(() => json({}));
  const core = new ClientCore({ baseUrl: "http://h/", fetcher, headers: async () => ({ Authorization: "Bearer t", "X-A": "config" }) });
  await core.request(get("/x", { constHeaders: { "X-API-Version": "2" } }), {
    headers: { "x-a": "call", "x-api-version": "9", "X-Skip": undefined, "X-N": 3 },
  });
  assert.equal(calls[0]?.url, "http://h/x");
  assert.deepEqual(headersOf(calls[0]), { Authorization: "Bearer t", "x-a": "call", "X-N": "3", "X-API-Version": "2" });
});

test("C2 Accept: what the operation reads, from its documented media types; a configured Accept wins", async () => {
  // A server that answers XML unless asked for JSON (issue 33, item 6: the document lists XML first).
  const { calls, fetcher } = fake((call) =>
    (headersOf(call)["accept"] ?? "").includes("application/json")
      ? json({ id: 1, name: "Rex" })
      : new Response("<pet><id>1</id></pet>", { status: 200, headers: { "content-type": "application/xml" } }),
  );
  const client = createAcceptClient({ baseUrl: "http://h", fetcher });
  const { data, error } = await client.pets.getPet({ params: { id: 1 } });
  assert.equal(error, null);
  assert.deepEqual(data, { id: 1, name: "Rex" });
  await client.pets.deletePet({ params: { id: 1 } });
  await client.pets.getPhoto({ params: { id: 1 } });
  await client.pets.petEvents();
  await client.pets.countPets();
  await client.pets.ping();
  assert.deepEqual(
    calls.map((c) => headersOf(c)["accept"]),
    ["application/json, application/problem+json", "text/plain", "image/png, image/jpeg, application/json", "text/event-stream, application/json", "text/csv, text/plain", undefined],
  );
  const configured = createAcceptClient({ baseUrl: "http://h", fetcher, headers: { Accept: "application/xml" } });
  await configured.pets.countPets();
  assert.deepEqual(headersOf(calls.at(-1)), { Accept: "application/xml" });
});

test("E4 auth: each operation sends the credential of its first complete alternative, and only where required", async () => {
  const { calls, fetcher } = fake(() => new Response(null, { status: 204 }));
  let asked = 0;
  const client = createSecuredClient({
    baseUrl: "http://h",
    fetcher,
    headers: { Cookie: "theme=dark", Authorization: "from-config" },
    auth: {
      "bearer-auth": async () => {
        asked += 1;
        return "tok";
      },
      basic: { username: "ädä", password: "p:w" },
      "query*/key": () => "k&1",
      constructor: "s i d",
      __proto__: "x",
    },
  });
  await client.account.me();
  assert.equal(headersOf(calls[0]).authorization, "Bearer tok");
  assert.equal(headersOf(calls[0]).Authorization, undefined, "one Authorization header, not two");
  assert.equal(asked, 1);
  // The first alternative's scheme has no credential; the second (basic AND a query key) is complete.
  await client.account.createKey();
  assert.equal(headersOf(calls[1]).authorization, `Basic ${Buffer.from("ädä:p:w").toString("base64")}`);
  assert.equal(calls[1]?.url, "http://h/keys?api%20key=k%261");
  // `security: []` sends nothing, whatever `auth` holds: the configured header stays as given.
  await client.account.open();
  assert.equal(headersOf(calls[2]).Authorization, "from-config");
  assert.equal(calls[2]?.url, "http://h/open");
  // A cookie credential joins the cookies already set.
  await client.account.session();
  assert.equal(headersOf(calls[3]).cookie, "theme=dark; sid=s%20i%20d");
  // `__proto__` in an object literal is the prototype, not a credential: nothing is sent for it.
  await client.account.digestOnly();
  assert.equal(headersOf(calls[4])["X-Proto"], undefined);

  // No credential for any alternative: the request goes out bare and the server's 401 comes back as an error.
  const bare = fake(() => json({ statusCode: 401, message: "Unauthorized" }, 401));
  const anonymous = createSecuredClient({ baseUrl: "http://h", fetcher: bare.fetcher, auth: { "bearer-auth": () => undefined } });
  const me = await anonymous.account.me();
  assert.equal(me.error?.status, 401);
  assert.equal(headersOf(bare.calls[0]).authorization, undefined);
  // Half an alternative is none: basic without the query key it must go with sends neither.
  const half = fake(() => new Response(null, { status: 201 }));
  const partial = createSecuredClient({ baseUrl: "http://h", fetcher: half.fetcher, auth: { basic: { username: "a", password: "b" } } });
  await partial.account.createKey();
  assert.equal(headersOf(half.calls[0]).authorization, undefined);
  assert.equal(half.calls[0]?.url, "http://h/keys");
});

test("E2 declared response headers are read into their types on success only", async () => {
  const { fetcher } = fake((call) =>
    call.url.endsWith("/items")
      ? new Response("[]", {
          status: 200,
          headers: [
            ["content-type", "application/json"],
            ["x-total-count", "42"],
            // One item per line, as the server sends a list; fetch joins them.
            ["x-tags", "new"],
            ["x-tags", "sale, last"],
          ],
        })
      : json({ statusCode: 500, message: "no" }, 500),
  );
  const client = createHeadersClient({ baseUrl: "http://h", fetcher });
  const page = await client.items.list();
  assert.equal(page.error, null);
  if (page.error !== null) return;
  assert.deepEqual(
    page.headers,
    { "X-Total-Count": 42, "X-Tags": ["new", "sale", "last"] },
    "absent Link is left out, the count is a number, the list a list",
  );
  const tags: string[] | undefined = page.headers["X-Tags"];
  assert.equal(tags?.length, 3);
  const failed = await client.items.login();
  assert.equal(failed.error?.status, 500);
  assert.equal("headers" in failed, false);
});

test("G3 credentials: the config's value reaches fetch; none set leaves fetch's default", async () => {
  const { calls, fetcher } = fake(() => json({}));
  await new ClientCore({ fetcher, credentials: "include" }).request(get("/x"));
  await new ClientCore({ fetcher }).request(get("/x"));
  assert.equal(calls[0]?.init.credentials, "include");
  assert.equal("credentials" in (calls[1]?.init ?? {}), false);
});

test("G3 retries: idempotent calls only, on retryable statuses and network failures, honouring Retry-After", async () => {
  const answers = [
    () => Promise.reject(new TypeError("socket hang up")),
    () => Promise.resolve(new Response("busy", { status: 503, headers: { "retry-after": "0" } })),
    () => Promise.resolve(json({ ok: true })),
  ];
  const { calls, fetcher } = fake(() => answers[calls.length - 1]!());
  const core = new ClientCore({ fetcher, retry: { attempts: 3, baseDelay: 1 } });
  const { data, error } = await core.request(get("/x"));
  assert.equal(error, null);
  assert.deepEqual(data, { ok: true });
  assert.equal(calls.length, 3);

  // POST is not idempotent: one try; and retries are off by default.
  const post = fake(() => new Response("busy", { status: 503 }));
  await new ClientCore({ fetcher: post.fetcher, retry: {} }).request({ method: "POST", path: "/x", parseAs: "json" });
  const off = fake(() => new Response("busy", { status: 503 }));
  await new ClientCore({ fetcher: off.fetcher }).request(get("/x"));
  assert.equal(post.calls.length, 1);
  assert.equal(off.calls.length, 1);

  // A 404 is not retried; a Retry-After beyond maxDelay ends the retries with that answer.
  const notFound = fake(() => json({ message: "gone" }, 404));
  await new ClientCore({ fetcher: notFound.fetcher, retry: {} }).request(get("/x"));
  assert.equal(notFound.calls.length, 1);
  const later = fake(() => new Response("", { status: 429, headers: { "retry-after": "3600" } }));
  const r = await new ClientCore({ fetcher: later.fetcher, retry: { maxDelay: 1000 } }).request(get("/x"));
  assert.equal(later.calls.length, 1);
  assert.equal(r.error?.status, 429);
});

test("G3 retryDelay: Retry-After in seconds or as a date, else jittered exponential backoff", () => {
  const after = (value: string) => new Response("", { status: 503, headers: { "retry-after": value } });
  assert.equal(retryDelay({}, 1, after("2")), 2000);
  const date = retryDelay({}, 1, after(new Date(Date.now() + 5000).toUTCString()));
  assert.ok(date !== undefined && date > 3000 && date <= 5000, String(date));
  assert.equal(retryDelay({ maxDelay: 1000 }, 1, after("2")), undefined);
  for (let attempt = 1; attempt <= 4; attempt++) {
    const d = retryDelay({ baseDelay: 100, maxDelay: 500 }, attempt, undefined) ?? -1;
    assert.ok(d >= 0 && d <= Math.min(500, 100 * 2 ** (attempt - 1)), `attempt ${attempt}: ${d}`);
  }
});

test("G3 aborting during a retry's wait ends the call as an abort", async () => {
  const { calls, fetcher } = fake(() => new Response("", { status: 503, headers: { "retry-after": "10" } }));
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 50);
  const { error } = await new ClientCore({ fetcher, retry: {} }).request(get("/x"), { signal: abort.signal });
  assert.equal(error?.kind, "abort");
  assert.equal(calls.length, 1);
});

test("G3 interceptors: several of each kind run in order after the single hooks", async () => {
  const order: string[] = [];
  const { calls, fetcher } = fake(() => json({ message: "no" }, 400));
  const core = new ClientCore({
    fetcher,
    onRequest: (_url, init) => {
      order.push("onRequest");
      return { ...init, headers: { ...(init.headers as Record<string, string>), "x-a": "1" } };
    },
    onError: (e) => {
      order.push("onError");
      return e;
    },
    interceptors: {
      request: [
        (_url, init) => {
          order.push("request 1");
          return { ...init, headers: { ...(init.headers as Record<string, string>), "x-b": "2" } };
        },
        () => {
          order.push("request 2");
        },
      ],
      response: [
        (response) => {
          order.push("response 1");
          return response;
        },
      ],
      error: [
        (e) => {
          order.push("error 1");
          return new SDKError({ kind: e.kind, status: e.status, message: `wrapped: ${e.message}` });
        },
        (e) => {
          order.push(`error 2 sees ${e.message}`);
        },
      ],
    },
  });
  const { error } = await core.request(get("/x"));
  assert.deepEqual(order, ["onRequest", "request 1", "request 2", "response 1", "onError", "error 1", "error 2 sees wrapped: no"]);
  assert.deepEqual(headersOf(calls[0]), { "x-a": "1", "x-b": "2" });
  assert.equal(error?.message, "wrapped: no");
});

test("G1 an error's cause is kept (set without ES2022's Error options)", async () => {
  const { fetcher } = fake(() => Promise.reject(new TypeError("socket hang up")));
  const { error } = await new ClientCore({ fetcher }).request(get("/x"));
  assert.ok(error instanceof SDKError);
  assert.equal(error.kind, "network");
  assert.ok(error.cause instanceof TypeError);
});

test("C3 JSON bodies are sent as JSON; urlencoded and text as their kind", async () => {
  const { calls, fetcher } = fake(() => json({ ok: true }));
  const core = new ClientCore({ fetcher });
  await core.request({ method: "POST", path: "/j", bodyAs: "json", parseAs: "json" }, { body: { a: 1 } });
  assert.equal(calls[0]?.init.body, '{"a":1}');
  assert.equal(headersOf(calls[0])["content-type"], "application/json");
  await core.request({ method: "POST", path: "/u", bodyAs: "urlencoded", parseAs: "json" }, { body: { user: "a b", scopes: ["r", "w"] } });
  assert.equal(String(calls[1]?.init.body), "user=a+b&scopes=r&scopes=w");
  await core.request({ method: "POST", path: "/t", bodyAs: "text", parseAs: "text" }, { body: "hi" });
  assert.equal(calls[2]?.init.body, "hi");
  assert.equal(headersOf(calls[2])["content-type"], "text/plain");
});

test("C3 success is {data, error: null, response}; 204 is data null", async () => {
  const core = new ClientCore({ fetcher: async () => new Response(null, { status: 204 }) });
  const r = await core.request(get("/x"));
  assert.equal(r.data, null);
  assert.equal(r.error, null);
  assert.equal(r.response?.status, 204);
  const none = await core.request(get("/x", { parseAs: "none" }));
  assert.equal(none.data, null);
});

test("A3 parseAs auto (a body of any media type) reads it by its Content-Type", async () => {
  const answer = (body: BodyInit | null, type?: string, status = 200) =>
    new ClientCore({
      fetcher: async () => new Response(body, type === undefined ? { status } : { status, headers: { "content-type": type } }),
    }).request(get("/x", { parseAs: "auto" }));
  assert.deepEqual((await answer('{"a":1}', "application/json; charset=utf-8")).data, { a: 1 });
  assert.deepEqual((await answer('{"type":"x"}', "application/problem+json")).data, { type: "x" });
  assert.equal((await answer("", "application/json")).data, null);
  assert.equal((await answer("first", "text/plain; charset=utf-8")).data, "first");
  assert.equal((await answer("<h1>", "text/html")).data, "<h1>");
  const pdf = (await answer(new Uint8Array([37, 80, 68, 70, 0, 255]), "application/pdf")).data;
  assert.ok(pdf instanceof Blob);
  assert.deepEqual([...new Uint8Array(await pdf.arrayBuffer())], [37, 80, 68, 70, 0, 255]);
  assert.equal((await answer(null, undefined, 204)).data, null);
  assert.equal((await answer(null)).data, null, "no body and no type");
  const stream = (await answer("data: 1\n\n", "text/event-stream")).data;
  assert.ok(stream instanceof Response, "an event stream is handed back whole, not read to its end");
  const broken = await answer("{", "application/json");
  assert.equal(broken.error?.kind, "parse");
});

test("A3 parseAs auto checks a JSON answer with the validator, and only a JSON one", async () => {
  const seen: unknown[] = [];
  const validator = {
    response: (_operation: string, _status: number, data: unknown) => {
      seen.push(data);
      return undefined;
    },
  };
  for (const [body, type] of [['{"a":1}', "application/json"], ["text", "text/plain"]] as const) {
    await new ClientCore({ validator, fetcher: async () => new Response(body, { headers: { "content-type": type } }) }).request(
      get("/x", { parseAs: "auto", operationId: "x" }),
    );
  }
  assert.deepEqual(seen, [{ a: 1 }]);
});

test("A3 an Attachment: the Blob and its Content-Disposition, typed", async () => {
  const bytes = new Uint8Array([1, 2, 3, 0, 255]);
  const { fetcher } = fake(
    () =>
      new Response(bytes, {
        headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="inv-1.pdf"', etag: '"v1"' },
      }),
  );
  const file = await createHeadersClient({ baseUrl: "http://h", fetcher }).items.export();
  assert.equal(file.error, null);
  if (file.error !== null) return;
  const blob: Blob = file.data;
  assert.deepEqual([...new Uint8Array(await blob.arrayBuffer())], [...bytes]);
  assert.equal(file.headers["Content-Disposition"], 'attachment; filename="inv-1.pdf"');
  assert.equal(file.headers.ETag, '"v1"');
});

test("C3 an HTTP error is {data: null, error: SDKError} with the server's message", async () => {
  const core = new ClientCore({
    fetcher: async (url) =>
      url.endsWith("/one")
        ? json({ statusCode: 404, message: "Cannot GET /one", error: "Not Found" }, 404, "Not Found")
        : url.endsWith("/many")
          ? json({ statusCode: 400, message: ["name is empty", "age is negative"] }, 400, "Bad Request")
          : new Response("upstream down", { status: 502, statusText: "Bad Gateway" }),
  });
  const one = await core.request(get("/one"));
  assert.equal(one.data, null);
  assert.ok(one.error instanceof SDKError && one.error instanceof Error);
  assert.equal(one.error.kind, "http");
  assert.equal(one.error.status, 404);
  assert.equal(one.error.message, "Cannot GET /one");
  assert.deepEqual(one.error.body, { statusCode: 404, message: "Cannot GET /one", error: "Not Found" });
  assert.equal(one.response?.status, 404);
  const many = await core.request(get("/many"));
  assert.equal(many.error?.message, "name is empty; age is negative");
  const text = await core.request(get("/text"));
  assert.equal(text.error?.message, "Bad Gateway");
  assert.equal(text.error?.body, "upstream down");
});

test("C3 throwOnError throws the SDKError instance", async () => {
  const core = new ClientCore<true>({ throwOnError: true, fetcher: async () => json({ message: "nope" }, 409) });
  await assert.rejects(core.request(get("/x")), (e: unknown) => e instanceof SDKError && e.status === 409 && e.message === "nope");
});

test("C2 hooks: onRequest edits the request, onResponse replaces the response, onError replaces the error", async () => {
  const seen: string[] = [];
  const { calls, fetcher } = fake(() => json({ message: "original" }, 500));
  const core = new ClientCore({
    fetcher,
    onRequest: (url, init) => ({ ...init, headers: { ...(init.headers as Record<string, string>), "x-hooked": url } }),
    onResponse: (response, ctx) => {
      seen.push(`response ${response.status} ${ctx.operation.path}`);
      return response.status === 500 ? json({ message: "replaced" }, 503) : undefined;
    },
    onError: (error, ctx) => {
      seen.push(`error ${error.status} ${ctx.response?.status}`);
      return new SDKError({ kind: error.kind, status: error.status, message: `wrapped: ${error.message}` });
    },
  });
  const r = await core.request(get("/hook"));
  assert.equal(headersOf(calls[0])["x-hooked"], "/hook");
  assert.equal(r.error?.message, "wrapped: replaced");
  assert.deepEqual(seen, ["response 500 /hook", "error 503 503"]);
});

test("C6 network failure, abort and timeout are errors of their own kind", async () => {
  const network = await new ClientCore({
    fetcher: async () => {
      throw new TypeError("fetch failed");
    },
  }).request(get("/x"));
  assert.equal(network.error?.kind, "network");
  assert.equal(network.error?.status, 0);
  assert.equal(network.response, undefined);

  const hang: NonNullable<ClientConfig["fetcher"]> = (_url, init) =>
    new Promise((_resolve, reject) => {
      if (init.signal?.aborted) reject(init.signal.reason);
      init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
    });
  const controller = new AbortController();
  const pending = new ClientCore({ fetcher: hang }).request(get("/x"), { signal: controller.signal });
  controller.abort();
  assert.equal((await pending).error?.kind, "abort");

  const already = await new ClientCore({ fetcher: hang }).request(get("/x"), { signal: AbortSignal.abort() });
  assert.equal(already.error?.kind, "abort");

  const timedOut = await new ClientCore({ fetcher: hang, timeout: 20 }).request(get("/x"));
  assert.equal(timedOut.error?.kind, "timeout");
  assert.equal(timedOut.error?.message, "Request timed out");
});

test("C6 the timeout covers the response head only: a slow stream is not cut", async () => {
  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      for (const part of ["data: 1\n\n", "data: 2\n\n"]) {
        await new Promise((r) => setTimeout(r, 40));
        c.enqueue(new TextEncoder().encode(part));
      }
      c.close();
    },
  });
  const core = new ClientCore({ timeout: 10, fetcher: async () => new Response(body, { headers: { "content-type": "text/event-stream" } }) });
  const r = await core.request<Response>(get("/sse", { parseAs: "stream" }));
  assert.ok(r.data);
  const events: unknown[] = [];
  for await (const e of new SSEConnection(r.data)) events.push(e.data);
  assert.deepEqual(events, [1, 2]);
});

test("C3 a 2xx body that is not JSON is a parse error, not a crash", async () => {
  const r = await new ClientCore({ fetcher: async () => new Response("<html>", { status: 200 }) }).request(get("/x"));
  assert.equal(r.error?.kind, "parse");
  assert.equal(r.error?.status, 200);
});

test("C4 generated client: versions group the methods; the path is used as written", async () => {
  const { calls, fetcher } = fake(() => json({ id: 1, name: "Ada", email: null }));
  const client = createUriClient({ baseUrl: "http://api.test", fetcher });
  const r = await client.v1.users.findOne({ params: { id: 1 } });
  assert.deepEqual(r.data, { id: 1, name: "Ada", email: null });
  await client.v2.users.findOne({ params: { id: "a b" } });
  await client.v1.users.findAll({ query: { limit: 5, tags: ["x", "y"] } });
  await client.v1.users.create({ body: { name: "Bo" } });
  assert.deepEqual(
    calls.map((c) => `${c.init.method} ${c.url}`),
    [
      "GET http://api.test/api/v1/users/1",
      "GET http://api.test/api/v2/users/a%20b",
      "GET http://api.test/api/v1/users?limit=5&tags=x&tags=y",
      "POST http://api.test/api/v1/users",
    ],
  );
  assert.equal(calls[3]?.init.body, '{"name":"Bo"}');
  const health = createUriClient({ fetcher: async () => new Response(null, { status: 204 }) });
  const alive = await health.health.check();
  assert.equal(alive.error, null);
  assert.equal(alive.data, null);
});

test("C6 generated client under header versioning sends X-API-Version itself", async () => {
  const { calls, fetcher } = fake(() => json([]));
  const client = createHeaderClient({ fetcher });
  await client.v2.users.findOne({ params: { id: "1" } });
  await client.v1.users.findAll({ headers: { "X-Trace": "t" } });
  await client.health.check();
  assert.equal(headersOf(calls[0])["X-API-Version"], "2");
  assert.equal(headersOf(calls[1])["X-API-Version"], "1");
  assert.equal(headersOf(calls[1])["X-Trace"], "t");
  assert.equal(headersOf(calls[2])["X-API-Version"], undefined);
});

test("G1 one client of per-version documents: each version sends its header, one SDKError class", async () => {
  const { calls, fetcher } = fake(() => json({ statusCode: 404, message: "gone" }, 404));
  const client = createSplitClient({ fetcher });
  const v1Only = await client.v1.users.findAll();
  const v2 = await client.v2.users.findOne({ params: { id: 1 } });
  await client.health.check();
  assert.equal(headersOf(calls[0])["X-API-Version"], "1");
  assert.equal(headersOf(calls[1])["X-API-Version"], "2");
  assert.equal(headersOf(calls[2])["X-API-Version"], undefined);
  assert.ok(v1Only.error instanceof SplitSDKError);
  assert.ok(v2.error instanceof SplitSDKError);
  // Another client's copy of the class reads it as its own (two services'
  // clients in one front end), and nothing else passes for one.
  assert.ok(v2.error instanceof SDKError && SplitSDKError !== SDKError);
  assert.ok(new SDKError({ kind: "http", status: 500, message: "x" }) instanceof SplitSDKError);
  for (const other of [new Error("x"), { name: "SDKError", kind: "http" }, null, "SDKError", Object.create(null)]) {
    assert.ok(!(other instanceof SDKError) && !(other instanceof SplitSDKError));
  }
  assert.equal(v1Only.error?.constructor, v2.error?.constructor);
});

test("C5 generated multipart method builds the FormData from typed fields", async () => {
  const { calls, fetcher } = fake(() => json({ size: 5 }, 201));
  const client = createUploadClient({ fetcher });
  const file = new File(["hello"], "a.txt");
  const r = await client.files.upload({ body: { file, title: "T", attachments: [file] } });
  assert.equal(r.data?.size, 5);
  const sent = calls[0]?.init.body;
  assert.ok(sent instanceof FormData);
  assert.equal(sent.get("title"), "T");
  assert.equal((sent.get("file") as File).name, "a.txt");
  assert.equal(sent.getAll("attachments").length, 1);
  assert.equal(headersOf(calls[0])["content-type"], undefined, "fetch sets the multipart boundary itself");
});

test("C5 a part's media type from the document's encoding: kept when allowed, else the first named one (issue 33, item 5)", async () => {
  const { calls, fetcher } = fake(() => json({ size: 5 }, 201));
  const client = createUploadClient({ fetcher });
  const untyped = new File(["%PDF"], "a.pdf");
  const png = new File(["png"], "b.png", { type: "image/png" });
  const zip = new Blob(["PK"], { type: "application/zip" });
  await client.files.upload({ body: { file: untyped, title: "T", attachments: [zip, new Blob(["x"], { type: "text/plain;charset=utf-8" })] } });
  await client.files.upload({ body: { file: png } });
  const first = calls[0]?.init.body as FormData;
  const file = first.get("file") as File;
  assert.equal(file.type, "application/pdf");
  assert.equal(file.name, "a.pdf");
  assert.equal(await file.text(), "%PDF");
  assert.deepEqual(
    first.getAll("attachments").map((a) => (a as File).type),
    ["text/plain", "text/plain;charset=utf-8"],
  );
  assert.equal(((calls[1]?.init.body as FormData).get("file") as File).type, "image/png");
});

test("C5 generated SSE method returns the Response for SSEConnection", async () => {
  const wire = 'event: created\ndata: {"id":"1","name":"Ada"}\n\nevent: ping\ndata: "hi"\n\n';
  const client = createSseClient({ fetcher: async () => new Response(wire, { headers: { "content-type": "text/event-stream" } }) });
  const { data } = await client.users.events();
  assert.ok(data instanceof Response);
  const events: UsersEventsEvent[] = [];
  for await (const e of new SSEConnection<UsersEventsEvent>(data)) events.push(e);
  assert.deepEqual(events, [
    { event: "created", data: { id: "1", name: "Ada" } },
    { event: "ping", data: "hi" },
  ]);
});

test("C3 a cookie parameter is a typed `cookies` option, sent in the Cookie header (non-browser runtimes)", async () => {
  const { calls, fetcher } = fake(() => new Response(null, { status: 200 }));
  const client = createHeaderParamsClient({ baseUrl: "http://h", fetcher });
  await client.h.get({ headers: { "X-Request-Id": "r1" }, cookies: { session: "a b;c" } });
  await client.h.get({ headers: { "X-Request-Id": "r2", cookie: "theme=dark" }, cookies: { session: "s" } });
  await client.h.get({ headers: { "X-Request-Id": "r3" } });
  assert.equal(headersOf(calls[0])["cookie"], "session=a%20b%3Bc");
  const second = headersOf(calls[1]);
  assert.equal(second[Object.keys(second).find((k) => k.toLowerCase() === "cookie") ?? ""], "theme=dark; session=s");
  assert.equal(Object.keys(headersOf(calls[2])).some((k) => k.toLowerCase() === "cookie"), false);
  // @ts-expect-error the cookie's name and type come from the document
  await client.h.get({ headers: { "X-Request-Id": "r4" }, cookies: { other: "x" } });
});

test("C6 a list header parameter is typed as a list and sent comma-separated (the simple style)", async () => {
  const { calls, fetcher } = fake(() => json({}));
  const client = createHeaderParamsClient({ baseUrl: "http://h", fetcher });
  await client.h.get({ headers: { "X-Request-Id": "r1", "X-Complex": ["a", "b c"] } });
  assert.equal(headersOf(calls[0])["X-Complex"], "a, b c");
});

/** A real local server that answers 204 and records the headers of each request as they arrived. */
async function headerRecorder(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close: () => void }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => (server.closeAllConnections(), server.close()) };
}

test("C6 object header and cookie parameters are sent in their style: header simple, cookie form (trial T8)", async () => {
  const { url, seen, close } = await headerRecorder();
  try {
    const client = createObjectParamsClient({ baseUrl: url });
    const sent = async (options: Parameters<typeof client.echo.echo>[0]): Promise<IncomingHttpHeaders> => {
      const { error } = await client.echo.echo(options);
      assert.equal(error, null);
      const headers = seen.at(-1);
      assert.ok(headers);
      return headers;
    };
    // The brief's case: explode: true writes k=v pairs.
    assert.equal((await sent({ headers: { "X-Obj": { k: "v" } } }))["x-obj"], "k=v");
    // Without explode (a header's default), keys and values alternate; a named type's enum keeps its value.
    const pair = await sent({ headers: { "X-Pair": { a: "x y", b: 2, mode: "on" }, "X-Map": { one: 1, two: 2 } } });
    assert.equal(pair["x-pair"], "a,x%20y,b,2,mode,on");
    assert.equal(pair["x-map"], "one=1,two=2");
    // Commas, '=' and non-ASCII in keys or values are percent-encoded, so the pairs still split.
    const odd = await sent({ headers: { "X-Odd": { "a,b": "1,2", "c=d": "x=y", ünï: "ü €" } } });
    assert.equal(odd["x-odd"], "a%2Cb=1%2C2,c%3Dd=x%3Dy,%C3%BCn%C3%AF=%C3%BC%20%E2%82%AC");
    // An object without values is no header; undefined properties (allowed without exactOptionalPropertyTypes) are left out.
    const loose = { a: "only", b: undefined } as unknown as { a: string };
    const empty = await sent({ headers: { "X-Obj": {}, "X-Pair": loose } });
    assert.equal(empty["x-obj"], undefined);
    assert.equal(empty["x-pair"], "a,only");
    // What worked before is unchanged: scalars, enums and lists.
    const plain = await sent({ headers: { "X-Tags": ["a", "b"], "X-Mode": "safe", "X-Free": "k=v" } });
    assert.deepEqual([plain["x-tags"], plain["x-mode"], plain["x-free"]], ["a, b", "safe", "k=v"]);
    // Cookies: `form` without explode is one cookie name=k,v,...; exploded (the default) each property its own cookie.
    const cookies = await sent({ cookies: { session: "s 1", prefs: { a: "x;y", b: 1 }, flags: { dark: true, lang: "fr" } } });
    assert.equal(cookies.cookie, "session=s%201; prefs=a,x%3By,b,1; dark=true; lang=fr");
    const none = await sent({ cookies: { flags: {}, prefs: { a: "z" } } });
    assert.equal(none.cookie, "prefs=a,z");
    // Issue 33, item 8: a list cookie in the `form` style. Without explode, one cookie whose items are
    // comma-separated, the commas as they are and each item percent-encoded (RFC 6570's form expansion);
    // exploded (the default), a cookie per item. An odd name is percent-encoded where it is no token.
    const lists = await sent({
      cookies: { ids: [1, 2, 3], tags: ["a b", "c,d", "é;f"], "odd name;=ü": ["on", "off"], free: ["x=y", "\"q\"", "50%"] },
    });
    assert.equal(
      lists.cookie,
      "ids=1,2,3; tags=a%20b; tags=c%2Cd; tags=%C3%A9%3Bf; odd%20name%3B%3D%C3%BC=on,off; free=x%3Dy,%22q%22,50%25",
    );
    // A list without items, or with only null or undefined ones, sends nothing.
    const holes = [undefined, null] as unknown as string[];
    const emptyLists = await sent({ cookies: { ids: [], tags: holes, session: "s" } });
    assert.equal(emptyLists.cookie, "session=s");
  } finally {
    close();
  }
});
