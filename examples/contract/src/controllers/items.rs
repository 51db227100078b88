//! `/items` (version 1, the default): query, header and body shapes, and
//! the return types of the README.

use crate::model::{CreateItem, Item, ItemFilter, Rename, State};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tether::{
    controller, ApiError, Attachment, Html, HttpError, IntoResponse, NoContent, Redirect, Response,
    StatusCode, WithHeaders,
};

/// The crate's result alias: a `Result` however it is spelled.
pub type ApiResult<T> = Result<T, HttpError>;

/// The typed errors of `/items/unique/new` and `/items/:id/strict` (SPEC E6):
/// each variant is served with its status, documented with its body and
/// typed in the client by status.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
pub enum ItemError {
    /// An item has this name already.
    #[status(409, message = "an item named {name:?} exists")]
    NameTaken {
        /// The name asked for.
        name: String,
        /// The item that has it.
        conflicting_id: u64,
    },
    /// No item has this id.
    #[status(404)]
    NotFound {
        /// The id asked for.
        id: u64,
    },
}

/// The headers of a list.
#[derive(Debug, Serialize)]
pub struct PageHeaders {
    /// How many items match, whatever the page.
    #[serde(rename = "X-Total-Count")]
    pub total: u64,
}

/// The headers of an export, beside the file's own.
#[derive(Debug, Serialize)]
pub struct ExportHeaders {
    /// How many items the export holds.
    #[serde(rename = "X-Item-Count")]
    pub count: u64,
}

/// The bytes of an item's invoice: not UTF-8 (`0x00`, `0xFF`), so a
/// client that read them as text would change them.
pub fn invoice_bytes(item: &Item) -> Vec<u8> {
    let mut pdf = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec();
    pdf.extend([0x00, 0xFF, 0xFE, 0x80]);
    pdf.extend(item.name.as_bytes());
    pdf.extend(b"\n%%EOF\n");
    pdf
}

/// The item store, shared by clones.
#[derive(Clone, Default)]
pub struct Items(Arc<Mutex<Store>>);

/// The items by id, and the last id given: a deleted item's id is never
/// given again (schemathesis' ST301 reads a new item at a deleted id as
/// the deleted one still there).
#[derive(Default)]
struct Store {
    items: BTreeMap<u64, Item>,
    last_id: u64,
}

impl Items {
    /// The items `filter` selects, after its offset, at most its limit.
    pub fn matching(&self, filter: &ItemFilter) -> Vec<Item> {
        let found = self.filter(|i| {
            filter.state.is_none_or(|s| i.state == s)
                && filter
                    .name
                    .as_ref()
                    .is_none_or(|n| i.name.contains(n.as_str()))
                && filter.labels.iter().all(|l| i.labels.contains(l))
                && filter
                    .any_label
                    .as_ref()
                    .is_none_or(|any| any.iter().any(|l| i.labels.contains(l)))
        });
        let offset = filter.offset.unwrap_or(0) as usize;
        let limit = filter.limit.map_or(usize::MAX, |l| l as usize);
        found.into_iter().skip(offset).take(limit).collect()
    }

    /// A store with item 1 (open, labelled `bug`) and item 2 (closed).
    pub fn seeded() -> Self {
        let items = Items::default();
        for (name, state, labels) in [
            ("first", State::Open, vec!["bug".to_string()]),
            ("second", State::Closed, vec![]),
        ] {
            items.insert(CreateItem {
                name: name.into(),
                state,
                labels,
            });
        }
        items
    }

    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut BTreeMap<u64, Item>) -> R) -> R {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()).items)
    }

    pub(crate) fn insert(&self, dto: CreateItem) -> Item {
        let mut store = self.0.lock().unwrap_or_else(|e| e.into_inner());
        store.last_id += 1;
        let id = store.last_id;
        let item = Item {
            id,
            name: dto.name,
            state: dto.state,
            labels: dto.labels,
        };
        store.items.insert(id, item.clone());
        item
    }

    fn get(&self, id: u64) -> Result<Item, HttpError> {
        self.with(|m| m.get(&id).cloned())
            .ok_or_else(|| HttpError::not_found(format!("item {id} does not exist")))
    }

    pub(crate) fn filter(&self, keep: impl Fn(&Item) -> bool) -> Vec<Item> {
        self.with(|m| m.values().filter(|i| keep(i)).cloned().collect())
    }
}

/// Items.
pub struct ItemsController {
    items: Items,
}

impl ItemsController {
    /// A controller over `items`.
    pub fn new(items: Items) -> Self {
        Self { items }
    }
}

#[controller("/items")]
impl ItemsController {
    /// Lists items by a query struct, with the number of matches before
    /// `offset` and `limit` in `X-Total-Count` (`WithHeaders`).
    #[get]
    async fn find_all(&self, #[query] filter: ItemFilter) -> WithHeaders<Vec<Item>, PageHeaders> {
        let all = ItemFilter {
            offset: None,
            limit: None,
            ..filter.clone()
        };
        let total = self.items.matching(&all).len() as u64;
        WithHeaders::new(self.items.matching(&filter), PageHeaders { total })
    }

