//! The generated code names everything by absolute path: it compiles in a
//! module without the prelude.
#![no_implicit_prelude]

struct UsersController;
struct Tag;

#[::tether::controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u64, #[query("q")] q: ::std::option::Option<::std::string::String>) -> ::std::result::Result<::std::string::String, ::tether::HttpError> {
        let _ = q;
        ::std::result::Result::Ok(::std::string::ToString::to_string(&id))
    }
    #[get("/me")]
    #[metadata(Tag)]
    async fn me(&self, db: ::tether::State<Tag>, #[cookie("sid")] sid: ::std::option::Option<::std::string::String>) -> ::std::string::String {
        let _ = (db, sid);
        ::std::string::String::new()
    }
    #[post]
    async fn create(&self, #[body] names: ::std::vec::Vec<::std::string::String>) -> ::std::vec::Vec<::std::string::String> {
        names
    }
}

fn main() {
    let _app = ::tether::App::new(::tether::NativeAdapter::new()).provide(Tag).controller(UsersController);
}
