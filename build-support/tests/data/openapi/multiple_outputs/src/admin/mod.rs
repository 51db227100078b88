use serde::Serialize;

#[derive(Serialize)]
pub struct Stats { pub books: u64, pub ratio: Option<f32> }

pub struct StatsController;
#[tether::controller("/stats")]
impl StatsController {
    #[get]
    async fn stats(&self) -> tether::Json<Stats> { todo!() }
}