    /// Finds one item (`Result<T, HttpError>`).
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<Item, HttpError> {
        self.items.get(id)
    }

    /// Whether an item exists: `200` or `404`, no body (HEAD).
    #[head("/:id")]
    async fn exists(&self, #[param] id: u64) -> Result<(), HttpError> {
        self.items.get(id).map(|_| ())
    }

    /// An item's name as text (`String`).
    #[get("/:id/name")]
    async fn name(&self, #[param] id: u64) -> Result<String, HttpError> {
        self.items.get(id).map(|i| i.name)
    }

    /// An item's name as bytes (`Vec<u8>`).
    #[get("/:id/raw")]
    async fn raw(&self, #[param] id: u64) -> Result<Vec<u8>, HttpError> {
        self.items.get(id).map(|i| i.name.into_bytes())
    }

    /// An item as a response the handler builds itself (`Response`).
    #[get("/:id/custom")]
    async fn custom(&self, #[param] id: u64) -> Result<Response, HttpError> {
        let item = self.items.get(id)?;
        let state = match item.state {
            State::Open => "open",
            State::Closed => "closed",
        };
        let mut response = item.name.into_response();
        response
            .headers_mut()
            .insert("x-item-state", state.parse().expect("a header value"));
        Ok(response)
    }

    /// An item's invoice, a file to download (`Attachment`): its name is
    /// not ASCII, so it is sent as `filename*` too.
    #[get("/:id/invoice")]
    async fn invoice(&self, #[param] id: u64) -> Result<Attachment, HttpError> {
        let item = self.items.get(id)?;
        Ok(Attachment::new(invoice_bytes(&item))
            .filename(format!("invoice-{id} «{}».pdf", item.name))
            .content_type("application/pdf"))
    }

    /// The items as CSV, shown in the browser (`Attachment::inline`) with a
    /// header of the handler's own (`WithHeaders<Attachment, H>`).
    #[get("/export")]
    async fn export(&self) -> WithHeaders<Attachment, ExportHeaders> {
        let items = self.items.filter(|_| true);
        let mut csv = String::from("id,name\n");
        for item in &items {
            csv.push_str(&format!("{},{}\n", item.id, item.name));
        }
        let file = Attachment::new(csv)
            .inline()
            .filename("items.csv")
            .content_type("text/csv; charset=utf-8");
        WithHeaders::new(
            file,
            ExportHeaders {
                count: items.len() as u64,
            },
        )
    }

    /// An item as an HTML fragment (`Html<T>`).
    #[get("/:id/page")]
    async fn page(&self, #[param] id: u64) -> Result<Html<String>, HttpError> {
        let item = self.items.get(id)?;
        Ok(Html(format!("<h1>{}</h1>", item.name)))
    }

    /// Sends the client to the item itself (`Redirect`, 303); 404 when
    /// there is no such item.
    #[get("/:id/link")]
    async fn link(&self, #[param] id: u64) -> Result<Redirect, HttpError> {
        self.items.get(id)?;
        Ok(Redirect::to(&format!("/api/v1/items/{id}")))
    }

    /// Creates an item unless one has its name: a typed 409 names that one.
    #[post("/unique/new")]
    async fn create_unique(&self, #[body] dto: CreateItem) -> Result<Item, ItemError> {
        let taken = self.items.filter(|i| i.name == dto.name);
        match taken.first() {
            Some(other) => Err(ItemError::NameTaken {
                name: dto.name,
                conflicting_id: other.id,
            }),
            None => Ok(self.items.insert(dto)),
        }
    }

    /// One item, or a typed 404 carrying the id.
    #[get("/:id/strict")]
    async fn find_strict(&self, #[param] id: u64) -> Result<Item, ItemError> {
        self.items.get(id).map_err(|_| ItemError::NotFound { id })
    }

    /// Creates an item from JSON; the status is chosen by the handler
    /// (`(StatusCode, T)`).
    #[post]
    async fn create(&self, #[body] dto: CreateItem) -> (StatusCode, Item) {
        (StatusCode::CREATED, self.items.insert(dto))
    }

    /// Renames an item (a `Result` alias).
    #[put("/:id")]
    async fn rename(&self, #[param] id: u64, #[body] dto: Rename) -> ApiResult<Item> {
        self.items.with(|m| match m.get_mut(&id) {
            Some(item) => {
                item.name = dto.name;
                Ok(item.clone())
            }
            None => Err(HttpError::not_found(format!("item {id} does not exist"))),
        })
    }

    /// Closes an item; nothing to say back (`()`, 200).
    #[patch("/:id/close")]
    async fn close(&self, #[param] id: u64) -> Result<(), HttpError> {
        self.items.with(|m| match m.get_mut(&id) {
            Some(item) => {
                item.state = State::Closed;
                Ok(())
            }
            None => Err(HttpError::not_found(format!("item {id} does not exist"))),
        })
    }

    /// Removes an item (`NoContent`, 204).
    #[delete("/:id")]
    async fn remove(&self, #[param] id: u64) -> Result<NoContent, HttpError> {
        self.items
            .with(|m| m.remove(&id))
            .map(|_| NoContent)
            .ok_or_else(|| HttpError::not_found(format!("item {id} does not exist")))
    }
}
