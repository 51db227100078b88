use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

#[derive(Serialize)]
pub struct Bag {
    pub list: Vec<String>,
    pub deque: VecDeque<u8>,
    pub set: HashSet<String>,
    pub ordered: BTreeSet<i32>,
    pub by_name: HashMap<String, u64>,
    pub by_id: BTreeMap<u32, String>,
    pub fixed: [f32; 3],
    pub pair: (String, u32),
    pub triple: (bool, bool, String),
    pub matrix: Vec<Vec<f64>>,
    pub bytes: Vec<u8>,
    pub unit: (),
}

pub struct BagsController;
#[controller("/bags")]
impl BagsController {
    #[get]
    async fn get(&self) -> Json<Bag> { todo!() }
    #[get("/slice")]
    async fn slice(&self) -> Json<&'static [u16]> { todo!() }
}
