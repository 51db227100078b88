// Kept when features are unknown (outside a build script).
pub struct OptionalController;
#[tether::controller("/optional")]
impl OptionalController {
    #[get]
    async fn get(&self) -> String { todo!() }
}
