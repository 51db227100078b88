use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

#[derive(Serialize)]
pub struct Node { pub name: String }

#[derive(Serialize)]
pub struct Wrapped<'a> {
    pub boxed: Box<Node>,
    pub shared: Arc<Node>,
    pub counted: Rc<String>,
    pub cow: Cow<'a, str>,
    pub text: &'a str,
    pub boxed_str: Box<str>,
    pub arc_list: Arc<[Node]>,
    pub cow_list: Cow<'a, [u32]>,
    pub path: std::path::PathBuf,
}

pub struct WrapController;
#[controller("/wrap")]
impl WrapController {
    #[get]
    async fn get(&self) -> Json<Wrapped<'static>> { todo!() }
}
