//! The crate's module tree, read with syn from `src/lib.rs` and
//! `src/main.rs` through `mod` declarations: `mod a;` (`a.rs` or
//! `a/mod.rs`), inline `mod a { … }`, and `#[path = "…"]`, with the
//! directory rules of the Rust reference. `#[cfg]`-disabled modules are
//! skipped.

use super::cfg::CfgEnv;
use super::diagnostics::{Diagnostic, Error};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::{Attribute, Item};

/// Index of a file in [`CrateSources::files`].
pub type FileId = usize;
/// Index of a module in [`CrateSources::modules`].
pub type ModId = usize;

/// A source file that was read (and must trigger a rebuild when changed).
#[derive(Debug)]
pub struct SourceFile {
    /// Its path.
    pub path: PathBuf,
    /// Its text, for error snippets.
    pub text: String,
}

/// One module: a file or an inline `mod x { … }`.
#[derive(Debug)]
pub struct Module {
    /// `crate::a::b` as segments, starting with `crate`.
    pub path: Vec<String>,
    /// The file its items are written in.
    pub file: FileId,
    /// The enclosing module.
    pub parent: Option<ModId>,
    /// Submodules by name.
    pub children: BTreeMap<String, ModId>,
    /// The module's items, nested `mod`s excluded.
    pub items: Vec<Item>,
}

impl Module {
    /// `crate::a::b`.
    pub fn display_path(&self) -> String {
        self.path.join("::")
    }
}

/// All modules of a crate's targets.
#[derive(Debug, Default)]
pub struct CrateSources {
    /// Every file read, in reading order.
    pub files: Vec<SourceFile>,
    /// Every module; roots first.
    pub modules: Vec<Module>,
    /// Root module of the library target, if any.
    pub lib_root: Option<ModId>,
    /// The library's name as written in paths (`my_app`).
    pub lib_name: Option<String>,
    /// Root modules of other crates read for their types, by the name
    /// code uses for them (`shared_models`).
    pub extern_roots: BTreeMap<String, ModId>,
}

impl CrateSources {
    /// Reads the crate whose roots are `roots` (e.g. `src/lib.rs`,
    /// `src/main.rs`); the first one named `lib.rs` is the library.
    pub fn load(roots: &[PathBuf], lib_name: Option<&str>, cfg: &CfgEnv) -> Result<Self, Error> {
        Self::load_with_deps(roots, lib_name, &[], cfg)
    }

    /// Like [`CrateSources::load`], also reading other crates (`name`,
    /// library root) for the types the crate uses from them.
    pub fn load_with_deps(
        roots: &[PathBuf],
        lib_name: Option<&str>,
        deps: &[(String, PathBuf)],
        cfg: &CfgEnv,
    ) -> Result<Self, Error> {
        let mut loader = Loader {
            sources: CrateSources {
                lib_name: lib_name.map(|n| n.replace('-', "_")),
                ..CrateSources::default()
            },
            cfg,
            errors: Vec::new(),
        };
        for root in roots {
            let dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
            let Some((file, items)) = loader.read_file(root, None) else {
                continue;
            };
            let id = loader.add_module(
                vec!["crate".into()],
                file,
                None,
                items,
                &Dirs {
                    children: dir.clone(),
                    path_attr_base: dir,
                },
            );
            if root.file_name().is_some_and(|n| n == "lib.rs") && loader.sources.lib_root.is_none()
            {
                loader.sources.lib_root = Some(id);
            }
        }
        for (name, root) in deps {
            let dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
            let Some((file, items)) = loader.read_file(root, None) else {
                continue;
            };
            let dirs = Dirs {
                children: dir.clone(),
                path_attr_base: dir,
            };
            let id = loader.add_module(vec!["crate".into()], file, None, items, &dirs);
            loader.sources.extern_roots.insert(name.clone(), id);
        }
        if loader.errors.is_empty() {
            Ok(loader.sources)
        } else {
            Err(Error::many(loader.errors))
        }
    }

    /// The file a module's items are written in.
    pub fn file_of(&self, module: ModId) -> &SourceFile {
        &self.files[self.modules[module].file]
    }

    /// Whether `module` belongs to another crate read only for its types.
    pub fn is_extern(&self, module: ModId) -> bool {
        let root = self.root_of(module);
        self.extern_roots.values().any(|r| *r == root)
    }

    /// The root module of `module`'s target.
    pub fn root_of(&self, mut module: ModId) -> ModId {
        while let Some(parent) = self.modules[module].parent {
            module = parent;
        }
        module
    }

