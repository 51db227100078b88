// SPEC E2: a success's declared headers are typed in `headers`.
import { createClient } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });
export async function usage(): Promise<number> {
  const page = await client.items.list();
  if (page.error !== null) return 0;
  const total: number = page.headers["X-Total-Count"];
  const link: string | undefined = page.headers.Link;
  // @ts-expect-error a header the document does not declare
  void page.headers["X-Other"];
  const login = await client.items.login();
  const cookie: string | undefined = login.error === null ? login.headers["Set-Cookie"] : undefined;
  // A tether::Attachment: a Blob, with its Content-Disposition typed beside the handler's own headers.
  const file = await client.items.export();
  if (file.error !== null) return 0;
  const blob: Blob = file.data;
  const disposition: string = file.headers["Content-Disposition"];
  const etag: string = file.headers.ETag;
  // @ts-expect-error the body is a Blob, not text
  const text: string = file.data;
  return total + (link ?? "").length + (cookie ?? "").length + blob.size + disposition.length + etag.length + text.length;
}
