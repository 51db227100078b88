//! Safe TypeScript names from any document: identifiers,
//! property keys, file names, unique allocation, and JSDoc that cannot be
//! broken out of.

use std::collections::HashSet;

/// Words that cannot name a type, class or variable in TypeScript.
const RESERVED: &[&str] = &[
    // ECMAScript reserved words, strict mode included.
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "arguments",
    "eval",
    // TypeScript's predefined type names.
    "any",
    "bigint",
    "boolean",
    "never",
    "number",
    "object",
    "string",
    "symbol",
    "undefined",
    "unknown",
    "type",
    "keyof",
    "readonly",
    "infer",
    "is",
    "asserts",
    "satisfies",
    "namespace",
    "module",
    "declare",
    "abstract",
    "as",
    "from",
    "of",
    "global",
    "require",
];

/// Is `s` a valid identifier that is not a reserved word?
pub fn is_identifier(s: &str) -> bool {
    is_identifier_name(s) && !RESERVED.contains(&s)
}

/// Can `c` start an identifier? ECMAScript's IdentifierStart: `$`, `_`
/// and Unicode's ID_Start (letters of every script, `ü`, `名`, `п`).
fn is_id_start(c: char) -> bool {
    c == '$' || c == '_' || unicode_ident::is_xid_start(c)
}

/// Can `c` continue an identifier? `$` and Unicode's ID_Continue (digits,
/// `_` and combining marks besides the letters).
fn is_id_continue(c: char) -> bool {
    c == '$' || unicode_ident::is_xid_continue(c)
}

/// Is `s` an IdentifierName, usable as a property name without quotes?
pub fn is_identifier_name(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if is_id_start(c) => {}
        _ => return false,
    }
    chars.all(is_id_continue)
}

/// The words of a name: split on `_`, `$` and anything that cannot be in
/// an identifier; letters and digits of every script stay (`получитьЗаказы`,
/// `ünïcode_püt` → `ünïcode`, `püt`).
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c == '_' || !unicode_ident::is_xid_continue(c))
        .filter(|w| !w.is_empty())
}

