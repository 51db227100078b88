// Input of the expansion golden (see `src/expand.rs` tests): every kind of
// `#[body(..)]` (SPEC A6), each read after the other arguments: JSON (the
// default), form, multipart, text and bytes, and the optional text and
// bytes that may be empty.
#[controller("/uploads")]
impl UploadsController {
    #[post("/json")]
    async fn json(&self, #[body] dto: CreateUpload) -> Upload {
        self.store.json(dto)
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] dto: CreateUpload) -> Upload {
        self.store.form(dto)
    }

    #[post("/multipart")]
    async fn multipart(&self, #[body(multipart)] form: UploadForm) -> Upload {
        self.store.multipart(form)
    }

    #[put("/:id/text")]
    async fn text(&self, #[body(text)] text: String, #[param] id: u64) -> Upload {
        self.store.text(id, text)
    }

    #[put("/:id/bytes")]
    async fn bytes(&self, #[param] id: u64, #[body(bytes)] bytes: Vec<u8>) -> Upload {
        self.store.bytes(id, bytes)
    }

    #[patch("/:id/note")]
    async fn note(&self, #[param] id: u64, #[body(text)] note: Option<String>) -> Upload {
        self.store.note(id, note)
    }

    #[patch("/:id/blob")]
    async fn blob(&self, #[param] id: u64, #[body(bytes)] blob: Option<Bytes>) -> Upload {
        self.store.blob(id, blob)
    }
}
