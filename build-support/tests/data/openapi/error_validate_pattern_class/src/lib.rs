use serde::Deserialize;
use serde_valid::Validate;
use tether::controller;

#[derive(Deserialize, Validate)]
pub struct NewTicket {
    // Refused: `\d`, `\w`, `\s`, `\b` are Unicode classes to Rust's regex,
    // ASCII ones to the document's ECMA-262 pattern.
    #[validate(pattern = r"^\d{3}\w$")]
    pub code: String,
    #[validate(pattern = r"^[a-z\s]+$")]
    pub words: Option<String>,
    #[validate(pattern = r"\bx\B")]
    pub word: String,
    // Accepted: ASCII classes, `\p{..}` (the same in both) and an escaped
    // backslash before a letter.
    #[validate(pattern = r"^[0-9]{3}[A-Za-z0-9_]\p{Nd}\\d$")]
    pub fine: String,
}

pub struct TicketsController;
#[controller("/tickets")]
impl TicketsController {
    #[post]
    async fn create(&self, #[body] body: NewTicket) {}
}
