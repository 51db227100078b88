//! `#[derive(MultipartForm)]`: reads a struct from a multipart body, one
//! part name per field (`#[multipart(rename = "..")]` or
//! `#[serde(rename = "..")]` renames it). Each field's type says how its
//! parts are read, through `tether::extract::multipart::FormField`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, LitStr};

/// How a field is read: its part name (its `rename`, else its
/// identifier), whether it may be absent (`#[serde(default)]` or
/// `#[multipart(default)]`: the type's default then), and the media types
/// its parts may be sent as (`#[multipart(content_type = "..")]`).
struct Part {
    name: String,
    /// The name serde (and so serde_valid's messages) gives the field.
    serde_name: String,
    default: bool,
    /// Empty: any.
    content_types: Vec<String>,
}

fn part(field: &syn::Field) -> syn::Result<Part> {
    let mut name = None;
    let mut serde_name = None;
    let mut default = false;
    let mut content_types = Vec::new();
    for attr in &field.attrs {
        let ours = attr.path().is_ident("multipart");
        if !ours && !attr.path().is_ident("serde") {
            continue;
        }
        let mut found = None;
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                let value = meta.value()?;
                found = Some(match value.parse::<LitStr>() {
                    Ok(name) => name.value(),
                    Err(_) if !ours => return Ok(()),
                    Err(_) => {
                        let written = value.parse::<syn::Expr>()?;
                        let text = quote::ToTokens::to_token_stream(&written).to_string();
                        return Err(syn::Error::new(
                            written.span(),
                            format!("`rename` takes the part's name as a string: `#[multipart(rename = \"{text}\")]`"),
                        ));
                    }
                });
            } else if ours && meta.path.is_ident("content_type") {
                let value = meta.value()?;
                let written = value.parse::<syn::Expr>()?;
                let text = match &written {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) => s.value(),
                    _ => {
                        return Err(syn::Error::new(
                            written.span(),
                            "`content_type` takes the part's media types as a string: `#[multipart(content_type = \"application/pdf\")]`",
                        ))
                    }
                };
                content_types = tether_model::media::parse_part_types(&text)
                    .map_err(|e| syn::Error::new(written.span(), e))?;
            } else if meta.path.is_ident("default") && meta.input.is_empty() {
                default = true;
            } else if ours && meta.path.is_ident("default") {
                return Err(meta.error(
                    "`default` takes no value: `#[multipart(default)]` gives the field its type's default when no part has its name",
                ));
            } else if ours {
                return Err(meta.error(
                    "#[multipart] takes `rename = \"part-name\"`, `default` or `content_type = \"media/type\"`, e.g. `#[multipart(rename = \"file\")]`",
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
        content_types,
    })
}

/// The expansion of `#[derive(MultipartForm)]`.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
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
    let ident = &input.ident;
    let fields = match &input.data {
        Data::Struct(syn::DataStruct {
            fields: Fields::Named(fields),
            ..
        }) if !fields.named.is_empty() => fields,
        data => {
            let shape = match data {
                Data::Struct(syn::DataStruct {
                    fields: Fields::Unnamed(_),
                    ..
                }) => "has unnamed fields, and a part is read by its field's name",
                Data::Struct(_) => "has no fields",
                Data::Enum(_) => "is an enum",
                Data::Union(_) => "is a union",
            };
            return Err(syn::Error::new(
                ident.span(),
                format!(
                    "#[derive(MultipartForm)] goes on a struct with named fields, one per form part; `{ident}` {shape}: write `struct {ident} {{ file: UploadedFile, title: String }}`"
                ),
            ));
        }
    };
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new(
            input.generics.span(),
            "a MultipartForm cannot be generic: each field's type says how its parts are read; write the field types out (`file: UploadedFile`)",
        ));
    }
    let mut names: Vec<String> = Vec::new();
    let mut renamed = Vec::new();
    let mut inits = Vec::new();
    for (i, field) in fields.named.iter().enumerate() {
        let Part {
            name,
            serde_name,
            default,
            content_types,
        } = part(field)?;
        if names.contains(&name) {
            return Err(syn::Error::new(
                field.ident.span(),
                format!(
                    "two fields read the part `{name}`, so this one would never get a part: give it a name of its own with `#[multipart(rename = \"..\")]`, or make the first a `Vec` to take every `{name}` part"
                ),
            ));
        }
        if serde_name != name {
            renamed.push(quote!((#serde_name, #name)));
        }
        let field_ident = &field.ident;
        let ty = &field.ty;
        let read = quote_spanned! {ty.span()=>
            <#ty as ::tether::extract::multipart::FormField>::from_parts(__field, #name)?
        };
        let read = if content_types.is_empty() {
            read
        } else {
            quote! {
                {
                    ::tether::__private::part_types(&__field, #name, &[#(#content_types),*])?;
                    #read
                }
            }
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
    let p = quote!(::tether::__private);
    Ok(quote! {
        impl #ident {
            /// The form from the parts of each field, in field order.
            fn __tether_from_parts(
                mut __parts: ::std::vec::Vec<::std::vec::Vec<::tether::extract::multipart::UploadedFile>>,
            ) -> ::std::result::Result<Self, ::tether::HttpError> {
                ::std::result::Result::Ok(Self { #(#inits),* })
            }
        }

        impl ::tether::extract::multipart::FromMultipart for #ident {
            async fn from_multipart(
                multipart: ::tether::extract::multipart::Multipart,
            ) -> ::std::result::Result<Self, ::tether::HttpError> {
                Self::__tether_from_parts(multipart.collect(&[#(#names),*]).await?)
            }

            async fn from_multipart_measured(
                multipart: ::tether::extract::multipart::Multipart,
            ) -> ::std::result::Result<(Self, #p::Option<::std::result::Result<Self, ::tether::HttpError>>), ::tether::HttpError> {
                let __parts = multipart.collect(&[#(#names),*]).await?;
                let __measured = #p::parts_with_stand_ins(&__parts).map(Self::__tether_from_parts);
                ::std::result::Result::Ok((Self::__tether_from_parts(__parts)?, __measured))
            }

            fn part_names() -> &'static [(&'static str, &'static str)] {
                &[#(#renamed),*]
            }
        }
    })
}
