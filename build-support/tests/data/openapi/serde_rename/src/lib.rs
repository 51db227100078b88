use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize, Deserialize)]
#[serde(rename = "Person", rename_all = "camelCase")]
pub struct PersonDto {
    #[serde(rename = "ID")]
    pub id: u32,
    pub given_name: String,
    #[serde(rename(serialize = "family", deserialize = "familyName"))]
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
