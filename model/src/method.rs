//! The HTTP method of a route: one enum for the route attributes
//! the macros read, the runtime's route table and the OpenAPI operations.
//! Syn-free, so the runtime uses it without the `syn` feature.

/// The HTTP method of a route attribute; `All` (`#[all]`) matches every
/// method.
///
/// The declaration order is the order of [`HttpMethod::ALL`], so
/// [`HttpMethod::index`] is a position in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HttpMethod {
    /// `#[get]`: GET (also answers HEAD when no HEAD route exists).
    Get,
    /// `#[post]`: POST.
    Post,
    /// `#[put]`: PUT.
    Put,
    /// `#[delete]`: DELETE.
    Delete,
    /// `#[patch]`: PATCH.
    Patch,
    /// `#[options]`: OPTIONS.
    Options,
    /// `#[head]`: HEAD.
    Head,
    /// `#[all]`: every method.
    All,
}

impl HttpMethod {
    /// Every route attribute, in the order of the docs.
    pub const ALL: [HttpMethod; 8] = [
        HttpMethod::Get,
        HttpMethod::Post,
        HttpMethod::Put,
        HttpMethod::Delete,
        HttpMethod::Patch,
        HttpMethod::Options,
        HttpMethod::Head,
        HttpMethod::All,
    ];

    /// The method's position in [`HttpMethod::ALL`], for tables indexed by
    /// method.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The method's name, `GET`…; `ALL` for `#[all]`.
    pub fn as_str(self) -> &'static str {
        match self {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
            HttpMethod::Put => "PUT",
            HttpMethod::Delete => "DELETE",
            HttpMethod::Patch => "PATCH",
            HttpMethod::Options => "OPTIONS",
            HttpMethod::Head => "HEAD",
            HttpMethod::All => "ALL",
        }
    }

    /// The attribute's name: `get`, `post`, ….
    pub fn attr_name(self) -> &'static str {
        match self {
            HttpMethod::Get => "get",
            HttpMethod::Post => "post",
            HttpMethod::Put => "put",
            HttpMethod::Delete => "delete",
            HttpMethod::Patch => "patch",
            HttpMethod::Options => "options",
            HttpMethod::Head => "head",
            HttpMethod::All => "all",
        }
    }

    /// The attribute named `name`, if it is a route attribute.
    pub fn from_attr_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.attr_name() == name)
    }

    /// The default success status: 201 for POST, 200 otherwise.
    pub fn default_status(self) -> u16 {
        match self {
            HttpMethod::Post => 201,
            _ => 200,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HttpMethod;

    #[test]
    fn index_is_position_in_all() {
        for (i, m) in HttpMethod::ALL.into_iter().enumerate() {
            assert_eq!(m.index(), i);
        }
    }

    #[test]
    fn names() {
        for m in HttpMethod::ALL {
            assert_eq!(HttpMethod::from_attr_name(m.attr_name()), Some(m));
            assert_eq!(m.as_str(), m.attr_name().to_ascii_uppercase());
        }
        assert_eq!(HttpMethod::from_attr_name("trace"), None);
        assert_eq!(HttpMethod::Post.default_status(), 201);
        assert_eq!(HttpMethod::All.default_status(), 200);
    }
}
