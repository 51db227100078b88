// A body the document leaves to any media type (`*/*`, a tether handler's own
// `Response`) is `unknown`, read by its Content-Type; with a schema, typed by it.
import { createClient } from "./sdk/index.js";

const client = createClient({ baseUrl: "http://localhost" });
export async function usage(): Promise<number> {
  const raw = await client.files.raw({ params: { name: "a" } });
  if (raw.error !== null) return 0;
  // @ts-expect-error unknown until narrowed
  const text: string = raw.data;
  const size = raw.data instanceof Blob ? raw.data.size : typeof raw.data === "string" ? raw.data.length : 0;
  const meta = await client.files.meta({ params: { name: "a" } });
  if (meta.error !== null) return meta.error.status === 404 ? meta.error.body.reason.length : 0;
  const note: string | undefined = meta.data.text;
  const file = await client.files.download({ params: { name: "a" } });
  const blob: Blob | null = file.data;
  const attachment = await client.files.attachment({ params: { name: "a" } });
  if (attachment.error !== null) return 0;
  const pdf: Blob = attachment.data;
  const disposition: string = attachment.headers["Content-Disposition"];
  return size + text.length + (note ?? "").length + (blob?.size ?? 0) + pdf.size + disposition.length;
}
