use tether::controller;

struct Point {
    x: i32,
}

struct PointsController;

#[controller("/points")]
impl PointsController {
    #[get("/:p")]
    async fn find(&self, #[param] p: Point) -> String {
        p.x.to_string()
    }
}

fn main() {}
