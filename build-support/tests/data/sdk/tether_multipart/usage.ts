// SPEC C5: a multipart body is a FormData from buildFormData, or its typed fields.
import { buildFormData, createClient } from "./sdk/index.js";

export async function upload(file: Blob): Promise<void> {
  const client = createClient();
  await client.files.upload({ body: buildFormData({ title: "Report", file, attachments: [file, file] }) });
  const r = await client.files.upload({ body: { file, title: "Typed fields" } });
  if (r.data) {
    const size: number = r.data.size;
    void size;
  }
  // @ts-expect-error the file field is required
  await client.files.upload({ body: { title: "no file" } });
  // @ts-expect-error a file is a Blob, not a string
  await client.files.upload({ body: { file: "not a blob" } });
  await client.files.putRaw({ body: new FormData() });
}
