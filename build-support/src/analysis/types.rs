//! Rust types as the document sees them ([`Ty`]): `syn::Type`s resolved in
//! the module they are written in, through imports and aliases, with
//! generic parameters bound, wrappers (`Box`, `Arc`, `Cow`, `&`) removed and
//! well-known std and foreign types mapped to their JSON form.

use super::diagnostics::Diagnostic;
use super::index::{path_names, CrateIndex, DefId, DefItem, Res};
use super::modules::ModId;
use super::overrides::schema_override;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use syn::spanned::Spanned;
use syn::Type;
use tether_model::response::type_args;

/// Integer kinds, for `format` and bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Int {
    /// i8
    I8,
    /// i16
    I16,
    /// i32
    I32,
    /// i64, isize
    I64,
    /// i128
    I128,
    /// u8
    U8,
    /// u16
    U16,
    /// u32
    U32,
    /// u64, usize
    U64,
    /// u128
    U128,
}

/// A resolved type.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    /// `bool`
    Bool,
    /// An integer; `nonzero` for `NonZeroU32` and friends.
    Int(Int, bool),
    /// `f32` (32) or `f64` (64).
    Float(u8),
    /// `char`
    Char,
    /// `String`, `&str`, `Cow<str>`, `PathBuf`, …
    String,
    /// `()`, `PhantomData`: serialized as `null`.
    Unit,
    /// `Option<T>`
    Option(Box<Ty>),
    /// `Vec<T>`, `[T]`, `[T; N]`, sets.
    Seq {
        /// Element type.
        item: Box<Ty>,
        /// Sets: `uniqueItems`.
        unique: bool,
        /// Arrays: fixed length.
        len: Option<u64>,
    },
    /// `HashMap<K, V>`, `BTreeMap<K, V>`, …
    Map(Box<Ty>, Box<Ty>),
    /// `(A, B)`
    Tuple(Vec<Ty>),
    /// A struct or enum of the crate with its generic arguments.
    Def(DefId, Vec<Ty>),
    /// A known foreign type or a stated schema, with a name for generics.
    Schema(String, Value),
    /// `serde_json::Value`: any JSON.
    Any,
    /// tether's `UploadedFile`: a multipart file part.
    File,
    /// tether's `HttpError`.
    HttpError,
}

/// Generic parameters bound to types.
pub type Env = BTreeMap<String, Ty>;

fn int(name: &str) -> Option<Int> {
    Some(match name {
        "i8" => Int::I8,
        "i16" => Int::I16,
        "i32" => Int::I32,
        "i64" | "isize" => Int::I64,
        "i128" => Int::I128,
        "u8" => Int::U8,
        "u16" => Int::U16,
        "u32" => Int::U32,
        "u64" | "usize" => Int::U64,
        "u128" => Int::U128,
        _ => return None,
    })
}

fn schema(name: &str, v: Value) -> Ty {
    Ty::Schema(name.to_string(), v)
}

fn string_format(name: &str, format: &str) -> Ty {
    schema(name, json!({"type": "string", "format": format}))
}

