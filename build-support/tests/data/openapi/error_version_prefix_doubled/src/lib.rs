use tether::controller;

pub struct ItemsController;

/// `"v2"` under URI versioning with the prefix `v` would be served under
/// `/vv2/items`: refused at the impl's and at the method's `#[version]`.
#[controller("/items")]
#[version("v2")]
impl ItemsController {
    #[get]
    async fn list(&self) -> String { String::new() }

    #[get("/:id")]
    #[version("V3", "4")]
    async fn find(&self, #[param] id: u64) -> String { id.to_string() }
}

pub struct OtherController;

/// Under the default prefix, `"version1"` starts with `v` but not with
/// `v` and a number: a version of its own, served under `/vversion1`.
#[controller("/other")]
#[version("version1")]
impl OtherController {
    #[get]
    async fn list(&self) -> String { String::new() }
}
