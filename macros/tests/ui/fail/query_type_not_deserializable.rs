use tether::controller;

#[derive(Debug)]
enum Visibility {
    Public,
    Private,
}

struct IssuesController;

#[controller("/issues")]
impl IssuesController {
    #[get]
    async fn list(&self, #[query("visibility")] v: Option<Visibility>) -> String {
        format!("{v:?}")
    }
}

fn main() {}
