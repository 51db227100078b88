use crate::shared::*;
use super::inline::deep::Profile as UserProfile;
use crate::PublicTag;

pub struct UsersController;

#[tether::controller("/users")]
impl UsersController {
    #[get("/:id/profile")]
    async fn profile(&self, #[param] id: String) -> UserProfile {
        todo!()
    }

    #[get("/tags")]
    async fn tags(&self) -> Vec<PublicTag> {
        todo!()
    }

    #[get("/labels")]
    async fn labels(&self) -> Vec<types::Label> {
        todo!()
    }
}
