use tether::controller;

struct FilesController;

#[controller("/files")]
impl FilesController {
    #[get("/*rest/meta")]
    async fn meta(&self, #[param] rest: String) {}
}

fn main() {}
