//! JSON Schema (OpenAPI 3.0, 3.1, 3.2 dialects) → TypeScript types.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use serde_json::Value;

use super::document::{schema_ref_name, Document, Field};
mod notes;
mod render;
mod shape;

pub(super) use notes::doc_lines;
pub(super) use render::is_never;
use render::is_plain_object;

use super::naming::push_jsdoc;

/// How tightly a type expression binds, to know when it needs parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Union,
    Intersection,
    Atom,
}

struct Ty {
    text: String,
    prec: Prec,
}

impl Ty {
    fn atom(text: impl Into<String>) -> Self {
        Ty {
            text: text.into(),
            prec: Prec::Atom,
        }
    }

    /// The text, parenthesised when it binds looser than `min`.
    fn at(self, min: Prec) -> String {
        if self.prec < min {
            format!("({})", self.text)
        } else {
            self.text
        }
    }
}

/// Where a type is written: inside `types.ts` (`prefix` empty) or a
/// controller file (`prefix` is `types.`).
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    pub prefix: &'a str,
    /// The component being written, to break `allOf` ↔ `oneOf` cycles.
    pub current: Option<&'a str>,
}

const MAX_DEPTH: usize = 48;

pub(super) struct Types<'d> {
    doc: &'d Document<'d>,
    /// Component schema name → its TypeScript name.
    names: HashMap<String, String>,
    /// Set when a prefixed reference was written: the file needs its import.
    used: Cell<bool>,
    /// The schemas being inlined through `$ref`s that name no component
    /// (`#/components/schemas/A/properties/b`, as bundlers write them).
    inlining: Inlining,
}

impl<'d> Types<'d> {
    pub(super) fn new(doc: &'d Document<'d>, names: HashMap<String, String>) -> Self {
        Types {
            doc,
            names,
            used: Cell::new(false),
            inlining: Inlining::default(),
        }
    }

    /// The TypeScript name of the component schema `raw`.
    pub(super) fn name(&self, raw: &str) -> Option<&str> {
        self.names.get(raw).map(String::as_str)
    }

    /// Whether a prefixed reference was written since the last call.
    pub(super) fn take_used(&self) -> bool {
        self.used.replace(false)
    }

    /// The TypeScript type of `schema`, laid out for `indent` levels.
    pub(super) fn render(&self, schema: &Value, ctx: Ctx<'_>, indent: usize) -> String {
        self.ty(schema, ctx, indent, 0).text
    }

    /// `types.ts`: one declaration per component schema, in document order,
    /// then one per schema inside another that a `$ref` points to.
    pub(super) fn emit_all(&self) -> String {
        let mut out = String::new();
        let components = self.doc.schemas().map(|(raw, schema)| {
            (
                self.names[raw.as_str()].as_str(),
                Some(raw.as_str()),
                schema,
            )
        });
        let pointers = self.pointers();
        for (name, current, schema) in components.chain(pointers) {
            let ctx = Ctx {
                prefix: "",
                current,
            };
            if !out.is_empty() {
                out.push('\n');
            }
            push_jsdoc(&mut out, &doc_lines(schema), "");
            if is_plain_object(schema) {
                let object = self.object(schema.as_object().expect("an object schema"), ctx, 0, 0);
                out.extend(["export interface ", name, " ", &object, "\n"]);
            } else if self.is_alias_cycle(schema) {
                // `type A = B; type B = A` is TS2456: a cycle of bare `$ref`s describes no value.
                out.extend(["export type ", name, " = unknown;\n"]);
            } else {
                let ty = self.ty(schema, ctx, 0, 0).text;
                out.extend(["export type ", name, " = ", &ty, ";\n"]);
            }
        }
        out
    }

    /// The named schemas inside others ([`Document::schema_pointers`]):
    /// their names and schemas, in document order.
    pub(super) fn pointers(&self) -> impl Iterator<Item = (&str, Option<&str>, &'d Value)> + '_ {
        self.doc.schema_pointers().into_iter().filter_map(|r| {
            let name = self.names.get(r)?;
            Some((name.as_str(), None, self.doc.pointer(r)?))
        })
    }

    /// Whether `schema` is a bare `$ref` whose chain of bare `$ref`s comes
    /// back to it (`Baz → Qux → Baz`).
    pub(super) fn is_alias_cycle(&self, schema: &Value) -> bool {
        let bare_ref = |schema: &Value| -> Option<&'d Value> {
            let r = schema.field("$ref").and_then(Value::as_str)?;
            let only_notes = schema.as_object()?.keys().all(|k| {
                [
                    "$ref",
                    "description",
                    "title",
                    "summary",
                    "deprecated",
                    "example",
                    "examples",
                ]
                .contains(&k.as_str())
            });
            only_notes.then(|| self.doc.pointer(r)).flatten()
        };
        let Some(mut at) = bare_ref(schema) else {
            return false;
        };
        for _ in 0..=self.names.len() {
            if std::ptr::eq(at, schema) {
                return true;
            }
            match bare_ref(at) {
                Some(next) => at = next,
                None => return false,
            }
        }
        false
    }

    /// The TypeScript name of what the `$ref` `r` points to: a component
    /// or a schema inside one ([`Document::schema_pointers`]).
    pub(super) fn ref_name(&self, r: &str) -> Option<&str> {
        match schema_ref_name(r) {
            Some(raw) => self.names.get(raw.as_ref()),
            None => self.names.get(r),
        }
        .map(String::as_str)
    }
}

/// The schemas being inlined through `$ref`s that name no component, by
/// address. Such a schema reached again inside itself is a cycle no inline
/// type can spell: it is `unknown` there. Inlined until [`MAX_DEPTH`]
/// instead, a cycle with a few such references per level grows the output
/// exponentially (swagger2openapi bundles Azure's shared definitions as
/// `#/components/schemas/X/properties/y/…` references into one another:
/// azure.com/network-applicationGateway.json ran for minutes).
#[derive(Default)]
pub(super) struct Inlining(RefCell<Vec<*const Value>>);

impl Inlining {
    /// `f()`, unless `target` is already being inlined (`None`).
    pub(super) fn inline<T>(&self, target: &Value, f: impl FnOnce() -> T) -> Option<T> {
        let at: *const Value = target;
        if self.0.borrow().contains(&at) {
            return None;
        }
        self.0.borrow_mut().push(at);
        let out = f();
        self.0.borrow_mut().pop();
        Some(out)
    }
}
