use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::num::{NonZeroU32, NonZeroI64};

#[derive(Serialize)]
pub struct Numbers {
    pub a: i8, pub b: i16, pub c: i32, pub d: i64, pub e: i128, pub f: isize,
    pub g: u8, pub h: u16, pub i: u32, pub j: u64, pub k: u128, pub l: usize,
    pub m: f32, pub n: f64, pub o: bool, pub p: char,
    pub q: NonZeroU32, pub r: NonZeroI64,
}

pub struct NumbersController;
#[controller("/numbers")]
impl NumbersController {
    #[get("/:id")]
    async fn get(&self, #[param] id: i16, #[query("scale")] scale: Option<f32>) -> Json<Numbers> { todo!() }
}
