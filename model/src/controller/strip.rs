//! Removing tether's attributes so that the impl block compiles as plain
//! Rust, reporting the misspelled ones.

use super::attributes::is_tether_attr;
use super::did_you_mean::{did_you_mean, did_you_mean_on};
use crate::attrs::{parse_route_attr, tether_attr_name};
use syn::{FnArg, ImplItem, ItemImpl};

/// Attributes rustc itself understands on a function argument.
const BUILTIN_ARG_ATTRS: [&str; 6] = ["cfg", "cfg_attr", "allow", "warn", "deny", "expect"];

/// Removes every tether attribute from the impl, its methods and their
/// arguments, so the impl can be emitted as plain Rust. Misspelled route
/// attributes and unsupported argument attributes of route methods go too:
/// `from_impl` reported them, and rustc need not report them again.
pub fn strip_tether_attrs(item: &mut ItemImpl) {
    item.attrs
        .retain(|a| !is_tether_attr(a) && did_you_mean_on(a, "").is_none());
    for impl_item in &mut item.items {
        if let ImplItem::Fn(f) = impl_item {
            let is_route = f.attrs.iter().any(|a| parse_route_attr(a).is_some());
            f.attrs
                .retain(|a| !is_tether_attr(a) && did_you_mean(a).is_none());
            for arg in &mut f.sig.inputs {
                if let FnArg::Typed(t) = arg {
                    t.attrs.retain(|a| match tether_attr_name(a) {
                        Some(name) if is_route => BUILTIN_ARG_ATTRS.contains(&name.as_str()),
                        _ => !is_tether_attr(a),
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn strip_leaves_plain_rust() {
        let mut item: ItemImpl = parse_quote! {
            #[version("1")]
            impl X {
                #[get("/:id")] #[serde(x)]
                async fn a(&self, #[param] id: u8) {}
            }
        };
        strip_tether_attrs(&mut item);
        let text = quote::quote!(#item).to_string();
        assert!(!text.contains("version") && !text.contains("param") && !text.contains("get"));
        assert!(text.contains("serde"));
    }
}
