//! Reads a `#[controller]` impl block without parsing its method bodies
//! (dropshot's `syn_parsing.rs`): each `fn` body is kept as the tokens it
//! was, so a mistake inside a handler's body is left to rustc, which
//! reports it where it is, and never hides the controller from the macro.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream, Parser};
use syn::{braced, Attribute, Block, ImplItem, ImplItemFn, ItemImpl, Signature, Stmt, Visibility};

/// An impl block whose method bodies are kept unparsed.
pub(crate) struct ImplKeepingBodies(pub ItemImpl);

impl Parse for ImplKeepingBodies {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        // The header (attributes, generics, `impl Trait for Type`, where
        // clause) is syn's own: parsed with an empty body, which stops
        // before the real one.
        let mut header = TokenStream::new();
        while !input.is_empty() && !is_last_brace_group(input) {
            header.extend(std::iter::once(input.parse::<proc_macro2::TokenTree>()?));
        }
        let content;
        let brace_token = braced!(content in input);
        header.extend(quote::quote!({}));
        let mut item: ItemImpl = syn::parse2(header)?;
        item.brace_token = brace_token;
        item.attrs.extend(content.call(Attribute::parse_inner)?);
        while !content.is_empty() {
            item.items.push(content.call(impl_item)?);
        }
        Ok(ImplKeepingBodies(item))
    }
}

/// Whether the next token is a `{ … }` group with nothing after it.
fn is_last_brace_group(input: ParseStream) -> bool {
    let fork = input.fork();
    let is_brace = fork.step(|cursor| match cursor.group(proc_macro2::Delimiter::Brace) {
        Some((_, _, rest)) => Ok(((), rest)),
        None => Err(cursor.error("not a brace group")),
    });
    is_brace.is_ok() && fork.is_empty()
}

/// One item of the impl: a method with its body as tokens, or any other
/// item as syn parses it.
fn impl_item(input: ParseStream) -> syn::Result<ImplItem> {
    let fork = input.fork();
    if let Ok(f) = method_keeping_body(&fork) {
        use syn::parse::discouraged::Speculative;
        input.advance_to(&fork);
        return Ok(ImplItem::Fn(f));
    }
    input.parse()
}

fn method_keeping_body(input: ParseStream) -> syn::Result<ImplItemFn> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: Visibility = input.parse()?;
    let defaultness = input.parse()?;
    let sig: Signature = input.parse()?;
    let content;
    let brace_token = braced!(content in input);
    let mut attrs = attrs;
    attrs.extend(content.call(Attribute::parse_inner)?);
    let body: TokenStream = content.parse()?;
    Ok(ImplItemFn {
        attrs,
        vis,
        defaultness,
        sig,
        block: Block {
            brace_token,
            stmts: vec![Stmt::Item(syn::Item::Verbatim(body))],
        },
    })
}

/// `tokens` without tether's attributes, for an impl that did not parse:
/// emitted with syn's error, it leaves rustc nothing to add but its own
/// account of the same mistake (no "cannot find attribute `get`").
pub(crate) fn strip_tether_attr_tokens(tokens: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tree) = iter.next() {
        match tree {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                if let Some(TokenTree::Group(g)) = iter.peek() {
                    if g.delimiter() == Delimiter::Bracket && is_tether_attr_tokens(&p, g) {
                        iter.next();
                        continue;
                    }
                }
                out.extend([TokenTree::Punct(p)]);
            }
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), strip_tether_attr_tokens(g.stream()));
                inner.set_span(g.span());
                out.extend([TokenTree::Group(inner)]);
            }
            other => out.extend([other]),
        }
    }
    out
}

/// Whether `#` and `[…]` are one of tether's attributes.
fn is_tether_attr_tokens(hash: &proc_macro2::Punct, group: &Group) -> bool {
    let tokens: TokenStream = [
        TokenTree::Punct(hash.clone()),
        TokenTree::Group(group.clone()),
    ]
    .into_iter()
    .collect();
    Attribute::parse_outer
        .parse2(tokens)
        .is_ok_and(|attrs| attrs.iter().all(tether_model::controller::is_tether_attr))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{quote, ToTokens};

    #[test]
    fn a1_bodies_are_kept_as_tokens_even_when_they_do_not_parse() {
        let input = quote! {
            #[controller("/x")]
            impl X where X: Send {
                /// Doc.
                #[get("/:id")]
                async fn a(&self, #[param] id: u64) -> u64 { let y = ; id }
                const C: u8 = 1;
                fn helper(&self) -> u8 { #![allow(unused)] Self::C }
            }
        };
        let ImplKeepingBodies(item) = syn::parse2(input).expect("only a body is broken");
        assert_eq!(item.items.len(), 3);
        let ImplItem::Fn(a) = &item.items[0] else {
            panic!("a method")
        };
        assert_eq!(a.sig.ident, "a");
        assert_eq!(a.sig.inputs.len(), 2);
        assert_eq!(a.attrs.len(), 2, "doc and route attributes");
        let printed = item.to_token_stream().to_string();
        assert!(printed.contains("let y = ; id"), "{printed}");
        assert!(printed.contains("# ! [allow (unused)]"), "{printed}");
        assert!(printed.contains("where X : Send"), "{printed}");
    }

    #[test]
    fn a1_tether_attributes_are_stripped_from_tokens_that_do_not_parse() {
        let input = quote! {
            impl X {
                #[get("/:id")] #[allow(unused)]
                async fn a(&self, #[param] id: ) {}
            }
        };
        let printed = strip_tether_attr_tokens(input).to_string();
        assert_eq!(
            printed,
            "impl X { # [allow (unused)] async fn a (& self , id :) { } }"
        );
    }

    #[test]
    fn a1_a_broken_signature_is_syns_own_error() {
        let input = quote! {
            impl X { async fn a(&self, id: ) {} }
        };
        let error = syn::parse2::<ImplKeepingBodies>(input)
            .err()
            .expect("refused");
        assert_eq!(error.to_string(), "unexpected end of input, expected one of: `for`, parentheses, `fn`, `unsafe`, `extern`, identifier, `::`, `<`, `dyn`, square brackets, `*`, `&`, `!`, `impl`, `_`, lifetime");
    }
}
