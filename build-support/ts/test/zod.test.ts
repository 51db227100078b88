// SPEC G3: the generated zod schemas with the real zod (the pinned one of the
// root package.json): every format the README says they check is checked, and
// fields named like Object.prototype's members (`constructor`, `toString`,
// `__proto__`) are read from the value itself (golden case `zod_formats`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createClient } from "./generated/zod_formats/index.js";
import { NewEventSchema, OwnerSchema, zodValidator } from "./generated/zod_formats/zod.js";
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
