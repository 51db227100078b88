use tether::controller;

struct Token(String);

struct TokensController;

#[controller("/tokens")]
impl TokensController {
    #[get]
    async fn check(&self, #[header("x-token")] token: Token) -> String {
        token.0
    }
}

fn main() {}
