// `:petId` in the path, `pet_id` in Rust: one mistake, one error at the
// argument saying how to name the capture. A capture no argument resembles
// gets a snake_case argument in its suggestion.
use tether::controller;

struct Pets;

#[controller("/owners/:ownerId/pets")]
impl Pets {
    #[get("/:petId")]
    async fn find(&self, #[param] pet_id: u64) -> String {
        pet_id.to_string()
    }
}

fn main() {}
