// Input of the expansion golden (see `src/expand.rs` tests): guards,
// interceptors, pipes, filters and metadata (SPEC A7) on the controller
// and on one method, in the order they run; a route without its own
// keeps `pipeline: None`.
#[controller("/orders")]
#[use_guards(AuthGuard)]
#[use_interceptors(Timing::new("orders"))]
#[use_pipes(Trim)]
#[use_filters(Friendly)]
#[metadata(Roles(&["reader"]))]
impl OrdersController {
    #[post("/:id")]
    #[use_guards(RolesGuard, OwnerGuard::new(3))]
    #[use_interceptors(Audit)]
    #[use_pipes(Upper)]
    #[use_filters(OrderErrors)]
    #[metadata(Roles(&["admin"]))]
    async fn place(&self, #[param] id: u32, #[body(text)] note: String) -> String {
        self.orders.place(id, note)
    }

    #[get]
    async fn list(&self) -> Vec<Order> {
        self.orders.list()
    }
}
