// SPEC C7: a body type only where the client writes it (an XML body is a
// string: no unused `types` import), and a multipart body's fields only
// when its schema is an object `buildFormData` can take.
import type { FormsAttachOptions, FormsCardOptions, FormsUploadOptions, XmlPullOptions } from "./sdk/index.js";

export const pull: XmlPullOptions = { body: "<PullRequest/>" };
export const card: FormsCardOptions = { body: { anything: 1 } };
export const attach: FormsAttachOptions = { body: { file: "x" } };
export const upload: FormsUploadOptions = { body: { uri: "u" } };
// @ts-expect-error the Upload schema's fields are typed
export const badUpload: FormsUploadOptions = { body: { uri: 1 } };
