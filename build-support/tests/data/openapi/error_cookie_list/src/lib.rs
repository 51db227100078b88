use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
pub enum Theme { Dark, Light }

pub struct Prefs;

#[controller("/prefs")]
impl Prefs {
    #[get]
    async fn show(
        &self,
        #[cookie("ids")] ids: Option<Vec<u32>>,
        #[cookie("themes")] themes: Vec<Theme>,
        #[cookie("one")] one: Option<Theme>,
        #[header("x-ids")] x_ids: Option<Vec<u32>>,
    ) -> String {
        String::new()
    }
}
