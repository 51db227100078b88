//! The rules and their values: [`RuleKind`] (each with the JSON Schema
//! keyword it is and what it applies to), [`Rule`], [`RuleValue`].

use syn::Meta;

/// One kind of rule, named as serde_valid names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `min_length = n`: at least `n` code points (tether counts them, as
    /// JSON Schema does; serde_valid alone counts grapheme clusters).
    MinLength,
    /// `max_length = n`: at most `n` code points.
    MaxLength,
    /// `pattern = "…"`: matches the regular expression.
    Pattern,
    /// `minimum = n`: `>= n`.
    Minimum,
    /// `maximum = n`: `<= n`.
    Maximum,
    /// `exclusive_minimum = n`: `> n`.
    ExclusiveMinimum,
    /// `exclusive_maximum = n`: `< n`.
    ExclusiveMaximum,
    /// `multiple_of = n`.
    MultipleOf,
    /// `min_items = n`: a list of at least `n` items.
    MinItems,
    /// `max_items = n`: a list of at most `n` items.
    MaxItems,
    /// `unique_items`: a list without repeats.
    UniqueItems,
    /// `min_properties = n`: a map of at least `n` entries.
    MinProperties,
    /// `max_properties = n`: a map of at most `n` entries.
    MaxProperties,
    /// `r#enum = [..]` (or `enumerate = [..]`): one of the values listed.
    Enum,
}

/// What a rule applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applies {
    /// Text: a `String`.
    Text,
    /// A number.
    Number,
    /// A list: a `Vec`.
    List,
    /// A map.
    Map,
    /// Text or a number.
    Scalar,
}

pub(super) const KINDS: [(&str, RuleKind, &str); 15] = [
    ("min_length", RuleKind::MinLength, "minLength"),
    ("max_length", RuleKind::MaxLength, "maxLength"),
    ("pattern", RuleKind::Pattern, "pattern"),
    ("minimum", RuleKind::Minimum, "minimum"),
    ("maximum", RuleKind::Maximum, "maximum"),
    (
        "exclusive_minimum",
        RuleKind::ExclusiveMinimum,
        "exclusiveMinimum",
    ),
    (
        "exclusive_maximum",
        RuleKind::ExclusiveMaximum,
        "exclusiveMaximum",
    ),
    ("multiple_of", RuleKind::MultipleOf, "multipleOf"),
    ("min_items", RuleKind::MinItems, "minItems"),
    ("max_items", RuleKind::MaxItems, "maxItems"),
    ("unique_items", RuleKind::UniqueItems, "uniqueItems"),
    ("min_properties", RuleKind::MinProperties, "minProperties"),
    ("max_properties", RuleKind::MaxProperties, "maxProperties"),
    ("enum", RuleKind::Enum, "enum"),
    ("enumerate", RuleKind::Enum, "enum"),
];

impl RuleKind {
    /// The kind serde_valid names `name` (`r#` removed), if any.
    pub fn from_name(name: &str) -> Option<RuleKind> {
        KINDS.iter().find(|(n, ..)| *n == name).map(|(_, k, _)| *k)
    }

    /// serde_valid's name of the rule.
    pub fn name(self) -> &'static str {
        KINDS
            .iter()
            .find(|(_, k, _)| *k == self)
            .map_or("", |e| e.0)
    }

    /// The rule's name as written in Rust (`r#enum`).
    pub fn written_name(self) -> &'static str {
        match self {
            RuleKind::Enum => "r#enum",
            other => other.name(),
        }
    }

    /// The JSON Schema keyword of the rule.
    pub fn keyword(self) -> &'static str {
        KINDS
            .iter()
            .find(|(_, k, _)| *k == self)
            .map_or("", |e| e.2)
    }

    /// What the rule applies to.
    pub fn applies(self) -> Applies {
        use RuleKind::*;
        match self {
            MinLength | MaxLength | Pattern => Applies::Text,
            Minimum | Maximum | ExclusiveMinimum | ExclusiveMaximum | MultipleOf => Applies::Number,
            MinItems | MaxItems | UniqueItems => Applies::List,
            MinProperties | MaxProperties => Applies::Map,
            Enum => Applies::Scalar,
        }
    }

    /// How the value is written, for messages.
    pub(super) fn example(self) -> String {
        let name = self.name();
        match self {
            RuleKind::Pattern => format!("`{name} = r\"^[a-z]+$\"`"),
            RuleKind::UniqueItems => format!("`{name}`"),
            RuleKind::Enum => "`r#enum = [\"open\", \"closed\"]` or `r#enum = [1, 2, 3]`".into(),
            k if k.applies() == Applies::Number => format!("`{name} = 10` or `{name} = 0.5`"),
            _ => format!("`{name} = 10`"),
        }
    }
}

/// A number written in a rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
}

/// A rule's value, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum RuleValue {
    /// A count: `min_length = 3`.
    Count(u64),
    /// A number: `minimum = -1.5`.
    Number(Number),
    /// A regular expression: `pattern = "^a"`.
    Text(String),
    /// No value: `unique_items`.
    Flag,
    /// The values of `r#enum = [..]`: all numbers or all strings.
    Choices(Vec<RuleValue>),
}

/// One rule of a `#[validate(..)]` attribute.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Which rule.
    pub kind: RuleKind,
    /// Its value.
    pub value: RuleValue,
    /// The rule as written, for errors spanning it.
    pub written: Meta,
}
