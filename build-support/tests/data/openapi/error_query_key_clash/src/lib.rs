use serde::Deserialize;
use tether::controller;

/// Refuses keys it does not name (Nest's `forbidNonWhitelisted`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrictSearch { pub text: String, pub order: Option<String> }

/// Strict too, and reads the credential's key itself.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrictWithKey { pub text: String, pub api_key: String }

#[derive(Deserialize)]
pub struct Search { pub text: String, pub page: Option<u32> }

pub struct Finder;

#[controller("/find")]
impl Finder {
    /// The server would refuse `limit`, which the document lists.
    #[get("/strict")]
    async fn strict(&self, #[query] q: StrictSearch, #[query("limit")] limit: Option<u32>) -> String {
        String::new()
    }

    /// `text` read by the struct and by its own argument.
    #[get("/twice")]
    async fn twice(&self, #[query] q: Search, #[query("text")] text: Option<String>) -> String {
        String::new()
    }

    /// The credential's query key, which the strict struct refuses.
    #[get("/keyed")]
    #[security("key")]
    async fn keyed(&self, #[query] q: StrictSearch) -> String {
        String::new()
    }

    /// Fine: the struct names the credential's key.
    #[get("/keyed-own")]
    #[security("key")]
    async fn keyed_own(&self, #[query] q: StrictWithKey) -> String {
        String::new()
    }

    /// Two arguments of one header (names without case) and of one cookie.
    #[get("/headers")]
    async fn headers(
        &self,
        #[header("x-tenant")] tenant: Option<String>,
        #[header("X-Tenant")] again: Option<String>,
        #[cookie("sid")] sid: Option<String>,
        #[cookie("sid")] session: Option<String>,
        #[query("sid")] in_query: Option<String>,
    ) -> String {
        String::new()
    }

    /// Fine: the strict struct alone, and a lax one beside other keys.
    #[get("/alone")]
    async fn alone(&self, #[query] q: StrictSearch, #[header("x-limit")] limit: Option<u32>) -> String {
        String::new()
    }

    #[get("/lax")]
    #[version("1", "2")]
    async fn lax(&self, #[query] q: Search, #[query("limit")] limit: Option<u32>) -> String {
        String::new()
    }
}
