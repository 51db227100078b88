use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use tether::{Multipart, UploadedFile};

/// An avatar upload.
#[derive(Deserialize)]
pub struct AvatarForm {
    /// The image.
    #[multipart(content_type = "image/png, image/*")]
    pub file: UploadedFile,
    pub caption: Option<String>,
    pub attachments: Vec<UploadedFile>,
}

pub struct UploadsController;
#[controller("/uploads")]
impl UploadsController {
    #[post("/avatar")]
    async fn avatar(&self, #[body(multipart)] form: AvatarForm) -> Json<String> { todo!() }
    #[post("/raw")]
    async fn raw(&self, #[body(multipart)] parts: Multipart) -> Json<u32> { todo!() }
}
