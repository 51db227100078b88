use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// Strict input: unknown fields are refused.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Strict { pub user_name: String }

/// Written as a `Wire`.
#[derive(Serialize, Clone)]
#[serde(into = "Wire")]
pub struct Rich { secret: String }

#[derive(Serialize)]
pub struct Wire { pub public: String }

#[derive(Serialize)]
pub struct Holder { pub rich: Rich }

pub struct StrictController;
#[controller("/strict")]
impl StrictController {
    #[post]
    async fn post(&self, #[body] s: Strict) -> Json<Holder> { todo!() }
}
