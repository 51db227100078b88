//! The properties of an object schema as they are gathered from a
//! struct's fields (flatten merges several structs into one), and how
//! they become an object schema or query parameters.

use crate::analysis::serde::RenameRule;
use serde_json::{json, Map, Value};

/// The properties of an object schema as they are gathered (flatten merges
/// several structs into one).
#[derive(Default)]
pub(crate) struct Shape {
    /// The properties, in order.
    pub props: Vec<Property>,
    /// From a flattened map: the schema of other properties.
    pub additional: Option<Value>,
    /// From flattened enums: schemas the object must also match.
    pub all_of: Vec<Value>,
    /// From flattened `Option`s of structs with required fields: each
    /// present whole or not at all (see [`Group`]).
    pub groups: Vec<Group>,
}

/// The fields of a `#[serde(flatten)]`ed `Option<T>` where `T` has
/// required fields. serde reads it as `Some` only when `T` reads from the
/// keys (all of its required ones there), and as `None`, silently
/// dropping any of its keys that were sent, otherwise; it writes all of
/// `T`'s fields or none. So the object holds either `T`'s fields, its
/// required ones present, or none of them: a `oneOf` of the two, not
/// fields each independently optional.
pub(crate) struct Group {
    /// `T`'s name, for messages.
    pub name: String,
    /// `T`'s fields, read as a non-optional flatten would read them.
    pub shape: Shape,
}

impl Group {
    /// `oneOf: [T's fields with its required ones, none of T's fields]`.
    fn into_schema(self) -> Value {
        let mut names = Vec::new();
        self.shape.names(&mut names);
        let absent: Map<String, Value> = names.into_iter().map(|n| (n, json!(false))).collect();
        let present = self.shape.into_schema(false);
        json!({"oneOf": [present, {"properties": absent}]})
    }
}

/// One property of a [`Shape`].
pub(crate) struct Property {
    /// Its name as serialised.
    pub name: String,
    /// Its schema.
    pub schema: Value,
    /// Whether it is in `required`.
    pub required: bool,
}

impl Property {
    /// A property that is always there.
    pub(crate) fn required(name: impl Into<String>, schema: Value) -> Self {
        Property {
            name: name.into(),
            schema,
            required: true,
        }
    }
}

/// How the named fields of one struct or variant are read into a
/// [`Shape`] (see [`SchemaGen::named_fields`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FieldRules {
    /// The container's (or variant's) `rename_all`.
    pub rename_all: Option<RenameRule>,
    /// `#[serde(default)]` on the container: no field is required.
    pub container_default: bool,
    /// The fields come from a flattened `Option`: none is required.
    pub optional: bool,
}

impl FieldRules {
    /// The fields of a variant, or of a struct without `default`.
    pub(crate) fn renamed(rename_all: Option<RenameRule>) -> Self {
        FieldRules {
            rename_all,
            ..FieldRules::default()
        }
    }
}

impl Shape {
    /// Adds `prop`, replacing an earlier one of the same name (a field
    /// flattened in after another of that name).
    pub(crate) fn push(&mut self, prop: Property) {
        self.props.retain(|p| p.name != prop.name);
        self.props.push(prop);
    }

    /// The names of its properties, those of its groups included.
    fn names(&self, out: &mut Vec<String>) {
        for p in &self.props {
            if !out.contains(&p.name) {
                out.push(p.name.clone());
            }
        }
        for g in &self.groups {
            g.shape.names(out);
        }
    }

    /// The shape of a flattened `Option` whose every field may be left
    /// out: its properties optional (and not always sent, as a `None`
    /// writes none of them).
    pub(super) fn into_optional(mut self) -> Shape {
        for p in &mut self.props {
            p.required = false;
            if let Some(obj) = p.schema.as_object_mut() {
                obj.shift_remove(crate::extensions::ALWAYS_SENT);
            }
        }
        self
    }

    /// Its properties for query parameters, which have no way to say
    /// "all or none": a group's properties are optional, and say with
    /// which keys the server reads them.
    pub(crate) fn into_flat_props(self) -> Vec<Property> {
        let mut props = self.props;
        for group in self.groups {
            let mut required: Vec<String> = group
                .shape
                .props
                .iter()
                .filter(|p| p.required)
                .map(|p| format!("`{}`", p.name))
                .collect();
            let last = required.pop().unwrap_or_default();
            let keys = match required.is_empty() {
                true => format!("{last} (the required key of `{}`) is", group.name),
                false => format!(
                    "{} and {last} (the required keys of `{}`) are all",
                    required.join(", "),
                    group.name
                ),
            };
            let note = format!("Read only when {keys} sent; otherwise the server ignores it.");
            for mut p in group.shape.into_flat_props() {
                p.required = false;
                if let Some(obj) = p.schema.as_object_mut() {
                    let text = match obj.get("description").and_then(Value::as_str) {
                        Some(d) => format!("{d}\n\n{note}"),
                        None => note.clone(),
                    };
                    obj.insert("description".into(), Value::String(text));
                }
                props.retain(|q| q.name != p.name);
                props.push(p);
            }
        }
        props
    }

    pub(crate) fn into_schema(self, deny_unknown: bool) -> Value {
        let mut obj = Map::new();
        obj.insert("type".into(), json!("object"));
        let required: Vec<Value> = self
            .props
            .iter()
            .filter(|p| p.required)
            .map(|p| json!(p.name))
            .collect();
        let props: Map<String, Value> =
            self.props.into_iter().map(|p| (p.name, p.schema)).collect();
        if !props.is_empty() {
            obj.insert("properties".into(), Value::Object(props));
        }
        if !required.is_empty() {
            obj.insert("required".into(), Value::Array(required));
        }
        match self.additional {
            Some(extra) => {
                obj.insert("additionalProperties".into(), extra);
            }
            None if deny_unknown && self.all_of.is_empty() && self.groups.is_empty() => {
                obj.insert("additionalProperties".into(), json!(false));
            }
            None => {}
        }
        if self.all_of.is_empty() && self.groups.is_empty() {
            return Value::Object(obj);
        }
        let mut all = vec![Value::Object(obj)];
        all.extend(self.groups.into_iter().map(Group::into_schema));
        all.extend(self.all_of);
        json!({ "allOf": all })
    }
}