    /// A diagnostic at `span` inside `module`'s file.
    pub fn diagnostic(
        &self,
        module: ModId,
        span: proc_macro2::Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        let file = self.file_of(module);
        Diagnostic::at(&file.path, &file.text, span, message)
    }
}

/// Where the files of a module's `mod x;` declarations are looked for.
struct Dirs {
    /// `mod x;` → `<children>/x.rs` or `<children>/x/mod.rs`.
    children: PathBuf,
    /// `#[path = "p"] mod x;` → `<path_attr_base>/p`.
    path_attr_base: PathBuf,
}

struct Loader<'a> {
    sources: CrateSources,
    cfg: &'a CfgEnv,
    errors: Vec<Diagnostic>,
}

/// `a/b/../c` → `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// A source file's items with every function body left empty: nothing
/// tether-build reads is in a body, and bodies are most of what syn would
/// parse (a syntax error in one is left to rustc).
fn parse_items(text: &str) -> syn::Result<syn::File> {
    // A byte-order mark or a `#!` line: syn's own reading of the file.
    if text.starts_with('\u{feff}') || text.starts_with("#!") {
        return syn::parse_file(text);
    }
    let tokens: TokenStream = text.parse()?;
    syn::parse2(without_fn_bodies(tokens))
}

/// `tokens` with the block of each `fn` emptied (`fn f(x: u8) -> u8 {}`),
/// in nested modules, impls and traits too. A `;` ends a signature without
/// a body (`fn f();`, `type F = fn(u8);`).
fn without_fn_bodies(tokens: TokenStream) -> TokenStream {
    let mut in_signature = false;
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) => {
                in_signature |= ident == "fn";
                TokenTree::Ident(ident)
            }
            TokenTree::Punct(punct) => {
                in_signature &= punct.as_char() != ';';
                TokenTree::Punct(punct)
            }
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                let stream = match std::mem::take(&mut in_signature) {
                    true => TokenStream::new(),
                    false => without_fn_bodies(group.stream()),
                };
                let mut emptied = Group::new(Delimiter::Brace, stream);
                emptied.set_span(group.span());
                TokenTree::Group(emptied)
            }
            other => other,
        })
        .collect()
}

fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs
        .iter()
        .find(|a| a.path().is_ident("path"))
        .and_then(tether_model::attrs::name_value_str)
}

impl Loader<'_> {
    /// Reads and parses a file; `from` is where the `mod` was declared.
    fn read_file(&mut self, path: &Path, from: Option<Diagnostic>) -> Option<(FileId, Vec<Item>)> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                self.errors.push(from.unwrap_or_else(|| {
                    Diagnostic::in_file(path, format!("cannot read the crate root: {e}"))
                }));
                return None;
            }
        };
        let parsed = parse_items(&text);
        let id = self.sources.files.len();
        self.sources.files.push(SourceFile {
            path: path.to_path_buf(),
            text,
        });
        match parsed {
            Ok(file) => Some((id, file.items)),
            Err(e) => {
                let text = &self.sources.files[id].text;
                self.errors.push(
                    Diagnostic::at(path, text, e.span(), format!("cannot parse this file: {e}"))
                        .with_help(
                        "fix the syntax error; `cargo build` shows the same error in more detail",
                    ),
                );
                None
            }
        }
    }

    fn add_module(
        &mut self,
        path: Vec<String>,
        file: FileId,
        parent: Option<ModId>,
        items: Vec<Item>,
        dirs: &Dirs,
    ) -> ModId {
        let id = self.sources.modules.len();
        self.sources.modules.push(Module {
            path: path.clone(),
            file,
            parent,
            children: BTreeMap::new(),
            items: Vec::new(),
        });
        let mut kept = Vec::with_capacity(items.len());
        for item in items {
            // `#[cfg]` on any item: a controller, a DTO or a module left
            // out of the build is left out of the document too.
            if !self.cfg.enabled(item_attrs(&item)) {
                continue;
            }
            let Item::Mod(m) = item else {
                kept.push(item);
                continue;
            };
            let name = tether_model::attrs::ident_name(&m.ident);
            let mut child_path = path.clone();
            child_path.push(name.clone());
            let explicit = path_attr(&m.attrs);
            let child = match m.content {
                Some((_, inner)) => {
                    let dir = match &explicit {
                        Some(p) => dirs.children.join(p),
                        None => dirs.children.join(&name),
                    };
                    let child_dirs = Dirs {
                        children: dir.clone(),
                        path_attr_base: dir,
                    };
                    Some(self.add_module(child_path, file, Some(id), inner, &child_dirs))
                }
                None => self.load_file_module(&m, &name, child_path, file, id, dirs, explicit),
            };
            if let Some(child) = child {
                self.sources.modules[id].children.insert(name, child);
            }
        }
        self.sources.modules[id].items = kept;
        id
    }

    #[allow(clippy::too_many_arguments)]
    fn load_file_module(
        &mut self,
        m: &syn::ItemMod,
        name: &str,
        path: Vec<String>,
        decl_file: FileId,
        parent: ModId,
        dirs: &Dirs,
        explicit: Option<String>,
    ) -> Option<ModId> {
        let candidates = match &explicit {
            Some(p) => vec![dirs.path_attr_base.join(p)],
            None => vec![
                dirs.children.join(format!("{name}.rs")),
                dirs.children.join(name).join("mod.rs"),
            ],
        };
        let found = candidates
            .iter()
            .find(|p| p.is_file())
            .map(|p| normalize(p));
        let decl = &self.sources.files[decl_file];
        let diagnostic = Diagnostic::at(
            &decl.path,
            &decl.text,
            m.ident.span(),
            format!("file not found for module `{name}`"),
        )
        .with_help(format!(
            "create {}, or fix the `mod {name};` declaration",
            candidates
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        ));
        let file_path = match found {
            Some(p) => p,
            None => {
                self.errors.push(diagnostic);
                return None;
            }
        };
        let (file, items) = self.read_file(&file_path, Some(diagnostic))?;
        let file_dir = file_path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let mod_rs = explicit.is_some() || file_path.file_name().is_some_and(|n| n == "mod.rs");
        let child_dirs = Dirs {
            children: if mod_rs {
                file_dir.clone()
            } else {
                file_dir.join(name)
            },
            path_attr_base: file_dir,
        };
        Some(self.add_module(path, file, Some(parent), items, &child_dirs))
    }
}

