//! The three outputs: text like rustc's diagnostics, a Markdown changelog
//! grouped by level, and JSON with stable field names.

use super::{Change, Level};
use std::fmt::Write;

fn word(level: Level) -> &'static str {
    match level {
        Level::Breaking => "error",
        Level::PossiblyBreaking => "warning",
        Level::Compatible => "note",
    }
}

/// `error[rule]: message` / `warning[…]` / `note[…]` with a `-->` line per
/// change, then a summary line.
pub fn render_text(changes: &[Change]) -> String {
    let mut out = String::new();
    for c in changes {
        let _ = writeln!(out, "{}[{}]: {}", word(c.level), c.rule, c.message);
        let place = [c.operation.as_str(), c.location.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(out, "  --> {place}");
        let _ = writeln!(
            out,
            "   = at {}",
            if c.pointer.is_empty() {
                "/"
            } else {
                &c.pointer
            }
        );
        out.push('\n');
    }
    let _ = writeln!(out, "{}", summary(changes));
    out
}

/// `2 breaking, 1 possibly breaking, 5 compatible changes`.
pub fn summary(changes: &[Change]) -> String {
    let count = |l| changes.iter().filter(|c| c.level == l).count();
    if changes.is_empty() {
        return "no changes".into();
    }
    format!(
        "{} breaking, {} possibly breaking, {} compatible change{}",
        count(Level::Breaking),
        count(Level::PossiblyBreaking),
        count(Level::Compatible),
        if changes.len() == 1 { "" } else { "s" }
    )
}

/// A changelog for release notes: a section per level, a bullet per change.
pub fn render_markdown(changes: &[Change]) -> String {
    let mut out = String::from("# API changes\n\n");
    if changes.is_empty() {
        out.push_str("No changes.\n");
        return out;
    }
    for (level, title) in [
        (Level::Breaking, "Breaking changes"),
        (Level::PossiblyBreaking, "Possibly breaking changes"),
        (Level::Compatible, "Compatible changes"),
    ] {
        let group: Vec<_> = changes.iter().filter(|c| c.level == level).collect();
        if group.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## {title}\n");
        for c in group {
            let op = if c.operation.is_empty() {
                String::new()
            } else {
                format!("`{}`", c.operation)
            };
            let loc = if c.location.is_empty() {
                String::new()
            } else {
                format!(" {}", c.location)
            };
            let _ = writeln!(out, "- {op}{loc}: {} (`{}`)", md_escape(&c.message), c.rule);
        }
        out.push('\n');
    }
    out
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('<', "&lt;")
}

/// `{"summary": {...}, "changes": [{"level", "rule", "operation", "location", "pointer", "message"}]}`.
pub fn render_json(changes: &[Change]) -> String {
    let count = |l| changes.iter().filter(|c| c.level == l).count();
    let value = serde_json::json!({
        "summary": {
            "breaking": count(Level::Breaking),
            "possibly-breaking": count(Level::PossiblyBreaking),
            "compatible": count(Level::Compatible),
        },
        "changes": changes.iter().map(|c| serde_json::json!({
            "level": c.level.as_str(),
            "rule": c.rule,
            "operation": c.operation,
            "location": c.location,
            "pointer": c.pointer,
            "message": c.message,
        })).collect::<Vec<_>>(),
    });
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}
