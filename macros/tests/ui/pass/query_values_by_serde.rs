//! `#[query("x")]`, `#[param]` and `#[header]` values are read with serde:
//! enums, options and repeated keys compile (SPEC E1).
use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Visibility {
    Public,
    Private,
}

struct IssuesController;

#[controller("/issues")]
impl IssuesController {
    #[get("/:v")]
    async fn list(
        &self,
        #[param] v: Visibility,
        #[query("tag")] tags: Vec<String>,
        #[query("ids")] ids: Option<Vec<u64>>,
        #[query("visibility")] visibility: Option<Visibility>,
        #[header("x-visibility")] header: Option<Visibility>,
    ) -> String {
        let _ = (v, visibility, header);
        format!("{tags:?} {ids:?}")
    }
}

pub(crate) fn main() {
    let _app = tether::App::new(tether::NativeAdapter::new()).controller(IssuesController);
}
