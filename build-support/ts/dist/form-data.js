// Multipart bodies for a generated tether client (SPEC C5). A fixed template
// with no imports: only the routes that upload pull it in.
/**
 * Builds the body of a multipart route: files (`Blob`/`File`, keeping a
 * `File`'s name), text, numbers, booleans, dates (ISO 8601) and arrays of
 * them (one part per item).
 *
 * ```ts
 * await client.files.upload({ body: buildFormData({ title: "Report", file: new File([bytes], "report.pdf") }) });
 * ```
 */
export function buildFormData(fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
        if (Array.isArray(value))
            for (const item of value)
                append(form, name, item);
        else
            append(form, name, value);
    }
    return form;
}
function append(form, name, value) {
    if (value === undefined || value === null)
        return;
    if (value instanceof Blob) {
        const fileName = value.name;
        if (typeof fileName === "string" && fileName !== "")
            form.append(name, value, fileName);
        else
            form.append(name, value);
    }
    else if (value instanceof Date)
        form.append(name, value.toISOString());
    else if (typeof value === "object")
        form.append(name, JSON.stringify(value));
    else
        form.append(name, String(value));
}
