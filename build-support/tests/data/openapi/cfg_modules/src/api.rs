use serde::Serialize;
use tether::Json;

#[derive(Serialize)]
pub struct Pong { pub ok: bool }

pub struct PingController;
#[tether::controller("/ping")]
impl PingController {
    #[get]
    async fn ping(&self) -> Json<Pong> { todo!() }

    #[cfg(test)]
    fn helper() {}
}
