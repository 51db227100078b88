// SPEC G3: the generated zod schemas with the real zod (the pinned one of the
// root package.json): every format the README says they check is checked, and
// fields named like Object.prototype's members (`constructor`, `toString`,
// `__proto__`) are read from the value itself (golden case `zod_formats`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient } from "./generated/zod_formats/index.js";
import { NewEventSchema, OwnerSchema, SettingsSchema, ShapeSchema, UploadSchema, operationSchemas, zodValidator } from "./generated/zod_formats/zod.js";
import { DocumentSchema, NewDocumentSchema } from "./generated/tether_flatten_option/zod.js";

/** The messages of a failed check, `path: message`; none when it passes. */
function problems(schema: typeof NewEventSchema, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
}

const owner = { toString: true };

test("G3 a date field takes an ISO 8601 calendar date, nothing else", () => {
  assert.deepEqual(problems(NewEventSchema, { day: "2024-02-29" }), []);
  for (const day of ["not-a-date", "2023-02-29", "2024-1-1", "2024-01-01T00:00:00Z"]) {
    assert.equal(problems(NewEventSchema, { day }).length, 1, day);
  }
});

test("G3 an ip field takes IPv4 and IPv6 addresses, with its maxLength; ipv4 and ipv6 fields take their own", () => {
  for (const host of ["127.0.0.1", "::1", "::ffff:1.2.3.4"]) {
    assert.deepEqual(problems(NewEventSchema, { day: "2024-01-01", host }), [], host);
  }
  for (const host of ["localhost", "256.0.0.1", "1:2:3:4:5:6:7:8:9", "0000:0000:0000:0000:0000:0000:0000:0000:1"]) {
    assert.notDeepEqual(problems(NewEventSchema, { day: "2024-01-01", host }), [], host);
  }
  assert.deepEqual(problems(NewEventSchema, { day: "2024-01-01", v4: "10.0.0.1", v6: "fe80::1" }), []);
  assert.deepEqual(problems(NewEventSchema, { day: "2024-01-01", v6: null }), []);
  assert.equal(problems(NewEventSchema, { day: "2024-01-01", v4: "::1" }).length, 1);
  assert.equal(problems(NewEventSchema, { day: "2024-01-01", v6: "10.0.0.1" }).length, 1);
});

test("G3 date-time, uuid, email and uri are checked as the server's types read them", () => {
  const good = {
    day: "2024-01-01",
    at: "2024-01-01T10:00:00+02:00",
    // Any 8-4-4-4-12 hex string is a UUID to the `uuid` crate, whatever its variant.
    id: "12345678-1234-1234-1234-123456789abc",
    email: "ada@example.com",
    site: "https://example.com/a",
  };
  assert.deepEqual(problems(NewEventSchema, good), []);
  for (const [key, bad] of [["at", "2024-01-01T10:00:00"], ["id", "1234"], ["email", "ada"], ["site", "example"]] as const) {
    assert.deepEqual(problems(NewEventSchema, { ...good, [key]: bad }).map((p) => p.split(":")[0]), [key], key);
  }
});

test("G3 a constructor or toString field left out is absent, not Object.prototype's member", () => {
  assert.deepEqual(problems(OwnerSchema, owner), []);
  assert.deepEqual(problems(OwnerSchema, { toString: true, constructor: "Ada" }), []);
  assert.deepEqual(problems(OwnerSchema, { toString: true, constructor: 7 }), ["constructor: Invalid input: expected string, received number"]);
  assert.deepEqual(problems(OwnerSchema, {}), ["toString: Invalid input: expected boolean, received undefined"]);
  // Nested, through a $ref, as the request body of an operation.
  assert.deepEqual(problems(NewEventSchema, { day: "2024-01-01", owner }), []);
});

test("G3 a __proto__ field is checked as the value's own property", () => {
  const withProto = (value: unknown) => Object.defineProperty({ ...owner }, "__proto__", { value, enumerable: true });
  assert.deepEqual(problems(OwnerSchema, withProto("ab")), []);
  assert.deepEqual(problems(OwnerSchema, JSON.parse('{"toString": true, "__proto__": "ab"}')), []);
  assert.deepEqual(problems(OwnerSchema, withProto("a")), ["__proto__: Too small: expected string to have >=2 characters"]);
  assert.deepEqual(problems(OwnerSchema, JSON.parse('{"toString": 1, "__proto__": 5}')).sort(), [
    "__proto__: Invalid input: expected string, received number",
    "toString: Invalid input: expected boolean, received number",
  ]);
});

