// SPEC C5: buildFormData builds multipart bodies of files, text and arrays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildFormData } from "../form-data.js";

test("C5 files keep their name, arrays repeat the field, scalars become text", async () => {
  const file = new File(["hello"], "hello.txt", { type: "text/plain" });
  const blob = new Blob(["raw"]);
  const form = buildFormData({
    title: "Report",
    count: 3,
    draft: false,
    when: new Date(Date.UTC(2024, 0, 2)),
    meta: { a: 1 },
    file,
    parts: [blob, "second"],
    skipped: undefined,
    nothing: null,
  });
  assert.equal(form.get("title"), "Report");
  assert.equal(form.get("count"), "3");
  assert.equal(form.get("draft"), "false");
  assert.equal(form.get("when"), "2024-01-02T00:00:00.000Z");
  assert.equal(form.get("meta"), '{"a":1}');
  const sent = form.get("file");
  assert.ok(sent instanceof File);
  assert.equal(sent.name, "hello.txt");
  assert.equal(await sent.text(), "hello");
  const parts = form.getAll("parts");
  assert.equal(parts.length, 2);
  assert.ok(parts[0] instanceof Blob);
  assert.equal(parts[1], "second");
  assert.equal(form.has("skipped"), false);
  assert.equal(form.has("nothing"), false);
});
