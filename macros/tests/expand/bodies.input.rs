// Input of the expansion golden (see `src/expand.rs` tests): every kind of
// `#[body(..)]` (SPEC A6), each read after the other arguments: JSON (the
// default), form, multipart, text and bytes, and the optional text and
// bytes that may be empty.
use serde::{Deserialize, Serialize};
use tether::controller;
use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(Deserialize)]
pub struct CreateUpload {
    name: String,
}

#[derive(MultipartForm)]
pub struct UploadForm {
    file: UploadedFile,
}

#[derive(Serialize, Default)]
pub struct Upload {
    size: usize,
}

#[derive(Default)]
pub struct UploadsController;

#[controller("/uploads")]
impl UploadsController {
    #[post("/json")]
    async fn json(&self, #[body] dto: CreateUpload) -> Upload {
        Upload { size: dto.name.len() }
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] dto: CreateUpload) -> Upload {
        Upload { size: dto.name.len() }
    }

    #[post("/multipart")]
    async fn multipart(&self, #[body(multipart)] form: UploadForm) -> Upload {
        Upload { size: form.file.bytes.len() }
    }

    #[put("/:id/text")]
    async fn text(&self, #[body(text)] text: String, #[param] id: u64) -> Upload {
        Upload { size: text.len() + id as usize }
    }

    #[put("/:id/bytes")]
    async fn bytes(&self, #[param] id: u64, #[body(bytes)] bytes: Vec<u8>) -> Upload {
        Upload { size: bytes.len() + id as usize }
    }

    #[patch("/:id/note")]
    async fn note(&self, #[param] id: u64, #[body(text)] note: Option<String>) -> Upload {
        Upload { size: note.map_or(0, |n| n.len()) + id as usize }
    }

    #[patch("/:id/blob")]
    async fn blob(&self, #[param] id: u64, #[body(bytes)] blob: Option<Vec<u8>>) -> Upload {
        Upload { size: blob.map_or(0, |b| b.len()) + id as usize }
    }
}