test("G3 the client's validator refuses a body with a malformed date and sends one that leaves constructor out", async () => {
  const sent: string[] = [];
  const client = createClient({
    baseUrl: "http://api.test",
    validator: zodValidator(),
    fetcher: async (_url, init) => {
      sent.push(String(init.body));
      return new Response(JSON.stringify(owner), { status: 201, headers: { "content-type": "application/json" } });
    },
  });
  const refused = await client.events.createEvent({ body: { day: "not-a-date" } });
  assert.equal(refused.error?.kind, "validation");
  assert.match(refused.error?.message ?? "", /describes: day: Invalid ISO date$/);
  assert.equal(sent.length, 0);
  const created = await client.events.createEvent({ body: { day: "2024-01-01", owner } });
  assert.equal(created.error, null);
  assert.deepEqual(created.data, owner);
  assert.equal(sent.length, 1);
});

test("G3 a flattened Option of a struct with required fields takes all of its required fields or none of its fields, as serde reads it", () => {
  const ok = (schema: typeof NewDocumentSchema, value: unknown) => schema.safeParse(value).success;
  assert.ok(ok(NewDocumentSchema, { title: "t", a: "x", b: 1 }));
  assert.ok(ok(NewDocumentSchema, { title: "t", a: "x", b: 1, note: null }));
  assert.ok(ok(NewDocumentSchema, { title: "t" }));
  assert.ok(ok(NewDocumentSchema, { title: "t", hint: "a field of an all-optional flatten alone" }));
  // serde would read `None` and drop what was sent.
  assert.ok(!ok(NewDocumentSchema, { title: "t", a: "x" }));
  assert.ok(!ok(NewDocumentSchema, { title: "t", b: 1 }));
  assert.ok(!ok(NewDocumentSchema, { title: "t", note: "n" }));
  // A response: `updatedBy` is always written beside `createdAt`, null or not.
  const doc = { title: "t", page: 1, per_page: 10, kind: "Team", name: "n" };
  assert.ok(ok(DocumentSchema, doc));
  assert.ok(ok(DocumentSchema, { ...doc, createdAt: "2024-01-01", updatedBy: null }));
  assert.ok(!ok(DocumentSchema, { ...doc, updatedBy: "ada" }));
});

test("G3 minLength and maxLength count code points, as JSON Schema does, not UTF-16 units", () => {
  const title = (title: string) => problems(NewEventSchema, { day: "2024-01-01", title });
  // Three emoji are six UTF-16 units; e + combining acute is two code points.
  for (const ok of ["ab", "😀😀", "😀😀😀", "e\u0301", "abc"]) assert.deepEqual(title(ok), [], ok);
  assert.deepEqual(title("😀"), ["title: Too small: expected string to have >=2 characters"]);
  assert.deepEqual(title("😀😀😀😀"), ["title: Too big: expected string to have <=3 characters"]);
  assert.deepEqual(title("e\u0301e\u0301"), ["title: Too big: expected string to have <=3 characters"]);
});

test("G3 an email field is checked no stricter than JSON Schema's email: quoted local parts, a@b, IDN and address literals pass", () => {
  const email = (email: string) => problems(NewEventSchema, { day: "2024-01-01", email });
  for (const ok of ["a@b", '"john doe"@example.com', "üser@exämple.com", "x@[127.0.0.1]", "x@[IPv6:::1]", "ada@example.com"]) {
    assert.deepEqual(email(ok), [], ok);
  }
  for (const bad of ["ada", "@example.com", "ada@", "ada@exa mple.com"]) assert.deepEqual(email(bad), ["email: Invalid email address"], bad);
});

test("G3 a oneOf with a discriminator checks the discriminator value of each member, as the TypeScript type does", () => {
  assert.ok(ShapeSchema.safeParse({ kind: "circle", radius: 1 }).success);
  assert.ok(ShapeSchema.safeParse({ kind: "square box", side: 2 }).success);
  // A "circle" with a square's fields, and the schema's name where the mapping names another value.
  assert.ok(!ShapeSchema.safeParse({ kind: "circle", side: 1 }).success);
  assert.ok(!ShapeSchema.safeParse({ kind: "Square-Box", side: 1 }).success);
  assert.ok(!ShapeSchema.safeParse({ kind: "square box", radius: 1 }).success);
});

