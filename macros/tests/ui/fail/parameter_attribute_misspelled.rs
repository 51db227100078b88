// A parameter attribute spelled like one of tether's (a typo, Nest's
// `@Query` case, an axum extractor's name) gets "did you mean"; one that
// is nothing like them keeps the list (`unsupported_parameter_attribute`).
use tether::controller;

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find_one(&self, #[parms] id: u64, #[Query] q: String) -> String {
        format!("{id}{q}")
    }

    #[post("/:id")]
    async fn update(&self, #[path] id: u64, #[json] name: String) -> String {
        format!("{id}{name}")
    }
}

fn main() {}