/// std and well-known foreign types with no type arguments, by their last
/// path segment (`path` is the full path when it is known).
fn known_leaf(path: &[String], last: &str) -> Option<Ty> {
    let first = path.first().map(String::as_str).unwrap_or("");
    if let Some(i) = int(last) {
        return Some(Ty::Int(i, false));
    }
    if let Some(rest) = last.strip_prefix("NonZero") {
        return int(&rest.to_lowercase()).map(|i| Ty::Int(i, true));
    }
    Some(match last {
        "bool" => Ty::Bool,
        "f32" => Ty::Float(32),
        "f64" => Ty::Float(64),
        "char" => Ty::Char,
        "String" | "str" | "OsString" | "OsStr" | "PathBuf" | "Path" | "SmolStr"
        | "CompactString" | "ArcStr" => Ty::String,
        "PhantomData" | "PhantomPinned" => Ty::Unit,
        "Value" if first != "toml" => Ty::Any,
        "NaiveDateTime" | "PrimitiveDateTime" => string_format(last, "partial-date-time"),
        "NaiveDate" | "Date" => string_format(last, "date"),
        "NaiveTime" | "Time" => string_format(last, "partial-time"),
        "OffsetDateTime" | "UtcDateTime" | "Timestamp" | "Zoned" => {
            string_format(last, "date-time")
        }
        "Uuid" => string_format(last, "uuid"),
        "Ulid" => string_format(last, "ulid"),
        "Url" | "Uri" => string_format(last, "uri"),
        // The `email_address` crate's type, which checks RFC 5322 when read.
        "EmailAddress" => string_format(last, "email"),
        "Decimal" | "BigDecimal" => string_format(last, "decimal"),
        "IpAddr" => string_format(last, "ip"),
        "Ipv4Addr" => string_format(last, "ipv4"),
        "Ipv6Addr" => string_format(last, "ipv6"),
        "SocketAddr" | "SocketAddrV4" | "SocketAddrV6" | "Mime" | "HeaderValue" | "SetCookie" => {
            schema(last, json!({"type": "string"}))
        }
        "Version" if first == "semver" => string_format(last, "semver"),
        "Bytes" | "BytesMut" | "ByteBuf" => Ty::Seq {
            item: Box::new(Ty::Int(Int::U8, false)),
            unique: false,
            len: None,
        },
        "Duration" if first != "chrono" && first != "time" => schema(
            last,
            json!({"type": "object", "properties": {"secs": {"type": "integer", "format": "int64", "minimum": 0}, "nanos": {"type": "integer", "format": "int32", "minimum": 0}}, "required": ["secs", "nanos"]}),
        ),
        "SystemTime" => schema(
            last,
            json!({"type": "object", "properties": {"secs_since_epoch": {"type": "integer", "format": "int64", "minimum": 0}, "nanos_since_epoch": {"type": "integer", "format": "int32", "minimum": 0}}, "required": ["secs_since_epoch", "nanos_since_epoch"]}),
        ),
        "UploadedFile" => Ty::File,
        "Multipart" => schema(last, json!({"type": "object"})),
        "HttpError" => Ty::HttpError,
        _ => return None,
    })
}

/// The time crate's date-times whose own `Serialize` writes neither RFC
/// 3339 nor its `partial-date-time` (a tuple of numbers, or with the
/// `serde-human-readable` feature `2025-01-02 3:04:05.0 +00:00:00`): only
/// through a `#[serde(with = "time::serde::rfc3339")]` are they `date-time`.
fn time_without_text(full: &[String]) -> Option<&str> {
    match full {
        [krate, .., last]
            if krate == "time"
                && matches!(
                    last.as_str(),
                    "OffsetDateTime" | "PrimitiveDateTime" | "UtcDateTime"
                ) =>
        {
            Some(last)
        }
        _ => None,
    }
}

/// Generic std names usable without an import.
const PRELUDE: [&str; 24] = [
    "Box",
    "Arc",
    "Rc",
    "Cow",
    "RefCell",
    "Cell",
    "Mutex",
    "RwLock",
    "Reverse",
    "Wrapping",
    "Saturating",
    "Pin",
    "Json",
    "Option",
    "Vec",
    "VecDeque",
    "LinkedList",
    "BinaryHeap",
    "HashSet",
    "BTreeSet",
    "HashMap",
    "BTreeMap",
    "IndexMap",
    "IndexSet",
];

/// Resolves `syn::Type`s of the crate into [`Ty`]s.
pub struct TypeResolver<'a> {
    /// The crate.
    pub index: &'a CrateIndex,
    /// Schemas stated in `tether.toml` `[schemas]` or the builder, by type path.
    pub stated: &'a BTreeMap<String, Value>,
}

