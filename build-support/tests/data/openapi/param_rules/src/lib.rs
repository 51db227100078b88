use tether::controller;

pub struct TicketsController;
#[controller("/tickets")]
impl TicketsController {
    /// Rules on a path parameter, query parameters (one repeated), a
    /// header and a cookie.
    #[get("/:code")]
    async fn list(
        &self,
        #[param]
        #[validate(pattern = "^[A-Z]{3}$")]
        code: String,
        #[query("limit")]
        #[validate(minimum = 1)]
        #[validate(maximum = 100)]
        limit: Option<u32>,
        #[query("ratio")]
        #[validate(exclusive_minimum = 0, exclusive_maximum = 1.5)]
        ratio: Option<f64>,
        #[query("step")]
        #[validate(multiple_of = 5, minimum = -50)]
        step: Option<i64>,
        #[query("tag")]
        #[validate(min_items = 1, max_items = 3, unique_items)]
        #[validate(min_length = 2, max_length = 5)]
        tag: Vec<String>,
        #[query("state")]
        #[validate(r#enum = ["open", "closed"])]
        state: Option<String>,
        #[header("x-request-id")]
        #[validate(min_length = 8)]
        request_id: Option<String>,
        #[cookie("theme")]
        #[validate(r#enum = ["dark", "light"])]
        theme: Option<String>,
        #[query("small")]
        #[validate(maximum = 200)]
        small: Option<u8>,
    ) -> String {
        todo!()
    }
}
