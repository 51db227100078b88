//! The generated code names everything by absolute path: it compiles in a
//! module without the prelude.
#![no_implicit_prelude]

struct UsersController;
struct Tag;

#[::tether::controller("/users")]
impl UsersController {
    #[get("/:id")]
    async fn find(
        &self,
        #[param] id: u64,
        #[query("q")] q: ::std::option::Option<::std::string::String>,
    ) -> ::std::result::Result<::std::string::String, ::tether::HttpError> {
        let _ = q;
        ::std::result::Result::Ok(::std::string::ToString::to_string(&id))
    }
    #[get("/me")]
    #[metadata(Tag)]
    async fn me(
        &self,
        db: ::tether::State<Tag>,
        #[cookie("sid")] sid: ::std::option::Option<::std::string::String>,
    ) -> ::std::string::String {
        let _ = (db, sid);
        ::std::string::String::new()
    }
    #[get("/page/:n")]
    async fn page(
        &self,
        #[param]
        #[validate(minimum = 1)]
        n: u32,
        #[query("tag")]
        #[validate(max_items = 2, unique_items)]
        #[validate(pattern = "^a")]
        tag: ::std::vec::Vec<::std::string::String>,
        #[header("x-k")]
        #[validate(r#enum = ["a"])]
        k: ::std::option::Option<::std::string::String>,
    ) -> ::std::string::String {
        let _ = (n, tag, k);
        ::std::string::String::new()
    }
    #[post]
    async fn create(
        &self,
        #[body] names: ::std::vec::Vec<::std::string::String>,
    ) -> ::std::vec::Vec<::std::string::String> {
        names
    }
}

pub(crate) fn main() {
    let _app = ::tether::App::new(::tether::NativeAdapter::new())
        .provide(Tag)
        .controller(UsersController);
}