test("G3 a binary field of a multipart form is a Blob, as the client types it", () => {
  assert.ok(UploadSchema.safeParse({ description: "abc", file: new Blob(["hi"]) }).success);
  assert.ok(UploadSchema.safeParse({ description: "abc", file: new Blob(["hi"]), thumbs: [new Blob(["a"]), new Blob(["b"])] }).success);
  assert.deepEqual(problems(UploadSchema as typeof NewEventSchema, { description: "abc", file: "hi" }), ["file: Expected a Blob"]);
  assert.deepEqual(problems(UploadSchema as typeof NewEventSchema, { description: "abc", file: new Blob([]), thumbs: ["x"] }), ["thumbs.0: Expected a Blob"]);
});

test("G3 operationSchemas has an entry __proto__ of its own, not a prototype", async () => {
  assert.ok(Object.keys(operationSchemas).includes("__proto__"));
  assert.ok(Object.prototype.hasOwnProperty.call(operationSchemas, "__proto__"));
  assert.equal(Object.getPrototypeOf(operationSchemas), Object.prototype);
  const client = createClient({
    baseUrl: "http://api.test",
    validator: zodValidator(),
    fetcher: async () => new Response(JSON.stringify({ toString: "not a boolean" }), { status: 200, headers: { "content-type": "application/json" } }),
  });
  const { error } = await client.events.proto();
  assert.equal(error?.kind, "validation");
  assert.match(error?.message ?? "", /toString: Invalid input: expected boolean/);
});

test("C8 operationIds toString, valueOf, toJSON and then are renamed: converting, serialising or awaiting a controller sends nothing", async () => {
  const calls: string[] = [];
  const client = createClient({
    baseUrl: "http://api.test",
    fetcher: async (url, init) => {
      calls.push(`${init.method} ${url}`);
      return new Response(null, { status: 204 });
    },
  });
  const events = client.events;
  assert.equal(String(events), "[object Object]");
  assert.equal(`${events}`, "[object Object]");
  assert.equal(JSON.stringify(events), "{}");
  assert.ok(Number.isNaN(+events));
  // Not a thenable: awaiting it (or resolving a promise with it) gives the controller back at once.
  assert.equal(await Promise.resolve(events), events);
  assert.equal(calls.length, 0);
  await events.toString2({ params: { name: "a" } });
  await events.then2({ params: { name: "a" } });
  await events.valueOf2({ params: { name: "a" } });
  await events.toJSON2({ params: { name: "a" } });
  assert.deepEqual(calls, ["GET http://api.test/events/a", "PUT http://api.test/events/a", "DELETE http://api.test/events/a", "PATCH http://api.test/events/a"]);
});

test("C2 a query parameter and a response header named __proto__ are entries of the operation's tables, not prototypes", async () => {
  const calls: string[] = [];
  const client = createClient({
    baseUrl: "http://api.test",
    fetcher: async (url) => {
      calls.push(url);
      return new Response(JSON.stringify({ toString: true }), { status: 200, headers: [["content-type", "application/json"], ["__proto__", "7"]] });
    },
  });
  const result = await client.events.toString2({ params: { name: "a" }, query: { ["__proto__"]: ["x", "y"] } });
  // pipeDelimited, as its style says: the style was found under its own key.
  assert.deepEqual(calls, ["http://api.test/events/a?__proto__=x|y"]);
  assert.equal(result.error, null);
  assert.equal(result.error === null && Object.prototype.hasOwnProperty.call(result.headers, "__proto__") ? result.headers["__proto__"] : undefined, 7);
});

test("G3 an object the document closes (additionalProperties: false, serde's deny_unknown_fields) refuses other keys, as the server does", () => {
  assert.deepEqual(problems(SettingsSchema, { theme: "dark" }), []);
  assert.notDeepEqual(problems(SettingsSchema, { theme: "dark", extra: 1 }), []);
  // Open objects still take keys a newer server may add.
  assert.deepEqual(problems(OwnerSchema, { toString: true, later: 1 }), []);
});
