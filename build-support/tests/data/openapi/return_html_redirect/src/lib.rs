//! `Html<T>`: `text/html`; `Redirect`: `3XX` with a `Location` header.
use tether::{controller, HttpError, Html, Redirect};

pub struct PagesController;

#[controller("/pages")]
impl PagesController {
    #[get]
    async fn home(&self) -> Html<&'static str> { todo!() }
    #[get("/old")]
    async fn old(&self) -> Redirect { todo!() }
    #[post("/login")]
    async fn login(&self) -> Result<Redirect, HttpError> { todo!() }
    #[get("/page")]
    async fn page(&self) -> Result<Html<String>, HttpError> { todo!() }
}