fn upper_first(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Lowercases a leading run of capitals, keeping the last one when it starts
/// the next word: `HTTPServer` → `httpServer`, `URL` → `url`, `Users` → `users`.
fn lower_first(w: &str) -> String {
    let chars: Vec<char> = w.chars().collect();
    let run = chars.iter().take_while(|c| c.is_uppercase()).count();
    let keep_last = run > 1 && run < chars.len() && chars[run].is_lowercase();
    let lower = if keep_last { run - 1 } else { run.max(1) };
    let mut out = String::new();
    for (i, c) in chars.iter().enumerate() {
        if i < lower {
            out.extend(c.to_lowercase());
        } else {
            out.push(*c);
        }
    }
    out
}

/// `lowerCamelCase` from any text; `fallback` when nothing usable remains.
pub fn camel(s: &str, fallback: &str) -> String {
    let mut out = String::new();
    for (i, w) in words(s).enumerate() {
        out += &if i == 0 {
            lower_first(w)
        } else {
            upper_first(w)
        };
    }
    fix_start(out, fallback)
}

/// `PascalCase` from any text; `fallback` when nothing usable remains.
pub fn pascal(s: &str, fallback: &str) -> String {
    fix_start(words(s).map(upper_first).collect(), fallback)
}

/// A type name: the document's own name when it already is a valid
/// identifier, else its words in PascalCase.
pub fn type_name(s: &str) -> String {
    if let Some(generic) = generic_instance(s) {
        return generic;
    }
    if is_identifier(s) && !s.starts_with('$') {
        s.to_string()
    } else {
        pascal(s, "Schema")
    }
}

/// A generic instance as tether and schemars name it, `Page_for_Issue` or
/// `Pair_for_Issue_and_User`, read as `PageIssue` / `PairIssueUser`.
fn generic_instance(s: &str) -> Option<String> {
    let (base, args) = s.split_once("_for_")?;
    let parts: Vec<&str> = std::iter::once(base)
        .chain(args.split("_and_"))
        .flat_map(|p| p.split("_for_"))
        .collect();
    if parts.iter().any(|p| p.is_empty() || !is_identifier(p)) {
        return None;
    }
    Some(
        parts
            .iter()
            .map(|p| {
                let mut c = p.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect(),
    )
}

/// Whether [`type_name`] reads `s` as a generic instance.
pub fn is_generic_instance(s: &str) -> bool {
    generic_instance(s).is_some()
}

fn fix_start(s: String, fallback: &str) -> String {
    match s.chars().next() {
        None => fallback.to_string(),
        // A digit (of any script) or a combining mark.
        Some(c) if !is_id_start(c) => format!("_{s}"),
        _ => s,
    }
}

/// A property key: bare when it is an identifier name, else a string literal.
pub fn prop_key(s: &str) -> String {
    let mut out = String::new();
    push_prop_key(&mut out, s);
    out
}

/// [`prop_key`], appended to `out`.
pub fn push_prop_key(out: &mut String, s: &str) {
    if is_identifier_name(s) {
        out.push_str(s);
    } else {
        out.push_str(&string_literal(s));
    }
}

/// Every name a JavaScript object inherits from `Object.prototype`: the
/// members TypeScript's `Object` declares ([`OBJECT_MEMBERS`], first), then
/// `__proto__` and the legacy accessors.
pub const INHERITED: [&str; 12] = [
    "constructor",
    "toString",
    "toLocaleString",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// The members TypeScript's `Object` declares: every object type has them.
pub const OBJECT_MEMBERS: &[&str] = INHERITED.split_at(7).0;

/// The type of `Object`'s member `name` (one of [`OBJECT_MEMBERS`]), read
/// off `Object.prototype`: the same type as `Object["name"]`, without
/// naming the wrapper type `Object` (typescript-eslint's
/// `no-wrapper-object-types`).
pub fn object_member_type(name: &str) -> String {
    format!("(typeof Object.prototype)[{}]", string_literal(name))
}

/// A key of an object literal (a value, not a type): [`prop_key`], but
/// `__proto__` computed (`["__proto__"]`), which written plainly or quoted
/// would set the literal's prototype instead of adding the entry.
pub fn literal_key(s: &str) -> String {
    if s == "__proto__" {
        format!("[{}]", string_literal(s))
    } else {
        prop_key(s)
    }
}

/// A TypeScript string literal (JSON strings are valid JavaScript strings).
pub fn string_literal(s: &str) -> String {
    // U+2028/U+2029 are legal in ES2019 strings, but not in older tools.
    let json = serde_json::to_string(s).expect("strings serialise");
    if !json.contains(['\u{2028}', '\u{2029}']) {
        return json;
    }
    json.replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// Hands out unique names, never one of the reserved ones.
#[derive(Debug, Default, Clone)]
pub struct Namer {
    taken: HashSet<String>,
    case_insensitive: bool,
}

impl Namer {
    /// A namer that never hands out one of `reserved`.
    pub fn new<'a>(reserved: impl IntoIterator<Item = &'a str>) -> Self {
        let mut n = Namer::default();
        for r in reserved {
            n.taken.insert(r.to_string());
        }
        n
    }

    /// Names that must differ in more than case (file names on macOS and Windows).
    pub fn case_insensitive<'a>(reserved: impl IntoIterator<Item = &'a str>) -> Self {
        let mut n = Namer {
            case_insensitive: true,
            ..Namer::default()
        };
        for r in reserved {
            n.taken.insert(r.to_lowercase());
        }
        n
    }

    fn key(&self, s: &str) -> String {
        if self.case_insensitive {
            s.to_lowercase()
        } else {
            s.to_string()
        }
    }

    /// `base`, or `base2`, `base3`, … — the first that is free.
    pub fn unique(&mut self, base: &str) -> String {
        let mut candidate = base.to_string();
        let mut n = 2;
        while !self.taken.insert(self.key(&candidate)) {
            candidate = format!("{base}{n}");
            n += 1;
        }
        candidate
    }

    /// Reserves `name`, whether or not it was free.
    pub fn reserve(&mut self, name: &str) {
        let key = self.key(name);
        self.taken.insert(key);
    }
}

/// The JSDoc of a deprecated item: its description without the last
/// paragraph `Deprecated: note` (as tether-build writes a note), and the
/// tag, `@deprecated note` (or `@deprecated`). Not deprecated: the
/// description as it is and no tag.
pub(crate) fn deprecation_doc(
    description: Option<&str>,
    deprecated: bool,
) -> (Option<&str>, Option<String>) {
    if !deprecated {
        return (description, None);
    }
    let Some(d) = description else {
        return (None, Some("@deprecated".into()));
    };
    let (rest, last) = match d.rsplit_once("\n\n") {
        Some((rest, last)) => (Some(rest), last),
        None => (None, d),
    };
    match last.strip_prefix(crate::extensions::DEPRECATED_NOTE) {
        Some(note) if !note.trim().is_empty() => {
            (rest, Some(format!("@deprecated {}", note.trim())))
        }
        _ => (Some(d), Some("@deprecated".into())),
    }
}

/// A JSDoc block at `indent`; `*/` in the text cannot end it early.
pub fn jsdoc(lines: &[String], indent: &str) -> String {
    let mut out = String::new();
    push_jsdoc(&mut out, lines, indent);
    out
}

/// [`jsdoc`], appended to `out`.
pub fn push_jsdoc<S: AsRef<str>>(out: &mut String, lines: &[S], indent: &str) {
    let text: Vec<&str> = lines.iter().flat_map(|l| text_lines(l.as_ref())).collect();
    let start = text
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |e| e + 1);
    let push_line = |out: &mut String, l: &str| match l.contains("*/") {
        true => out.push_str(&l.replace("*/", "*\\/")),
        false => out.push_str(l),
    };
    match &text[start..end] {
        [] => {}
        [one] => {
            out.push_str(indent);
            out.push_str("/** ");
            push_line(out, one);
            out.push_str(" */\n");
        }
        many => {
            out.push_str(indent);
            out.push_str("/**\n");
            for l in many {
                out.push_str(indent);
                out.push_str(" *");
                if !l.is_empty() {
                    out.push(' ');
                    push_line(out, l);
                }
                out.push('\n');
            }
            out.push_str(indent);
            out.push_str(" */\n");
        }
    }
}

/// The lines of a text, split at `\n`, `\r\n`, `\r`, U+2028 and U+2029,
/// each without its trailing white space.
fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        let Some((at, len)) = line_break(s) else {
            rest = None;
            return Some(s);
        };
        rest = Some(&s[at + len..]);
        Some(&s[..at])
    })
    .map(str::trim_end)
}

