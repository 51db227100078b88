use tether::controller;

mod model {
    macro_rules! dto {
        ($name:ident { $($f:ident : $t:ty),* }) => {
            #[derive(serde::Serialize)]
            pub struct $name { $(pub $f: $t),* }
        };
    }
    dto!(Stats { count: u32 });
}

pub struct StatsController;

/// tether-build reads items, not macro expansions: `model::Stats` is
/// defined by `dto!`, so its error says so and how to state its schema.
#[controller("/stats")]
impl StatsController {
    #[get]
    async fn get(&self) -> model::Stats { todo!() }
}
