//! Names the SDK relies on: controller keys, method names, operationIds.

use syn::Ident;
use tether_model::attrs::ident_name;

/// `find_one` → `findOne`, `UsersAdmin` → `usersAdmin`.
pub fn lower_camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper_next = false;
    for ch in name.chars() {
        if ch == '_' {
            upper_next = !out.is_empty();
        } else if upper_next {
            out.extend(ch.to_uppercase());
            upper_next = false;
        } else if out.is_empty() {
            out.extend(ch.to_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// The controller's key: `UsersController` → `users`, `AdminUsersController`
/// → `adminUsers`, `Health` → `health`.
pub fn controller_key(type_name: &str) -> String {
    let base = type_name
        .strip_suffix("Controller")
        .filter(|b| !b.is_empty())
        .unwrap_or(type_name);
    lower_camel(base)
}

/// The client's method name of a route (`x-tether-method`): the handler's
/// name in lowerCamelCase, less a `_v<version>` suffix naming the version
/// it is served at, so `find_one_v2` at version 2 is `client.v2.books.findOne`
/// (a raw `r#type` is `type`).
pub fn method_key(fn_ident: &Ident, version: Option<&str>) -> String {
    let fn_name = ident_name(fn_ident);
    let fn_name = fn_name.as_str();
    let suffix = version.map(|v| format!("_v{}", version_ident(v)));
    let base = match &suffix {
        Some(suffix) => fn_name
            .strip_suffix(suffix.as_str())
            .filter(|b| !b.is_empty())
            .unwrap_or(fn_name),
        None => fn_name,
    };
    lower_camel(base)
}

/// A version as it may appear in an operationId: `2.1` → `2_1`.
pub(super) fn version_ident(version: &str) -> String {
    version
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    #[test]
    fn sdk_hint_names() {
        assert_eq!(lower_camel("find_one"), "findOne");
        assert_eq!(method_key(&parse_quote!(find_one_v2), Some("2")), "findOne");
        assert_eq!(
            method_key(&parse_quote!(find_one_v2), Some("3")),
            "findOneV2"
        );
        assert_eq!(
            method_key(&parse_quote!(find_one_v2_1), Some("2.1")),
            "findOne"
        );
        assert_eq!(method_key(&parse_quote!(find_one_v2), None), "findOneV2");
        assert_eq!(method_key(&parse_quote!(_v2), Some("2")), "v2");
        assert_eq!(method_key(&parse_quote!(r#type), None), "type");
        assert_eq!(lower_camel("list"), "list");
        assert_eq!(lower_camel("_private_fn"), "privateFn");
        assert_eq!(controller_key("UsersController"), "users");
        assert_eq!(controller_key("AdminUsersController"), "adminUsers");
        assert_eq!(controller_key("Controller"), "controller");
        assert_eq!(controller_key("Health"), "health");
        assert_eq!(version_ident("2.1-beta"), "2_1_beta");
    }
}
