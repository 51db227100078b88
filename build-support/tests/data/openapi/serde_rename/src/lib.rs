use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize, Deserialize)]
#[serde(rename = "Person", rename_all = "camelCase")]
pub struct PersonDto {
    #[serde(rename = "ID")]
    pub id: u32,
    pub given_name: String,
    // One name both ways (`rename(serialize = .., deserialize = ..)` is refused:
    // error_serde_split_rename); requests may also send `familyName`.
    #[serde(rename = "family", alias = "familyName")]
    pub family_name: String,
    #[serde(alias = "mail")]
    pub r#type: String,
}

pub struct PeopleController;
#[controller("/people")]
impl PeopleController {
    #[post]
    async fn create(&self, #[body] p: PersonDto) -> Json<PersonDto> { todo!() }
}
