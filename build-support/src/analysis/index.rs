//! What the module tree defines and imports: type definitions, `use`
//! declarations and `#[controller]` impls, and name resolution over them
//! (`crate::`, `self::`, `super::`, imports, aliases, globs, re-exports).

use super::modules::{CrateSources, ModId};
use std::collections::BTreeMap;
use syn::{Attribute, Item, ItemEnum, ItemImpl, ItemStruct, ItemType, UseTree};

/// Index of a type definition in [`CrateIndex::defs`].
pub type DefId = usize;

/// A struct, enum or type alias of the crate.
#[derive(Debug)]
pub struct TypeDef {
    /// The module it is defined in.
    pub module: ModId,
    /// Its name.
    pub name: String,
    /// Its definition.
    pub item: DefItem,
}

/// The definition itself.
#[derive(Debug)]
pub enum DefItem {
    /// `struct`
    Struct(ItemStruct),
    /// `enum`
    Enum(ItemEnum),
    /// `type X = …;`
    Alias(ItemType),
}

impl DefItem {
    /// The definition's attributes.
    pub fn attrs(&self) -> &[Attribute] {
        match self {
            DefItem::Struct(s) => &s.attrs,
            DefItem::Enum(e) => &e.attrs,
            DefItem::Alias(t) => &t.attrs,
        }
    }

    /// The definition's generics.
    pub fn generics(&self) -> &syn::Generics {
        match self {
            DefItem::Struct(s) => &s.generics,
            DefItem::Enum(e) => &e.generics,
            DefItem::Alias(t) => &t.generics,
        }
    }
}

/// What a module declares and imports.
#[derive(Debug, Default)]
pub struct Scope {
    defs: BTreeMap<String, DefId>,
    uses: BTreeMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
}

/// A `#[controller]` impl and where it is.
#[derive(Debug)]
pub struct ControllerSite {
    /// The module of the impl.
    pub module: ModId,
    /// The impl block.
    pub item: ItemImpl,
}

/// What a path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Res {
    /// A type of this crate.
    Def(DefId),
    /// A module of this crate.
    Module(ModId),
    /// Something in another crate, as a full path (`chrono::DateTime`).
    External(Vec<String>),
}

/// The crate's sources with everything name resolution needs.
#[derive(Debug)]
pub struct CrateIndex {
    /// The module tree.
    pub sources: CrateSources,
    /// Every struct, enum and alias.
    pub defs: Vec<TypeDef>,
    /// Every controller, in source order.
    pub controllers: Vec<ControllerSite>,
    scopes: Vec<Scope>,
    by_name: BTreeMap<String, Vec<DefId>>,
}

fn flatten_use(tree: &UseTree, prefix: &mut Vec<String>, scope: &mut Scope) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, scope);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                if let Some(last) = prefix.last() {
                    scope.uses.insert(last.clone(), prefix.clone());
                }
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                scope.uses.insert(name, path);
            }
        }
        UseTree::Rename(r) => {
            let alias = r.rename.to_string();
            if alias != "_" {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                scope.uses.insert(alias, path);
            }
        }
        UseTree::Glob(_) => scope.globs.push(prefix.clone()),
        UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, scope);
            }
        }
    }
}

