//! Compiler-style errors (SPEC B1): file, line, column, what is wrong and
//! what to write instead, rendered like rustc so editors can jump to them.

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
    /// The offending source line, shown under the location.
    pub snippet: Option<String>,
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
        let start = span.start();
        let line = start.line;
        Diagnostic {
            file: file.to_path_buf(),
            line,
            column: start.column + 1,
            message: message.into(),
            help: None,
            snippet: line
                .checked_sub(1)
                .and_then(|i| source.lines().nth(i))
                .map(str::to_string),
            reported_by_macros: false,
        }
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

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        writeln!(f, "  --> {}", self.location())?;
        if let Some(snippet) = &self.snippet {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            writeln!(f, "{pad} |")?;
            writeln!(f, "{number} | {snippet}")?;
            let caret = " ".repeat(self.column.saturating_sub(1));
            writeln!(f, "{pad} | {caret}^")?;
        }
        if let Some(help) = &self.help {
            writeln!(f, "  = help: {help}")?;
        }
        Ok(())
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
        assert!(text.contains("  |        ^"), "{text}");
        assert!(text.contains("= help: state its schema"), "{text}");
    }
}
