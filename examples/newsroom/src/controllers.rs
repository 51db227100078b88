//! The newsroom's controllers.

use crate::model::{
    Article, ArticleV2, CreateArticle, Delay, NewsEvent, ReceivedFile, UploadReceipt,
};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tether::extract::multipart::{MultipartForm, UploadedFile};
use tether::response::sse::{Sse, SseEvent};
use tether::{controller, HttpError};

/// Articles, shared by the controllers.
pub type Articles = Arc<Mutex<BTreeMap<String, Article>>>;

/// `/articles`, in version 1 and (for one route) version 2.
pub struct ArticlesController {
    articles: Articles,
}

impl ArticlesController {
    /// A controller over `articles`.
    pub fn new(articles: Articles) -> Self {
        Self { articles }
    }

    fn get(&self, slug: &str) -> Result<Article, HttpError> {
        let articles = self.articles.lock().unwrap_or_else(|e| e.into_inner());
        articles
            .get(slug)
            .cloned()
            .ok_or_else(|| HttpError::not_found(format!("no article `{slug}`")))
    }
}

fn slugify(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.join("-")
}

#[controller("/articles")]
impl ArticlesController {
    /// Lists every article.
    #[get]
    async fn find_all(&self) -> Vec<Article> {
        let articles = self.articles.lock().unwrap_or_else(|e| e.into_inner());
        articles.values().cloned().collect()
    }

    /// Finds one article.
    #[get("/:slug")]
    async fn find_one(&self, #[param] slug: String) -> Result<Article, HttpError> {
        self.get(&slug)
    }

    /// Finds one article, its body split into paragraphs.
    #[get("/:slug")]
    #[version("2")]
    async fn find_one_v2(&self, #[param] slug: String) -> Result<ArticleV2, HttpError> {
        let a = self.get(&slug)?;
        let paragraphs = a.body.split("\n\n").map(str::to_string).collect();
        Ok(ArticleV2 {
            slug: a.slug,
            title: a.title,
            paragraphs,
        })
    }

    /// Publishes an article.
    #[post]
    async fn create(&self, #[body] dto: CreateArticle) -> Result<Article, HttpError> {
        let slug = slugify(&dto.title);
        if slug.is_empty() {
            return Err(HttpError::bad_request(
                "title must contain letters or digits",
            ));
        }
        let mut articles = self.articles.lock().unwrap_or_else(|e| e.into_inner());
        if articles.contains_key(&slug) {
            return Err(HttpError::conflict(format!("article `{slug}` exists")));
        }
        let article = Article {
            slug: slug.clone(),
            title: dto.title,
            body: dto.body,
        };
        articles.insert(slug, article.clone());
        Ok(article)
    }
}

/// `/live`: the live feed and a deliberately slow route, in every version.
pub struct LiveController {
    articles: Articles,
}

impl LiveController {
    /// A controller over `articles`.
    pub fn new(articles: Articles) -> Self {
        Self { articles }
    }
}

#[controller("/live")]
#[version(neutral)]
impl LiveController {
    /// Streams every article as `published`, a `retitled`, then `closed`;
    /// `gap_ms` apart (default 10). Events carry ids `1`, `2`, …: a client
    /// that reconnects with `Last-Event-ID` resumes after that event.
    #[get("/events")]
    async fn events(
        &self,
        #[query("gap_ms")] gap_ms: Option<u64>,
        #[header("last-event-id")] last_event_id: Option<u64>,
    ) -> Sse<NewsEvent> {
        let articles: Vec<Article> = {
            let map = self.articles.lock().unwrap_or_else(|e| e.into_inner());
            map.values().cloned().collect()
        };
        let gap = Duration::from_millis(gap_ms.unwrap_or(10).min(5_000));
        let mut events: Vec<NewsEvent> = Vec::new();
        if let Some(first) = articles.first() {
            let retitled = NewsEvent::Retitled {
                slug: first.slug.clone(),
                title: "Updated: the story so far".into(),
            };
            events.extend(articles.into_iter().map(NewsEvent::Published));
            events.push(retitled);
        }
        events.push(NewsEvent::Closed);
        let skip = last_event_id.unwrap_or(0);
        let (tx, sse) = Sse::channel(8);
        tokio::spawn(async move {
            for (id, event) in (1u64..).zip(events).skip(skip as usize) {
                let event = SseEvent::new(event)
                    .id(id.to_string())
                    .retry(gap.max(Duration::from_millis(20)));
                if tx.send(event).await.is_err() {
                    return;
                }
                tokio::time::sleep(gap).await;
            }
        });
        sse
    }

    /// Answers after `ms` milliseconds (at most 2 s): for client timeouts.
    #[get("/slow")]
    async fn slow(&self, #[query("ms")] ms: u64) -> Delay {
        let ms = ms.min(2_000);
        tokio::time::sleep(Duration::from_millis(ms)).await;
        Delay { slept_ms: ms }
    }
}

/// A photo upload: a caption, an optional credit and the files.
#[derive(MultipartForm)]
pub struct PhotoUpload {
    /// Shown under the photos.
    pub caption: String,
    /// Who took them.
    pub credit: Option<String>,
    /// The photos; at least one.
    #[cfg_attr(
        any(),
        tether(
            schema = r#"{"type": "array", "items": {"type": "string", "format": "binary"}, "minItems": 1}"#
        )
    )]
    pub photos: Vec<UploadedFile>,
}

/// `/uploads`: multipart photo uploads, in every version.
pub struct UploadsController;

#[controller("/uploads")]
#[version(neutral)]
impl UploadsController {
    /// Receives photos and echoes what arrived.
    #[post]
    async fn upload(
        &self,
        #[body(multipart)] form: PhotoUpload,
    ) -> Result<UploadReceipt, HttpError> {
        if form.photos.is_empty() {
            return Err(HttpError::bad_request("send at least one `photos` file"));
        }
        let files = form
            .photos
            .into_iter()
            .map(|f| ReceivedFile {
                file_name: f.file_name,
                content_type: f.content_type,
                bytes: f.bytes.to_vec(),
            })
            .collect();
        Ok(UploadReceipt {
            caption: form.caption,
            credit: form.credit,
            files,
        })
    }
}
