//! Where the parts of a document are written in the crate's sources: each
//! operation's route attribute and arguments, each component's type and
//! each of its properties' fields. A change to the document of a released
//! version is reported at the line that made it.

use crate::analysis::modules::ModId;
use proc_macro2::Span;
use std::collections::BTreeMap;

/// A place in the sources: a span in a module's file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Site {
    /// The module whose file holds it.
    pub module: ModId,
    /// Where in that file.
    pub span: Span,
}

/// The types and fields the schemas of a document were built from, by
/// component and property name.
#[derive(Debug, Clone, Default)]
pub(crate) struct SchemaSites {
    components: BTreeMap<String, Site>,
    fields: BTreeMap<(String, String), Site>,
}

impl SchemaSites {
    /// Records the type of component `name`.
    pub(crate) fn component(&mut self, name: &str, module: ModId, span: Span) {
        self.components
            .insert(name.to_string(), Site { module, span });
    }

    /// Records the field of property `property` of component `component`.
    pub(crate) fn field(&mut self, component: &str, property: &str, module: ModId, span: Span) {
        self.fields.insert(
            (component.to_string(), property.to_string()),
            Site { module, span },
        );
    }

    /// The type of a component.
    pub(crate) fn of_component(&self, name: &str) -> Option<Site> {
        self.components.get(name).copied()
    }

    /// The field of a component's property.
    pub(crate) fn of_field(&self, component: &str, property: &str) -> Option<Site> {
        self.fields
            .get(&(component.to_string(), property.to_string()))
            .copied()
    }
}

/// Where an operation is written: its route attribute and its arguments.
#[derive(Debug, Clone)]
pub(crate) struct OperationSite {
    /// The route attribute (`#[get("/:id")]`).
    pub route: Site,
    /// Each documented parameter's argument: `(in, name, site)`.
    pub params: Vec<(String, String, Site)>,
    /// The `#[query]` argument read into a struct, if any.
    pub query_all: Option<Site>,
    /// The `#[body]` argument, if any.
    pub body: Option<Site>,
}

/// The sites of one document.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sites {
    /// Its components and their fields.
    pub schemas: SchemaSites,
    /// Its operations by lower-case method and [`template`] of their path.
    pub operations: BTreeMap<(String, String), OperationSite>,
}

impl Sites {
    /// The operation `method` (any case) at `path` (parameter names ignored).
    pub(crate) fn operation(&self, method: &str, path: &str) -> Option<&OperationSite> {
        self.operations
            .get(&(method.to_ascii_lowercase(), template(path)))
    }
}

/// `/books/{id}` → `/books/{}`: a path as operations are matched.
pub(crate) fn template(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut inside = false;
    for c in path.chars() {
        match c {
            '{' => {
                inside = true;
                out.push('{');
            }
            '}' => {
                inside = false;
                out.push('}');
            }
            _ if inside => {}
            c => out.push(c),
        }
    }
    out
}