/// The names of a path's segments, as [`CrateIndex::resolve`] takes them.
pub fn path_names(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// Whether `attr` is `#[controller]` or `#[tether::controller]`.
pub fn is_controller_attr(attr: &Attribute) -> bool {
    tether_model::attrs::tether_attr_name(attr).as_deref() == Some("controller")
}

impl CrateIndex {
    /// Indexes every module of `sources`.
    pub fn new(sources: CrateSources) -> Self {
        let mut index = CrateIndex {
            defs: Vec::new(),
            controllers: Vec::new(),
            scopes: Vec::new(),
            by_name: BTreeMap::new(),
            sources,
        };
        for m in 0..index.sources.modules.len() {
            let mut scope = Scope::default();
            let items = std::mem::take(&mut index.sources.modules[m].items);
            for item in &items {
                let def = match item {
                    Item::Struct(s) => Some((s.ident.to_string(), DefItem::Struct(s.clone()))),
                    Item::Enum(e) => Some((e.ident.to_string(), DefItem::Enum(e.clone()))),
                    Item::Type(t) => Some((t.ident.to_string(), DefItem::Alias(t.clone()))),
                    Item::Use(u) => {
                        let mut prefix = Vec::new();
                        if u.leading_colon.is_some() {
                            prefix.push("::".to_string());
                        }
                        flatten_use(&u.tree, &mut prefix, &mut scope);
                        None
                    }
                    Item::Impl(i)
                        if i.attrs.iter().any(is_controller_attr)
                            && !index.sources.is_extern(m) =>
                    {
                        index.controllers.push(ControllerSite {
                            module: m,
                            item: i.clone(),
                        });
                        None
                    }
                    _ => None,
                };
                if let Some((name, item)) = def {
                    let id = index.defs.len();
                    scope.defs.insert(name.clone(), id);
                    index.by_name.entry(name.clone()).or_default().push(id);
                    index.defs.push(TypeDef {
                        module: m,
                        name,
                        item,
                    });
                }
            }
            index.sources.modules[m].items = items;
            index.scopes.push(scope);
        }
        index
    }

    /// How many types of the crate are called `name`.
    pub fn count_named(&self, name: &str) -> usize {
        self.by_name.get(name).map_or(0, Vec::len)
    }

    /// The only type of the crate called `name`, if exactly one is.
    pub fn unique_named(&self, name: &str) -> Option<DefId> {
        match self.by_name.get(name).map(Vec::as_slice) {
            Some([one]) => Some(*one),
            _ => None,
        }
    }

    /// Resolves a path written in module `from`.
    pub fn resolve(&self, from: ModId, segments: &[String]) -> Option<Res> {
        self.resolve_at(from, segments, 0)
    }

    /// The crate's definition a path written in module `from` names, if it
    /// names one.
    pub fn def_of(&self, from: ModId, path: &syn::Path) -> Option<DefId> {
        match self.resolve(from, &path_names(path))? {
            Res::Def(id) => Some(id),
            _ => None,
        }
    }

    fn parent(&self, m: ModId) -> Option<ModId> {
        self.sources.modules[m].parent
    }

    fn resolve_at(&self, from: ModId, segments: &[String], depth: usize) -> Option<Res> {
        if depth > 24 {
            return None;
        }
        let (first, rest) = segments.split_first()?;
        let mut current = match first.as_str() {
            "::" => match rest.first().and_then(|n| self.sources.extern_roots.get(n)) {
                Some(root) => {
                    return self.resolve_at(
                        *root,
                        &[&["crate".to_string()], &rest[1..]].concat(),
                        depth + 1,
                    )
                }
                None => return Some(Res::External(rest.to_vec())),
            },
            "crate" => Res::Module(self.sources.root_of(from)),
            "self" => Res::Module(from),
            "super" => Res::Module(self.parent(from)?),
            "Self" => return None,
            name => match self.lookup(from, name, depth) {
                Some(found) => found,
                None if self.sources.lib_name.as_deref() == Some(name) => {
                    Res::Module(self.sources.lib_root?)
                }
                None if self.sources.extern_roots.contains_key(name) => {
                    Res::Module(self.sources.extern_roots[name])
                }
                None => return Some(Res::External(segments.to_vec())),
            },
        };
        for segment in rest {
            current = match current {
                Res::Module(m) => match segment.as_str() {
                    "super" => Res::Module(self.parent(m)?),
                    "self" => Res::Module(m),
                    name => self.lookup(m, name, depth + 1)?,
                },
                Res::External(mut path) => {
                    path.push(segment.clone());
                    Res::External(path)
                }
                Res::Def(_) => return None,
            };
        }
        Some(current)
    }

    fn lookup(&self, m: ModId, name: &str, depth: usize) -> Option<Res> {
        let scope = &self.scopes[m];
        if let Some(def) = scope.defs.get(name) {
            return Some(Res::Def(*def));
        }
        if let Some(child) = self.sources.modules[m].children.get(name) {
            return Some(Res::Module(*child));
        }
        if let Some(path) = scope.uses.get(name) {
            if path.last().map(String::as_str) != Some(name) || path.len() > 1 {
                return self.resolve_at(m, path, depth + 1);
            }
            return Some(Res::External(path.clone()));
        }
        for glob in &scope.globs {
            if let Some(Res::Module(g)) = self.resolve_at(m, glob, depth + 1) {
                if g != m {
                    if let Some(found) = self.lookup(g, name, depth + 1) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
}
