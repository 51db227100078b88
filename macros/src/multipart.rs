//! `#[derive(MultipartForm)]`: reads a struct from a multipart body, one
//! part name per field (`#[multipart(rename = "..")]` or
//! `#[serde(rename = "..")]` renames it). Each field's type says how its
//! parts are read, through `tether::multipart::FormField`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, LitStr};

/// How a field is read: its part name (its `rename`, else its
/// identifier), and whether it may be absent (`#[serde(default)]` or
/// `#[multipart(default)]`: the type's default then).
struct Part {
    name: String,
    /// The name serde (and so serde_valid's messages) gives the field.
    serde_name: String,
    default: bool,
}

fn part(field: &syn::Field) -> syn::Result<Part> {
    let mut name = None;
    let mut serde_name = None;
    let mut default = false;
    for attr in &field.attrs {
        let ours = attr.path().is_ident("multipart");
        if !ours && !attr.path().is_ident("serde") {
            continue;
        }
        let mut found = None;
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                found = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("default") && meta.input.is_empty() {
                default = true;
            } else if ours {
                return Err(meta.error(
                    "#[multipart] takes `rename = \"part-name\"` or `default`, e.g. `#[multipart(rename = \"file\")]`",
                ));
            } else if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
                // Skip the value of serde options this derive ignores.
                let _ = meta.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        });
        if ours {
            parsed?;
        }
        if found.is_some() {
            if !ours {
                serde_name.clone_from(&found);
            }
            name = found;
        }
    }
    let ident = tether_model::attrs::ident_name(field.ident.as_ref().expect("named field"));
    Ok(Part {
        name: name.unwrap_or_else(|| ident.clone()),
        serde_name: serde_name.unwrap_or(ident),
        default,
    })
}

/// The expansion of `#[derive(MultipartForm)]`.
pub fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    match expand(&input) {
        Ok(tokens) => tokens,
        Err(e) => e.to_compile_error(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let hint = "#[derive(MultipartForm)] goes on a struct with named fields, one per form part";
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new(input.ident.span(), hint));
    };
    let Fields::Named(fields) = &data.fields else {
        return Err(syn::Error::new(input.ident.span(), hint));
    };
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new(
            input.generics.span(),
            "a MultipartForm cannot be generic",
        ));
    }
    let ident = &input.ident;
    let mut names = Vec::new();
    let mut renamed = Vec::new();
    let mut inits = Vec::new();
    for (i, field) in fields.named.iter().enumerate() {
        let Part {
            name,
            serde_name,
            default,
        } = part(field)?;
        if serde_name != name {
            renamed.push(quote!((#serde_name, #name)));
        }
        let field_ident = &field.ident;
        let ty = &field.ty;
        let read = quote_spanned! {ty.span()=>
            <#ty as ::tether::multipart::FormField>::from_parts(__field, #name)?
        };
        let value = if default {
            quote_spanned! {ty.span()=>
                if __field.is_empty() { ::std::default::Default::default() } else { #read }
            }
        } else {
            read
        };
        inits.push(quote! {
            #field_ident: {
                let __field = ::std::mem::take(&mut __parts[#i]);
                #value
            }
        });
        names.push(name);
    }
    Ok(quote! {
        impl ::tether::multipart::FromMultipart for #ident {
            async fn from_multipart(
                multipart: ::tether::multipart::Multipart,
            ) -> ::std::result::Result<Self, ::tether::HttpError> {
                let mut __parts = multipart.collect(&[#(#names),*]).await?;
                ::std::result::Result::Ok(Self { #(#inits),* })
            }

            fn part_names() -> &'static [(&'static str, &'static str)] {
                &[#(#renamed),*]
            }
        }
    })
}
