//! An in-memory store shared by the controllers.

use crate::model::{Author, Book};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// Books and authors behind one lock.
#[derive(Clone, Default)]
pub struct Store(Arc<Mutex<Data>>);

/// The tables.
#[derive(Default)]
pub struct Data {
    /// Books by id.
    pub books: BTreeMap<u64, Book>,
    /// Authors by id.
    pub authors: BTreeMap<u64, Author>,
    /// The last id handed out.
    pub last_id: u64,
}

impl Data {
    /// A fresh id.
    pub fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }
}

impl Store {
    /// A store with a few books.
    pub fn seeded() -> Self {
        let store = Store::default();
        store.with(|d| {
            let id = d.next_id();
            d.authors.insert(
                id,
                Author {
                    id,
                    name: "Ursula K. Le Guin".into(),
                },
            );
            for (title, year) in [("A Wizard of Earthsea", 1968), ("The Dispossessed", 1974)] {
                let book_id = d.next_id();
                d.books.insert(
                    book_id,
                    Book {
                        id: book_id,
                        title: title.into(),
                        author_id: id,
                        year: Some(year),
                    },
                );
            }
        });
        store
    }

    /// Runs `f` with the tables locked.
    pub fn with<T>(&self, f: impl FnOnce(&mut Data) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