impl TypeResolver<'_> {
    /// Resolves `ty`, written in `module`, with generic parameters `env`.
    pub fn resolve(&self, ty: &Type, module: ModId, env: &Env) -> Result<Ty, Diagnostic> {
        match ty {
            Type::Reference(r) => self.resolve(&r.elem, module, env),
            Type::Paren(p) => self.resolve(&p.elem, module, env),
            Type::Group(g) => self.resolve(&g.elem, module, env),
            Type::Slice(s) => Ok(Ty::Seq {
                item: Box::new(self.resolve(&s.elem, module, env)?),
                unique: false,
                len: None,
            }),
            Type::Array(a) => {
                let len = match &a.len {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(n),
                        ..
                    }) => n.base10_parse().ok(),
                    _ => None,
                };
                Ok(Ty::Seq {
                    item: Box::new(self.resolve(&a.elem, module, env)?),
                    unique: false,
                    len,
                })
            }
            Type::Tuple(t) if t.elems.is_empty() => Ok(Ty::Unit),
            Type::Tuple(t) => t
                .elems
                .iter()
                .map(|e| self.resolve(e, module, env))
                .collect::<Result<_, _>>()
                .map(Ty::Tuple),
            Type::Never(_) => Ok(Ty::Unit),
            Type::Path(p) if p.qself.is_none() => self.resolve_path(&p.path, module, env),
            other => Err(self
                .error(
                    module,
                    other,
                    "this type cannot be described in the OpenAPI document",
                )
                .with_help("use a named type (a struct, an enum or a std type) here")),
        }
    }

    fn error(&self, module: ModId, at: &impl Spanned, message: impl Into<String>) -> Diagnostic {
        self.index.sources.diagnostic(module, at.span(), message)
    }

    /// The type arguments of a path's last segment.
    fn args(&self, path: &syn::Path, module: ModId, env: &Env) -> Result<Vec<Ty>, Diagnostic> {
        let Some(last) = path.segments.last() else {
            return Ok(Vec::new());
        };
        type_args(last)
            .into_iter()
            .map(|t| self.resolve(t, module, env))
            .collect()
    }

    fn stated(&self, written: &str, resolved: Option<&[String]>) -> Option<Ty> {
        let full = resolved.map(|p| p.join("::"));
        let last = written.rsplit("::").next().unwrap_or(written);
        let found = [Some(written), full.as_deref(), Some(last)]
            .into_iter()
            .flatten()
            .find_map(|key| self.stated.get(key).map(|v| schema(last, v.clone())));
        found
    }

    fn resolve_path(&self, path: &syn::Path, module: ModId, env: &Env) -> Result<Ty, Diagnostic> {
        let segments = path_names(path);
        if let [one] = segments.as_slice() {
            if let Some(bound) = env.get(one) {
                return Ok(bound.clone());
            }
        }
        let written = segments.join("::");
        let resolved = self.index.resolve(module, &segments);
        let external = match &resolved {
            Some(Res::External(p)) => Some(p.as_slice()),
            _ => None,
        };
        if let Some(stated) = self.stated(&written, external) {
            return Ok(stated);
        }
        match resolved {
            Some(Res::Def(id)) => {
                let args = self.args(path, module, env)?;
                self.def(id, args)
            }
            Some(Res::External(full)) if full.len() == 1 && !PRELUDE.contains(&full[0].as_str()) && known_leaf(&full, &full[0]).is_none() => {
                Err(self.error(module, path, format!("cannot find type `{written}`: it is neither defined in this crate nor imported by name"))
                    .with_help(format!("import it with `use`, or state its schema in tether.toml: `[schemas]` `{written} = \"string\"`")))
            }
            Some(Res::External(full)) if time_without_text(&full).is_some() => {
                let name = time_without_text(&full).unwrap_or_default();
                Err(self
                    .error(
                        module,
                        path,
                        format!(
                            "`time::{name}`'s own `Serialize` writes a list of numbers (`[2025,33,3,4,5,0,0,0,0]`), or with time's `serde-human-readable` feature text that is not RFC 3339 (`\"2025-02-02 3:04:05.0 +00:00:00\"`): the document cannot call it `date-time`"
                        ),
                    )
                    .with_help(if name == "OffsetDateTime" {
                        "write it as RFC 3339 with `#[serde(with = \"time::serde::rfc3339\")]` on the field (`time::serde::rfc3339::option` for an `Option`), documented `date-time`; or state what it writes: `#[cfg_attr(any(), tether(schema = \"…\"))]`"
                    } else {
                        "keep an `OffsetDateTime` with `#[serde(with = \"time::serde::rfc3339\")]` on the field (documented `date-time`), or state what it writes: `#[cfg_attr(any(), tether(schema = \"…\"))]`"
                    }))
            }
            Some(Res::External(full)) => {
                let last = full.last().cloned().unwrap_or_default();
                self.known(path, &full, &last, module, env)?.ok_or_else(|| {
                    self.error(module, path, format!("tether-build does not know the schema of `{written}` (from another crate)"))
                        .with_help(format!(
                            "state it where the type is used: `#[cfg_attr(any(), tether(schema = \"string\", format = \"…\"))]` on the field, or for every use in tether.toml: `[schemas]` `\"{}\" = '{{\"type\": \"string\"}}'`",
                            full.join("::")
                        ))
                })
            }
            Some(Res::Module(_)) => {
                Err(self.error(module, path, format!("`{written}` is a module, not a type")))
            }
            None => Err(self
                .error(
                    module,
                    path,
                    format!("cannot find type `{written}` in this crate"),
                )
                .with_help(format!(
                    "check the path; tether-build follows `mod`, `use` and `pub use` declarations, but does not expand macros: a type a macro defines (`macro_rules!`, an attribute or derive that generates items) is invisible to it: write the type out, or state its schema in tether.toml: `[schemas]` `\"{}\" = '{{\"type\": \"object\", …}}'`",
                    segments.last().map_or(written.as_str(), String::as_str)
                ))),
        }
    }

    /// A type of the crate with its arguments: aliases are followed, a
    /// stated schema on the definition wins.
    pub fn def(&self, id: DefId, args: Vec<Ty>) -> Result<Ty, Diagnostic> {
        let def = &self.index.defs[id];
        if let Some(stated) = schema_override(def.item.attrs()) {
            return stated
                .map(|v| schema(&def.name, v))
                .map_err(|(span, msg)| self.index.sources.diagnostic(def.module, span, msg));
        }
        match &def.item {
            DefItem::Alias(alias) => {
                let env = bind_generics(def.item.generics(), args);
                self.resolve(&alias.ty, def.module, &env)
            }
            _ => Ok(Ty::Def(id, args)),
        }
    }

    fn known(
        &self,
        path: &syn::Path,
        full: &[String],
        last: &str,
        module: ModId,
        env: &Env,
    ) -> Result<Option<Ty>, Diagnostic> {
        if last == "DateTime" {
            return Ok(Some(string_format(last, "date-time")));
        }
        let args = self.args(path, module, env)?;
        let first_arg = || args.first().cloned().unwrap_or(Ty::Any);
        let seq = |unique| Ty::Seq {
            item: Box::new(first_arg()),
            unique,
            len: None,
        };
        Ok(Some(match last {
            "Box" | "Arc" | "Rc" | "Cow" | "RefCell" | "Cell" | "Mutex" | "RwLock" | "Reverse"
            | "Wrapping" | "Saturating" | "Pin" => first_arg(),
            "Option" => Ty::Option(Box::new(first_arg())),
            "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "SmallVec" | "ThinVec" => seq(false),
            "HashSet" | "BTreeSet" | "IndexSet" => seq(true),
            "HashMap" | "BTreeMap" | "IndexMap" | "Map" => {
                let mut it = args.into_iter();
                let key = it.next().unwrap_or(Ty::String);
                let value = it.next().unwrap_or(Ty::Any);
                Ty::Map(Box::new(key), Box::new(value))
            }
            _ => return Ok(known_leaf(full, last)),
        }))
    }
}

/// Binds a definition's type parameters to `args` (missing ones: any JSON).
pub fn bind_generics(generics: &syn::Generics, args: Vec<Ty>) -> Env {
    let mut args = args.into_iter();
    generics
        .type_params()
        .map(|p| (p.ident.to_string(), args.next().unwrap_or(Ty::Any)))
        .collect()
}
