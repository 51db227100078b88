//! Compiler-style errors: file, line, column, what is wrong and
//! what to write instead, rendered like rustc (by `annotate-snippets`,
//! rustc's own renderer: the span underlined whole, the help as a note)
//! so editors can jump to them.

use annotate_snippets::{Level, Renderer, Snippet};
use std::fmt;
use std::path::{Path, PathBuf};

/// One problem in the user's sources or configuration.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// The file the problem is in.
    pub file: PathBuf,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// What to write instead.
    pub help: Option<String>,
    /// The offending source lines (from `line` to the end of the span),
    /// shown under the location.
    pub snippet: Option<String>,
    /// How many bytes of `snippet` from `line:column` the span covers
    /// (across lines for a span of several); 0 underlines one character.
    pub width: u32,
    /// The macros report the same mistake with its span, so rustc shows
    /// it: build.rs leaves it to the compiler ([`Error::left_to_compiler`]).
    pub reported_by_macros: bool,
}

impl Diagnostic {
    /// A problem with no position inside the file.
    pub fn in_file(file: &Path, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.to_path_buf(),
            line: 0,
            column: 0,
            message: message.into(),
            help: None,
            snippet: None,
            width: 0,
            reported_by_macros: false,
        }
    }

    /// A problem at `span` of `file`, whose text is `source`.
    pub fn at(
        file: &Path,
        source: &str,
        span: proc_macro2::Span,
        message: impl Into<String>,
    ) -> Self {
        let (start, end) = (span.start(), span.end());
        let line = start.line;
        let last = end.line.max(line);
        let snippet = line.checked_sub(1).and_then(|i| {
            let lines: Vec<&str> = source.lines().skip(i).take(last + 1 - line).collect();
            (!lines.is_empty()).then(|| lines.join("\n"))
        });
        let mut d = Diagnostic {
            file: file.to_path_buf(),
            line,
            column: start.column + 1,
            message: message.into(),
            help: None,
            snippet,
            width: 0,
            reported_by_macros: false,
        };
        if let Some(snippet) = &d.snippet {
            let from = d.offset(snippet, line, start.column + 1);
            let to = d.offset(snippet, end.line, end.column + 1);
            d.width = u32::try_from(to.saturating_sub(from)).unwrap_or(0);
        }
        d
    }

    /// Marks a mistake the macros report too (see `reported_by_macros`).
    pub fn reported_by_macros(mut self) -> Self {
        self.reported_by_macros = true;
        self
    }

    /// Adds the `help:` line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The location as `file:line:column`.
    pub fn location(&self) -> String {
        match self.line {
            0 => self.file.display().to_string(),
            _ => format!("{}:{}:{}", self.file.display(), self.line, self.column),
        }
    }
}

impl Diagnostic {
    /// The byte of `snippet` (the lines from [`Self::line`] on) at 1-based
    /// `line` and `column`.
    fn offset(&self, snippet: &str, line: usize, column: usize) -> usize {
        let mut at = 0;
        for (i, text) in snippet.split('\n').enumerate() {
            if i + self.line == line {
                let within = text
                    .char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(text.len(), |(b, _)| b);
                return at + within;
            }
            at += text.len() + 1;
        }
        snippet.len()
    }

    /// The bytes of `snippet` the span covers: [`Self::width`] from
    /// `line:column`, at least one character.
    fn underlined(&self, snippet: &str) -> std::ops::Range<usize> {
        let start = self.offset(snippet, self.line, self.column);
        let one = snippet[start..].chars().next().map_or(0, char::len_utf8);
        let width = (self.width as usize).max(one);
        start..(start + width).min(snippet.len())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(snippet) = self.snippet.as_deref().filter(|_| self.line > 0) else {
            // No source to show: the message, where, and what to do.
            writeln!(f, "error: {}", self.message)?;
            writeln!(f, "  --> {}", self.location())?;
            if let Some(help) = &self.help {
                writeln!(f, "  = help: {help}")?;
            }
            return Ok(());
        };
        let origin = self.file.display().to_string();
        let source = Snippet::source(snippet)
            .line_start(self.line)
            .origin(&origin)
            .fold(false)
            .annotation(Level::Error.span(self.underlined(snippet)));
        let mut message = Level::Error.title(&self.message).snippet(source);
        if let Some(help) = &self.help {
            message = message.footer(Level::Help.title(help));
        }
        let rendered = Renderer::plain().render(message).to_string();
        // Without a note, no empty gutter line after the underline (rustc's way).
        let rendered = match rendered.rsplit_once('\n') {
            Some((body, last)) if self.help.is_none() && last.trim() == "|" => body,
            _ => &rendered,
        };
        writeln!(f, "{rendered}")
    }
}

/// Everything that stopped generation; shown all at once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Error {
    /// The problems, sorted by file and position, without repeats.
    pub diagnostics: Vec<Diagnostic>,
}

impl Error {
    /// An error made of one diagnostic.
    pub fn one(d: Diagnostic) -> Self {
        Error {
            diagnostics: vec![d],
        }
    }

    /// Whether every problem is one the macros report with its span, so
    /// build.rs can leave it to rustc instead of failing the build first.
    pub fn left_to_compiler(&self) -> bool {
        !self.diagnostics.is_empty() && self.diagnostics.iter().all(|d| d.reported_by_macros)
    }

    /// An error from a list, sorted and without repeats.
    pub fn many(mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort();
        diagnostics.dedup();
        Error { diagnostics }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        let n = self.diagnostics.len();
        write!(
            f,
            "\nerror: tether-build could not generate the OpenAPI document ({n} error{})",
            if n == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_macro_reported_mistakes_are_left_to_the_compiler() {
        let file = Path::new("src/lib.rs");
        let macro_error = || Diagnostic::in_file(file, "bad route").reported_by_macros();
        assert!(Error::many(vec![macro_error(), macro_error()]).left_to_compiler());
        let mixed = vec![macro_error(), Diagnostic::in_file(file, "unknown type")];
        assert!(!Error::many(mixed).left_to_compiler());
        assert!(!Error::default().left_to_compiler());
    }

    #[test]
    fn b1_renders_like_rustc() {
        let src = "struct A {\n    x: geo::Point,\n}\n";
        let file: syn::File = syn::parse_str(src).unwrap();
        let syn::Item::Struct(s) = &file.items[0] else {
            panic!()
        };
        let field = s.fields.iter().next().unwrap();
        let span = syn::spanned::Spanned::span(&field.ty);
        let d = Diagnostic::at(Path::new("src/lib.rs"), src, span, "unknown type")
            .with_help("state its schema");
        let text = d.to_string();
        assert!(text.contains("--> src/lib.rs:2:8"), "{text}");
        assert!(text.contains("2 |     x: geo::Point,"), "{text}");
        // The whole span is underlined, not its first character.
        assert!(text.contains("  |        ^^^^^^^^^^\n"), "{text}");
        assert!(text.contains("= help: state its schema"), "{text}");
    }
}
