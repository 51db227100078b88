// Writes a deterministic OpenAPI 3.1 document with RESOURCES × 6 operations
// (list with query styles, create, get, replace, delete, a multipart upload)
// and RESOURCES × 3 schemas with unions, nullables, enums and maps.
const resources = Number(process.argv[2] ?? 200);
const paths = {};
const schemas = {
  Problem: {
    type: "object",
    properties: { statusCode: { type: "integer" }, message: { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }, error: { type: "string" } },
    required: ["statusCode", "message"],
  },
};
const ref = (n) => ({ $ref: `#/components/schemas/${n}` });
const json = (schema, description = "ok") => ({ description, content: { "application/json": { schema } } });
for (let i = 0; i < resources; i++) {
  const R = `Resource${i}`;
  const tag = `resource${i}`;
  schemas[R] = {
    type: "object",
    description: `Resource number ${i}.`,
    properties: {
      id: { type: "string", format: "uuid" },
      name: { type: "string" },
      count: { type: ["integer", "null"] },
      status: { type: "string", enum: ["active", "archived", "draft"] },
      tags: { type: "array", items: { type: "string" } },
      meta: { type: "object", additionalProperties: { type: "string" } },
      owner: ref(`Owner${i}`),
      shape: ref(`Shape${i}`),
    },
    required: ["id", "name", "status"],
  };
  schemas[`Owner${i}`] = { type: "object", properties: { id: { type: "integer" }, email: { type: "string", format: "email" } }, required: ["id"] };
  schemas[`Shape${i}`] = {
    oneOf: [
      { type: "object", properties: { kind: { const: "circle" }, radius: { type: "number" } }, required: ["kind", "radius"] },
      { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
    ],
    discriminator: { propertyName: "kind" },
  };
  const errors = { 400: json(ref("Problem"), "bad"), 404: json(ref("Problem"), "missing") };
  const idParam = { name: "id", in: "path", required: true, schema: { type: "string" } };
  paths[`/api/${tag}`] = {
    get: {
      operationId: `list${R}`, tags: [tag],
      parameters: [
        { name: "limit", in: "query", schema: { type: "integer" } },
        { name: "filter", in: "query", style: "deepObject", explode: true, schema: { type: "object", properties: { status: { type: "string" } } } },
        { name: "ids", in: "query", explode: false, schema: { type: "array", items: { type: "string" } } },
      ],
      responses: { 200: json({ type: "array", items: ref(R) }), ...errors },
    },
    post: { operationId: `create${R}`, tags: [tag], requestBody: { required: true, content: { "application/json": { schema: ref(R) } } }, responses: { 201: json(ref(R)), ...errors } },
  };
  paths[`/api/${tag}/{id}`] = {
    get: { operationId: `get${R}`, tags: [tag], parameters: [idParam], responses: { 200: json(ref(R)), ...errors } },
    put: { operationId: `replace${R}`, tags: [tag], parameters: [idParam], requestBody: { required: true, content: { "application/json": { schema: ref(R) } } }, responses: { 200: json(ref(R)), ...errors } },
    delete: { operationId: `delete${R}`, tags: [tag], parameters: [idParam], responses: { 204: { description: "gone" }, ...errors } },
  };
  paths[`/api/${tag}/{id}/file`] = {
    post: {
      operationId: `upload${R}`, tags: [tag], parameters: [idParam],
      requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" }, note: { type: "string" } }, required: ["file"] } } } },
      responses: { 204: { description: "stored" }, ...errors },
    },
  };
}
process.stdout.write(JSON.stringify({ openapi: "3.1.0", info: { title: "Bench", version: "1.0.0" }, paths, components: { schemas } }, null, 2));
