// Multipart bodies for a generated tether client (SPEC C5). A fixed template
// with no imports: only the routes that upload pull it in.

/** One value of a multipart field. Objects that are not files are sent as JSON text. */
export type FormFieldValue = string | number | boolean | bigint | Date | Blob | object;

/** The fields of a multipart body; `undefined` and `null` fields are left out, arrays repeat the field. */
export type FormFields = { readonly [name: string]: FormFieldValue | readonly FormFieldValue[] | null | undefined };

/**
 * Builds the body of a multipart route: files (`Blob`/`File`, keeping a
 * `File`'s name), text, numbers, booleans, dates (ISO 8601) and arrays of
 * them (one part per item).
 *
 * ```ts
 * await client.files.upload({ body: buildFormData({ title: "Report", file: new File([bytes], "report.pdf") }) });
 * ```
 */
export function buildFormData(fields: FormFields | object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) append(form, name, item);
    else append(form, name, value);
  }
  return form;
}

function append(form: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) {
    const fileName = (value as Blob & { name?: unknown }).name;
    if (typeof fileName === "string" && fileName !== "") form.append(name, value, fileName);
    else form.append(name, value);
  } else if (value instanceof Date) form.append(name, value.toISOString());
  else if (typeof value === "object") form.append(name, JSON.stringify(value));
  else form.append(name, String(value));
}
