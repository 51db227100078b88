//! Gathers many `syn::Error`s so the user sees every problem at once.

/// A list of errors reported together (dropshot's error store).
///
/// A part of the input that failed yields no follow-on checks: a check
/// that reads what an earlier step produced asks [`Errors::since`]
/// whether that step reported anything, and skips itself if so, so each
/// mistake is reported once, at its cause.
#[derive(Default)]
pub struct Errors {
    list: Option<syn::Error>,
    count: usize,
}

/// How many errors were recorded at some point: see [`Errors::since`].
#[derive(Clone, Copy)]
pub struct Mark(usize);

impl Errors {
    /// The point to compare with later, before a step runs.
    pub fn mark(&self) -> Mark {
        Mark(self.count)
    }

    /// Whether errors were recorded after `mark`.
    pub fn since(&self, mark: Mark) -> bool {
        self.count > mark.0
    }

    /// Adds an error.
    pub fn push(&mut self, error: syn::Error) {
        self.count += 1;
        match &mut self.list {
            Some(list) => list.combine(error),
            None => self.list = Some(error),
        }
    }

    /// The value, or `None` after recording the error.
    pub fn ok<T>(&mut self, result: syn::Result<T>) -> Option<T> {
        result.map_err(|e| self.push(e)).ok()
    }

    /// `Err` with every recorded error, or `Ok`.
    pub fn finish(self) -> syn::Result<()> {
        self.list.map_or(Ok(()), Err)
    }
}

/// `tokens` as messages show a type: the token stream's text without its
/// spaces (`Option<Vec<u8>>`).
pub(crate) fn compact(tokens: &impl quote::ToTokens) -> String {
    tokens.to_token_stream().to_string().replace(' ', "")
}