/// The attributes of `item` (`#[cfg]` among them).
fn item_attrs(item: &Item) -> &[syn::Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b1_items_are_read_without_parsing_function_bodies() {
        let text = "
            pub struct S { pub f: fn(u8) -> u8, pub g: Vec<u8> }
            type F = fn();
            pub trait T { fn declared(&self); fn provided(&self) -> u8 { 1 + } }
            impl S { pub fn new() -> Self { this is not rust } }
            mod inner { pub fn f(x: u8) -> u8 { let y = ; } pub struct After; }
        ";
        let items = parse_items(text).expect("bodies are not parsed").items;
        let [Item::Struct(s), Item::Type(_), Item::Trait(t), Item::Impl(i), Item::Mod(m)] =
            items.as_slice()
        else {
            panic!("five items expected: {items:?}");
        };
        assert_eq!(s.fields.len(), 2);
        assert_eq!(t.items.len(), 2);
        let [syn::ImplItem::Fn(new)] = i.items.as_slice() else {
            panic!("one method expected");
        };
        assert_eq!(new.sig.ident, "new");
        assert!(new.block.stmts.is_empty());
        let (_, inner) = m.content.as_ref().expect("an inline module");
        assert!(
            matches!(inner.as_slice(), [Item::Fn(f), Item::Struct(_)] if f.sig.inputs.len() == 1)
        );
    }

    #[test]
    fn d1_items_left_out_by_cfg_are_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path().join("lib.rs");
        std::fs::write(
            &lib,
            "#[cfg(feature = \"admin\")] pub struct Admin;\n\
             #[cfg(feature = \"admin\")] impl Admin {}\n\
             #[cfg(not(feature = \"admin\"))] pub struct Public;\n\
             #[cfg(feature = \"admin\")] mod admin { pub struct Inner; }\n",
        )
        .unwrap();
        let names = |cfg: &CfgEnv| {
            let sources = CrateSources::load(std::slice::from_ref(&lib), None, cfg).unwrap();
            let root = &sources.modules[0];
            let items: Vec<String> = root
                .items
                .iter()
                .map(|i| match i {
                    Item::Struct(s) => s.ident.to_string(),
                    Item::Impl(_) => "impl".to_string(),
                    other => format!("{other:?}"),
                })
                .collect();
            (items, root.children.len())
        };
        let without = CfgEnv {
            features: Some(Default::default()),
            ..CfgEnv::default()
        };
        assert_eq!(names(&without), (vec!["Public".to_string()], 0));
        let with = CfgEnv {
            features: Some(["admin".to_string()].into()),
            ..CfgEnv::default()
        };
        assert_eq!(names(&with), (vec!["Admin".into(), "impl".into()], 1));
    }
}