/// Where the first line break of `s` is and its length in bytes.
fn line_break(s: &str) -> Option<(usize, usize)> {
    let bytes = s.as_bytes();
    let mut from = 0;
    loop {
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
        let at = from
            + bytes[from..]
                .iter()
                .position(|b| matches!(b, b'\n' | b'\r' | 0xE2))?;
        match &bytes[at..] {
            [b'\r', b'\n', ..] => return Some((at, 2)),
            [b'\n' | b'\r', ..] => return Some((at, 1)),
            [0xE2, 0x80, 0xA8 | 0xA9, ..] => return Some((at, 3)),
            _ => from = at + 1,
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn i35_a_deprecation_note_becomes_the_jsdoc_tag() {
        let doc = |d: Option<&str>, dep| {
            let (rest, tag) = deprecation_doc(d, dep);
            (rest.map(str::to_string), tag)
        };
        assert_eq!(
            doc(Some("Slowly.\n\nDeprecated: use `list`"), true),
            (
                Some("Slowly.".into()),
                Some("@deprecated use `list`".into())
            )
        );
        assert_eq!(
            doc(Some("Deprecated: use id"), true),
            (None, Some("@deprecated use id".into()))
        );
        assert_eq!(
            doc(Some("Old."), true),
            (Some("Old.".into()), Some("@deprecated".into()))
        );
        assert_eq!(doc(None, true), (None, Some("@deprecated".into())));
        // Not deprecated: a paragraph that reads like a note stays text.
        assert_eq!(
            doc(Some("Deprecated: no"), false),
            (Some("Deprecated: no".into()), None)
        );
    }

    use super::*;

    #[test]
    fn g2_generic_instances_get_readable_names() {
        assert_eq!(type_name("Page_for_Issue"), "PageIssue");
        assert_eq!(type_name("Pair_for_Issue_and_User"), "PairIssueUser");
        assert_eq!(type_name("Page_for_Page_for_Issue"), "PagePageIssue");
        assert_eq!(type_name("Page_for_uint64"), "PageUint64");
        assert_eq!(type_name("snake_case_name"), "snake_case_name");
        assert_eq!(type_name("a_for_"), "a_for_");
    }

    #[test]
    fn c7_camel_and_pascal_from_any_text() {
        assert_eq!(camel("get_user_by_id", "x"), "getUserById");
        assert_eq!(camel("HTTPServer", "x"), "httpServer");
        assert_eq!(camel("URL", "x"), "url");
        assert_eq!(camel("pets.list", "x"), "petsList");
        assert_eq!(camel("1st-thing", "x"), "_1stThing");
        assert_eq!(camel("../..", "x"), "x");
        assert_eq!(camel("__proto__", "x"), "proto");
        assert_eq!(pascal("user profile", "x"), "UserProfile");
        assert_eq!(type_name("class"), "Class");
        assert_eq!(type_name("HTTPError"), "HTTPError");
        assert_eq!(type_name("foo.bar-Baz"), "FooBarBaz");
    }

    /// ECMAScript identifiers are Unicode: a name in any script keeps its
    /// letters (trial3 T2; they were separators, so `получитьЗаказы` was
    /// the fallback `call` and `ünïcode_püt` was `nCodePT`).
    #[test]
    fn c8_names_in_any_script_keep_their_letters() {
        assert_eq!(camel("получитьЗаказы", "call"), "получитьЗаказы");
        assert_eq!(camel("Пользователи", "default"), "пользователи");
        assert_eq!(camel("ünïcode_püt", "call"), "ünïcodePüt");
        assert_eq!(camel("名前", "call"), "名前");
        assert_eq!(pascal("über uns", "X"), "ÜberUns");
        assert_eq!(type_name("Пользователь"), "Пользователь");
        assert_eq!(type_name("Заказ-строка"), "ЗаказСтрока");
        // A digit of another script cannot start one either.
        assert_eq!(camel("٣rd", "x"), "_٣rd");
        // Still not letters: symbols, punctuation, emoji.
        assert_eq!(camel("a→b ✓ 🚀", "x"), "aB");
        assert_eq!(camel("→✓", "x"), "x");
        assert!(is_identifier_name("имя"));
        assert!(!is_identifier_name("a→b"));
        assert_eq!(prop_key("имя"), "имя");
        let mut f = Namer::case_insensitive(["index"]);
        assert_eq!(f.unique("über"), "über");
        assert_eq!(f.unique("Über"), "Über2");
    }

    #[test]
    fn c7_property_keys_quote_non_identifiers() {
        assert_eq!(prop_key("class"), "class");
        assert_eq!(prop_key("x-rate"), "\"x-rate\"");
        assert_eq!(prop_key("a\"b"), "\"a\\\"b\"");
        assert_eq!(prop_key("9a"), "\"9a\"");
        assert_eq!(string_literal("a\u{2028}b"), "\"a\\u2028b\"");
        assert_eq!(literal_key("__proto__"), "[\"__proto__\"]");
        assert_eq!(literal_key("x-rate"), "\"x-rate\"");
    }

    #[test]
    fn c7_namer_never_repeats_or_uses_reserved() {
        let mut n = Namer::new(["Client"]);
        assert_eq!(n.unique("Client"), "Client2");
        assert_eq!(n.unique("User"), "User");
        assert_eq!(n.unique("User"), "User2");
        let mut f = Namer::case_insensitive(["index"]);
        assert_eq!(f.unique("Index"), "Index2");
        assert_eq!(f.unique("users"), "users");
        assert_eq!(f.unique("Users"), "Users2");
    }

    #[test]
    fn c7_jsdoc_cannot_be_closed_early() {
        let doc = jsdoc(&["evil */ alert(1) /*".into()], "");
        assert_eq!(doc, "/** evil *\\/ alert(1) /* */\n");
        let doc = jsdoc(&["a\r\nb".into(), String::new()], "  ");
        assert_eq!(doc, "  /**\n   * a\n   * b\n   */\n");
    }

    #[test]
    fn c7_jsdoc_splits_every_line_break() {
        let text = "  \n a \r b\u{2028}c \u{2014} d\u{2026}\u{2029}\r\r\n";
        let doc = jsdoc(&[text.into(), "x */ ".into()], "");
        assert_eq!(
            doc,
            "/**\n *  a\n *  b\n * c \u{2014} d\u{2026}\n *\n *\n *\n * x *\\/\n */\n"
        );
    }
}
