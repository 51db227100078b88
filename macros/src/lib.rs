//! The attribute macros of tether. Use them through the `tether` crate:
//! `use tether::{controller, get, post};`.
//!
//! Each entry point parses, checks (with the grammar shared with
//! `tether-build`, in `tether-model`) and emits. On error it emits the
//! original item *and* every error, so the rest of the crate still compiles
//! and rust-analyzer keeps working.

mod api_error;
mod arguments;
mod codegen;
mod config_embed;
mod expand;
mod multipart;
mod param_rules;
mod route_table;
mod security;
mod syn_parsing;

use proc_macro::TokenStream;

#[doc = include_str!("../docs/controller.md")]
#[proc_macro_attribute]
pub fn controller(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::controller(attr.into(), item.into()).into()
}

macro_rules! route_attribute {
    ($($name:ident),*) => {$(
        #[doc = concat!("`#[", stringify!($name), "]`, `#[", stringify!($name), "(\"/path\")]`: a route of a `#[controller]` impl. Only valid inside one.")]
        #[doc = include_str!("../docs/route.md")]
        #[proc_macro_attribute]
        pub fn $name(_attr: TokenStream, item: TokenStream) -> TokenStream {
            expand::outside_controller(stringify!($name), item.into()).into()
        }
    )*};
}

route_attribute!(get, post, put, delete, patch, options, head, all);

#[doc = include_str!("../docs/http_code.md")]
#[proc_macro_attribute]
pub fn http_code(_attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::outside_controller("http_code", item.into()).into()
}

#[doc = include_str!("../docs/version.md")]
#[proc_macro_attribute]
pub fn version(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::controller_level("version", attr.into(), item.into()).into()
}

macro_rules! pipeline_attribute {
    ($($name:ident: $what:literal),*) => {$(
        #[doc = concat!("`#[", stringify!($name), "(A, B::new(..))]`: ", $what, " of a `#[controller]` route method, or of the whole controller on its impl block.")]
        #[doc = include_str!("../docs/pipeline.md")]
        #[proc_macro_attribute]
        pub fn $name(attr: TokenStream, item: TokenStream) -> TokenStream {
            expand::controller_level(stringify!($name), attr.into(), item.into()).into()
        }
    )*};
}

pipeline_attribute!(
    use_guards: "guards",
    use_interceptors: "interceptors",
    use_pipes: "pipes",
    use_filters: "exception filters"
);

/// `#[derive(MultipartForm)]` on a struct with named fields: reads it from
/// a `multipart/form-data` body (`#[body(multipart)] form: MyForm`). Each
/// field is one part name (rename with `#[multipart(rename = "..")]` or
/// `#[serde(rename = "..")]`), typed `String`, a number, `bool`, `char` or
/// `tether::extract::multipart::UploadedFile`, or an `Option` or `Vec` of one.
#[proc_macro_derive(MultipartForm, attributes(multipart, serde))]
pub fn derive_multipart_form(item: TokenStream) -> TokenStream {
    multipart::derive(item.into()).into()
}

/// `#[derive(ApiError)]` on an enum: each variant is an error answer with
/// its status, `#[status(404)]` or `#[status(409, message = "… {field} …")]`
/// (400–599), and a body of Nest's shape plus a machine-readable code,
/// `{"statusCode", "message", "error", "code"}`, with the variant's named
/// fields beside them (serialised as serde serialises a struct variant's
/// fields). Implements `tether::ApiError` and `tether::IntoResponse`.
///
/// The `code` is the variant's name in `SCREAMING_SNAKE_CASE` (`NoBooking`
/// answers `"code": "NO_BOOKING"`) unless `#[status(404, code = "…")]`
/// gives another (letters, digits, `_`, `-` and `.`). It tells apart
/// variants of one status and fields: the document writes it as a `const`
/// and the TypeScript client narrows a body on it. Two variants of one
/// enum cannot share a code.
#[proc_macro_derive(ApiError, attributes(status, serde))]
pub fn derive_api_error(item: TokenStream) -> TokenStream {
    api_error::derive(item.into()).into()
}
