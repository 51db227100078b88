// Multipart bodies for a generated tether client (SPEC C5). A fixed template
// with no imports: only the routes that upload pull it in.

/** One value of a multipart field. Objects that are not files are sent as JSON text. */
export type FormFieldValue = string | number | boolean | bigint | Date | Blob | object;

/** The fields of a multipart body; `undefined` and `null` fields are left out, arrays repeat the field. */
export type FormFields = { readonly [name: string]: FormFieldValue | readonly FormFieldValue[] | null | undefined };

/**
 * Builds the body of a multipart route: files (`Blob`/`File`, keeping a
 * `File`'s name), text, numbers, booleans, dates (ISO 8601) and arrays of
 * them (one part per item). `partTypes` (the generated methods pass the
 * document's `encoding`) gives the media types a field's files may be sent
 * as: a file of another type, or of none, is sent as the first of them.
 *
 * ```ts
 * await client.files.upload({ body: buildFormData({ title: "Report", file: new File([bytes], "report.pdf") }) });
 * ```
 */
export function buildFormData(fields: FormFields | object, partTypes?: Readonly<Record<string, string>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    const types = partTypes && Object.prototype.hasOwnProperty.call(partTypes, name) ? partTypes[name] : undefined;
    if (Array.isArray(value)) for (const item of value) append(form, name, item, types);
    else append(form, name, value, types);
  }
  return form;
}

/**
 * `blob` as a part the document allows (`types`: its `encoding.contentType`,
 * media ranges separated by commas): as it is when its type is one of
 * them, else with the first that names one type (`application/pdf`, not
 * `image/*`), so a `Blob` without a type is not sent as
 * `application/octet-stream`.
 */
function typedPart(blob: Blob, types: string): Blob {
  const ranges = types.split(",").map((t) => t.trim().toLowerCase()).filter((t) => t !== "");
  const essence = (blob.type.split(";")[0] ?? "").trim().toLowerCase();
  const fits = (range: string) => range === "*/*" || range === essence || (range.endsWith("/*") && essence.startsWith(range.slice(0, -1)));
  if (essence !== "" && ranges.some(fits)) return blob;
  const exact = ranges.find((range) => !range.includes("*"));
  return exact === undefined ? blob : blob.slice(0, blob.size, exact);
}

function append(form: FormData, name: string, value: unknown, types: string | undefined): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) {
    const fileName = (value as Blob & { name?: unknown }).name;
    const part = types === undefined ? value : typedPart(value, types);
    if (typeof fileName === "string" && fileName !== "") form.append(name, part, fileName);
    else form.append(name, part);
  } else if (value instanceof Date) form.append(name, value.toISOString());
  else if (typeof value === "object") form.append(name, JSON.stringify(value));
  else form.append(name, String(value));
}
