/** One value of a multipart field. Objects that are not files are sent as JSON text. */
export type FormFieldValue = string | number | boolean | bigint | Date | Blob | object;
/** The fields of a multipart body; `undefined` and `null` fields are left out, arrays repeat the field. */
export type FormFields = {
    readonly [name: string]: FormFieldValue | readonly FormFieldValue[] | null | undefined;
};
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
export declare function buildFormData(fields: FormFields | object, partTypes?: Readonly<Record<string, string>>): FormData;
