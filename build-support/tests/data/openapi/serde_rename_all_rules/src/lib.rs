use serde::{Deserialize, Serialize};
use tether::{controller, Json};


#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
pub struct Lower { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub struct Upper { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Pascal { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Camel { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub struct Snake { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub struct ScreamingSnake { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Kebab { pub first_name: String }
#[derive(Serialize)]
#[serde(rename_all = "SCREAMING-KEBAB-CASE")]
pub struct ScreamingKebab { pub first_name: String }

/// Variants renamed by every rule.
#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status { InProgress, Done, NotStarted }
#[derive(Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Level { VeryHigh, Low }

#[derive(Serialize)]
pub struct AllRules {
    pub lower: Lower, pub upper: Upper, pub pascal: Pascal, pub camel: Camel,
    pub snake: Snake, pub screaming_snake: ScreamingSnake, pub kebab: Kebab,
    pub screaming_kebab: ScreamingKebab, pub status: Status, pub level: Level,
}

pub struct RulesController;
#[controller("/rules")]
impl RulesController {
    #[get]
    async fn all(&self) -> Json<AllRules> { todo!() }
}
