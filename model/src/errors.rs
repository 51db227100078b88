//! Gathers many `syn::Error`s so the user sees every problem at once.

/// A list of errors reported together (dropshot's error store).
#[derive(Default)]
pub struct Errors {
    list: Option<syn::Error>,
}

impl Errors {
    /// Adds an error.
    pub fn push(&mut self, error: syn::Error) {
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
