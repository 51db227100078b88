//! `#[derive(ApiError)]`: each variant answers its `#[status]`
//! with Nest's error body, its `code` and its fields, read by the grammar of
//! `tether_model::api_error` that tether-build documents it with.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::{Attribute, Data, DeriveInput, ItemEnum};
use tether_model::api_error::{ApiErrorModel, ErrorVariant};

/// The expansion of `#[derive(ApiError)]`.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let derive: DeriveInput = match syn::parse2(input.clone()) {
        Ok(d) => d,
        Err(e) => return e.to_compile_error(),
    };
    if !matches!(derive.data, Data::Enum(_)) {
        return syn::Error::new(
            derive.ident.span(),
            "#[derive(ApiError)] goes on an enum, one variant per error answer: `enum BookError { #[status(404)] NotFound { id: u64 } }`",
        )
        .to_compile_error();
    }
    let item: ItemEnum = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    match ApiErrorModel::parse(&item) {
        Ok(model) => expand(&item, &model),
        Err(e) => {
            let mut out = e.to_compile_error();
            out.extend(placeholder(&item));
            out
        }
    }
}

/// What a refused enum still implements, so that the error at the
/// attribute is the only one: without it every handler returning the
/// enum adds "`…` cannot be returned from a tether handler". Never run,
/// since the crate does not compile. None for a generic enum, which is
/// itself refused and whose parameters would need bounds.
fn placeholder(item: &ItemEnum) -> TokenStream {
    if !item.generics.params.is_empty() {
        return TokenStream::new();
    }
    let name = &item.ident;
    quote! {
        #[automatically_derived]
        impl ::tether::ApiError for #name {
            fn status(&self) -> ::tether::StatusCode {
                ::std::unreachable!()
            }

            fn code(&self) -> &'static str {
                ::std::unreachable!()
            }
        }

        #[automatically_derived]
        impl ::tether::IntoResponse for #name {
            fn into_response_with(self, _: ::tether::StatusCode) -> ::tether::Response {
                ::std::unreachable!()
            }
        }
    }
}

fn expand(item: &ItemEnum, model: &ApiErrorModel) -> TokenStream {
    let name = &model.ident;
    let fields_rule = tether_model::attrs::serde_str(&item.attrs, "rename_all_fields");
    let statuses = model.variants.iter().map(|v| {
        let ident = &v.ident;
        let status = v.status;
        quote!(Self::#ident { .. } => ::tether::__private::status(#status))
    });
    let codes = model.variants.iter().map(|v| {
        let (ident, code) = (&v.ident, &v.code);
        quote!(Self::#ident { .. } => #code)
    });
    let arms = item
        .variants
        .iter()
        .zip(&model.variants)
        .map(|(syntax, v)| arm(v, &syntax.attrs, fields_rule.as_ref()));
    quote! {
        #[automatically_derived]
        impl ::tether::ApiError for #name {
            fn status(&self) -> ::tether::StatusCode {
                match self { #(#statuses,)* }
            }

            fn code(&self) -> &'static str {
                match self { #(#codes,)* }
            }
        }

        #[automatically_derived]
        impl ::tether::IntoResponse for #name {
            fn into_response_with(self, _: ::tether::StatusCode) -> ::tether::Response {
                match self { #(#arms)* }
            }
        }
    }
}

/// One variant's answer: a body struct with Nest's keys and the variant's
/// fields (their serde attributes kept), serialised with its status.
fn arm(v: &ErrorVariant, attrs: &[Attribute], fields_rule: Option<&syn::LitStr>) -> TokenStream {
    let (ident, code) = (&v.ident, &v.code);
    let status = v.status;
    let reason = tether_model::status::reason(status).unwrap_or("Error");
    let names: Vec<&syn::Ident> = v.fields.iter().filter_map(|f| f.ident.as_ref()).collect();
    let fields = v.fields.iter().map(|f| {
        let serde = f.attrs.iter().filter(|a| a.path().is_ident("serde"));
        let (name, ty) = (&f.ident, &f.ty);
        quote!(#(#serde)* #name: #ty)
    });
    let rule = tether_model::attrs::serde_str(attrs, "rename_all").or(fields_rule.cloned());
    let rule = rule.map(|r| quote!(#[serde(rename_all = #r)]));
    let message = match &v.message {
        Some(m) => quote_spanned!(m.span()=> ::std::format!(#m)),
        None => quote!(::std::string::String::from(#reason)),
    };
    let body = format_ident!("__Tether{}Body", ident);
    quote! {
        #[allow(unused_variables)]
        Self::#ident { #(#names),* } => {
            #[derive(::tether::__private::Serialize)]
            #[serde(crate = "::tether::__private::serde")]
            #rule
            struct #body {
                #[serde(rename = "statusCode")]
                __status_code: u16,
                #[serde(rename = "message")]
                __message: ::std::string::String,
                #[serde(rename = "error")]
                __error: &'static str,
                #[serde(rename = "code")]
                __code: &'static str,
                #(#fields,)*
            }
            let __message = #message;
            ::tether::IntoResponse::into_response_with(
                ::tether::Json(#body { __status_code: #status, __message, __error: #reason, __code: #code, #(#names),* }),
                ::tether::__private::status(#status),
            )
        }
    }
}
