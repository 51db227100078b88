use serde::{Deserialize, Serialize};
use tether::controller;

/// Written with the `validator` crate, whose derive tether does not run.
#[derive(Serialize, Deserialize, validator::Validate)]
pub struct Feedback {
    #[validate(length(min = 3, max = 200))]
    pub comment: String,
    #[validate(range(min = 1, max = 5))]
    pub stars: u8,
    #[validate(email, url)]
    pub contact: String,
    #[validate(nested)]
    pub author: Author,
}

/// serde_valid's rules beside: read as ever.
#[derive(Serialize, Deserialize, serde_valid::Validate)]
pub struct Author {
    #[validate(min_length = 1)]
    pub name: String,
}

pub struct Feedbacks;

#[controller("/feedback")]
impl Feedbacks {
    #[post]
    async fn send(&self, #[body] f: Feedback) -> Feedback {
        f
    }
}
