//! `multipart/form-data` bodies for upload routes:
//! `#[body(multipart)] form: T` where `T` derives [`MultipartForm`] (typed
//! text fields and files), or `T` is [`Multipart`] to stream the parts.
//! The body size limit applies to the whole body (`413` past it).
//!
//! ```
//! use tether::extract::multipart::{MultipartForm, UploadedFile};
//! use tether::{controller, post};
//!
//! #[derive(MultipartForm)]
//! struct Upload {
//!     title: String,
//!     /// Text fields are read with `FromStr` (see [`FormText`]).
//!     copies: Option<u32>,
//!     tags: Vec<String>,
//!     cover: UploadedFile,
//!     #[multipart(rename = "page")]
//!     pages: Vec<UploadedFile>,
//! }
//!
//! struct Uploads;
//!
//! #[controller("/uploads")]
//! impl Uploads {
//!     #[post]
//!     async fn upload(&self, #[body(multipart)] form: Upload) -> String {
//!         format!("{}: {} bytes of cover, {} pages", form.title, form.cover.bytes.len(), form.pages.len())
//!     }
//! }
//! ```
//!
//! The OpenAPI generator documents [`UploadedFile`] fields as
//! `{type: string, format: binary}` and a raw [`Multipart`] as `{type: object}`.

use crate::extract::request::{Request, RequestBody};
use crate::response::error::HttpError;
use bytes::Bytes;
use std::fmt::Display;
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::task::{Context, Poll};

pub use tether_macros::MultipartForm;

/// A file part of a multipart body, read whole.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UploadedFile {
    /// The `filename` the client gave: always present on a [`MultipartForm`]
    /// field, as a part without one is not taken for a file.
    pub file_name: Option<String>,
    /// The part's `Content-Type`, if given, as sent: parameters included
    /// (`text/plain; charset=utf-8`).
    pub content_type: Option<String>,
    /// The content.
    pub bytes: Bytes,
}

/// A multipart body as a stream of parts: `#[body(multipart)] mp: Multipart`.
///
/// ```
/// use tether::extract::multipart::Multipart;
/// use tether::HttpError;
///
/// async fn count(mut mp: Multipart) -> Result<usize, HttpError> {
///     let mut total = 0;
///     while let Some(mut field) = mp.next_field().await? {
///         while let Some(chunk) = field.chunk().await? {
///             total += chunk.len();
///         }
///     }
///     Ok(total)
/// }
/// ```
pub struct Multipart {
    inner: multer::Multipart<'static>,
    limit: usize,
    /// The parts still allowed (`App::max_form_pairs`).
    parts_left: usize,
    /// The app's limit of parts, for the message.
    part_limit: usize,
}

/// One part of a [`Multipart`] body.
pub struct Field {
    inner: multer::Field<'static>,
    limit: usize,
}

/// The `400` of a multipart body not read as declared (`INVALID_BODY`).
fn invalid_body(message: String) -> HttpError {
    HttpError::bad_request(message).with_code(crate::response::error::codes::INVALID_BODY)
}

fn multipart_error(e: multer::Error, limit: usize) -> HttpError {
    use multer::Error as E;
    match e {
        E::StreamSizeExceeded { .. } | E::FieldSizeExceeded { .. } => {
            crate::extract::body::too_large(limit)
        }
        other => invalid_body(format!("invalid multipart body: {other}")),
    }
}

impl Multipart {
    /// The next part, or `None` after the last.
    /// A body of more parts than the app's limit (`App::max_form_pairs`,
    /// 1,000 by default) is a `400` naming it at the first part past it.
    pub async fn next_field(&mut self) -> Result<Option<Field>, HttpError> {
        match self.inner.next_field().await {
            Ok(Some(_)) if self.parts_left == 0 => Err(invalid_body(format!(
                "the multipart body has more than the limit of {} parts",
                self.part_limit
            ))),
            Ok(Some(inner)) => {
                self.parts_left -= 1;
                Ok(Some(Field {
                    inner,
                    limit: self.limit,
                }))
            }
            Ok(None) => Ok(None),
            Err(e) => Err(multipart_error(e, self.limit)),
        }
    }

    /// Reads every part whose name is in `names` into its bucket (same
    /// order as `names`); other parts are skipped. Used by
    /// `#[derive(MultipartForm)]`.
    #[doc(hidden)]
    pub async fn collect(mut self, names: &[&str]) -> Result<Vec<Vec<UploadedFile>>, HttpError> {
        let mut buckets = vec![Vec::new(); names.len()];
        while let Some(field) = self.next_field().await? {
            let Some(i) = field
                .name()
                .and_then(|n| names.iter().position(|k| *k == n))
            else {
                continue;
            };
            buckets[i].push(field.into_file().await?);
        }
        Ok(buckets)
    }
}

impl Field {
    /// The part's form name.
    pub fn name(&self) -> Option<&str> {
        self.inner.name()
    }

    /// The part's file name, for files.
    pub fn file_name(&self) -> Option<&str> {
        self.inner.file_name()
    }

    /// The part's `Content-Type` as sent, parameters included
    /// (`text/plain; charset=utf-8`).
    pub fn content_type(&self) -> Option<&str> {
        self.inner.content_type().map(|m| m.as_ref())
    }

    /// The next chunk of the content.
    pub async fn chunk(&mut self) -> Result<Option<Bytes>, HttpError> {
        self.inner
            .chunk()
            .await
            .map_err(|e| multipart_error(e, self.limit))
    }

    /// The whole content.
    pub async fn bytes(self) -> Result<Bytes, HttpError> {
        let limit = self.limit;
        self.inner
            .bytes()
            .await
            .map_err(|e| multipart_error(e, limit))
    }

    /// The whole content as UTF-8 text.
    pub async fn text(self) -> Result<String, HttpError> {
        let name = self.name().unwrap_or("").to_string();
        let bytes = self.bytes().await?;
        String::from_utf8(bytes.into())
            .map_err(|_| invalid_body(format!("multipart field `{name}` is not valid UTF-8")))
    }

    /// The whole part as an [`UploadedFile`].
    pub async fn into_file(self) -> Result<UploadedFile, HttpError> {
        let file_name = self.file_name().map(str::to_string);
        let content_type = self.content_type().map(str::to_string);
        let bytes = self.bytes().await?;
        Ok(UploadedFile {
            file_name,
            content_type,
            bytes,
        })
    }
}

/// A type a multipart body is read into: derive it with
/// `#[derive(MultipartForm)]`, or take [`Multipart`] itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a multipart body",
    label = "`#[body(multipart)]` needs a `MultipartForm`",
    note = "add `#[derive(tether::extract::multipart::MultipartForm)]` to `{Self}`, or take `tether::extract::multipart::Multipart` to stream the parts"
)]
pub trait FromMultipart: Sized {
    /// Reads the form from the parts.
    fn from_multipart(multipart: Multipart)
        -> impl Future<Output = Result<Self, HttpError>> + Send;

    /// `(name in validation errors, part name)` of each field whose part
    /// is named otherwise (`#[multipart(rename = "..")]`), so validation
    /// messages name the part the client sent.
    #[doc(hidden)]
    fn part_names() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The form, and the form read again with text stand-ins when a text
    /// part needs one, for the length rules ([`crate::extract::text_length`]).
    #[doc(hidden)]
    fn from_multipart_measured(
        multipart: Multipart,
    ) -> impl Future<Output = Result<(Self, Option<Result<Self, HttpError>>), HttpError>> + Send
    where
        Self: Send,
    {
        async { Ok((Self::from_multipart(multipart).await?, None)) }
    }
}

impl FromMultipart for Multipart {
    async fn from_multipart(multipart: Multipart) -> Result<Self, HttpError> {
        Ok(multipart)
    }
}

/// The type of a `#[derive(MultipartForm)]` field: a text value (`String`,
/// numbers, `bool`, `char`), an [`UploadedFile`], or an `Option`, a `Vec`
/// or an `Option<Vec<_>>` of either. A `Vec` takes one part or more (as
/// the document's `required` and `minItems: 1` say); `Option<Vec<_>>`, or
/// `#[serde(default)]` on the field, also takes none.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a multipart form field",
    label = "not a multipart field type",
    note = "use `String`, a number, `bool`, `char` or `UploadedFile`, or an `Option`, a `Vec` or an `Option<Vec<_>>` of one"
)]
pub trait FormField: Sized {
    /// Builds the field from every part that had its name.
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError>;
}

/// `#[multipart(content_type = "..")]`: every part of the field `name` is
/// of one of the media ranges `allowed`, or the request is a `415` naming
/// the field, what it may be sent as and what it was sent as.
#[doc(hidden)]
pub fn part_types(parts: &[UploadedFile], name: &str, allowed: &[&str]) -> Result<(), HttpError> {
    for part in parts {
        let sent = part.content_type.as_deref().unwrap_or("");
        if tether_model::media::part_type_allowed(sent, allowed) {
            continue;
        }
        let got = match sent.trim() {
            "" => "no `Content-Type`".to_string(),
            s => format!("`{s}`"),
        };
        let allowed: Vec<String> = allowed.iter().map(|a| format!("`{a}`")).collect();
        return Err(HttpError::new(
            http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the part `{name}` of the multipart body must be sent as {}, got {got}",
                allowed.join(" or ")
            ),
        ));
    }
    Ok(())
}

/// A text value of a multipart form, parsed with `FromStr` (not with
/// serde, as query parameters and urlencoded forms are): `String`,
/// numbers, `bool` and `char`. Another type, such as an enum of unit
/// variants, is a field once it implements `FromStr` and this trait:
///
/// ```
/// use tether::extract::multipart::{FormText, MultipartForm};
///
/// enum Visibility { Team, Public }
///
/// impl std::str::FromStr for Visibility {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Self, String> {
///         match s {
///             "team" => Ok(Visibility::Team),
///             "public" => Ok(Visibility::Public),
///             _ => Err("expected `team` or `public`".to_string()),
///         }
///     }
/// }
/// impl FormText for Visibility {}
///
/// #[derive(MultipartForm)]
/// struct Upload {
///     visibility: Option<Visibility>,
/// }
/// ```
pub trait FormText: FromStr {}

macro_rules! form_text {
    ($($t:ty),*) => {$(impl FormText for $t {})*};
}
form_text!(
    String, bool, char, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64
);

fn one(mut parts: Vec<UploadedFile>, name: &str) -> Result<Option<UploadedFile>, HttpError> {
    match parts.len() {
        0 => Ok(None),
        1 => Ok(parts.pop()),
        n => Err(invalid_body(format!(
            "multipart field `{name}` is given {n} times but takes one value"
        ))),
    }
}

fn parse_text<T: FormText>(part: UploadedFile, name: &str) -> Result<T, HttpError>
where
    T::Err: Display,
{
    let text = std::str::from_utf8(&part.bytes)
        .map_err(|_| invalid_body(format!("multipart field `{name}` is not valid UTF-8")))?;
    text.parse().map_err(|e| {
        invalid_body(format!(
            "invalid multipart field `{name}`: cannot read {text:?} as {}: {e}",
            std::any::type_name::<T>().rsplit("::").next().unwrap_or("")
        ))
    })
}

fn missing(name: &str) -> HttpError {
    invalid_body(format!("missing multipart field `{name}`"))
}

impl<T: FormText> FormField for T
where
    T::Err: Display,
{
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        parse_text(one(parts, name)?.ok_or_else(|| missing(name))?, name)
    }
}

impl<T: FormText> FormField for Option<T>
where
    T::Err: Display,
{
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        one(parts, name)?.map(|p| parse_text(p, name)).transpose()
    }
}

/// A list field takes one part or more: the document marks it required,
/// and a multipart body has no way to send an empty list other than
/// leaving the field out. `Option<Vec<T>>`, or `#[serde(default)]` on the
/// field, takes none.
fn at_least_one(parts: Vec<UploadedFile>, name: &str) -> Result<Vec<UploadedFile>, HttpError> {
    if parts.is_empty() {
        return Err(missing(name));
    }
    Ok(parts)
}

impl<T: FormText> FormField for Vec<T>
where
    T::Err: Display,
{
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        let parts = at_least_one(parts, name)?;
        parts.into_iter().map(|p| parse_text(p, name)).collect()
    }
}

impl<T: FormText> FormField for Option<Vec<T>>
where
    T::Err: Display,
{
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        if parts.is_empty() {
            return Ok(None);
        }
        <Vec<_> as FormField>::from_parts(parts, name).map(Some)
    }
}

/// A file field takes file parts only: parts whose `Content-Disposition`
/// names a `filename`, as browsers, `FormData` and curl's `-F name=@path`
/// send them. A plain text part under a file field's name is a 400, as in
/// multer (Nest), rather than its text silently taken for a file.
fn file(part: UploadedFile, name: &str) -> Result<UploadedFile, HttpError> {
    if part.file_name.is_none() {
        return Err(invalid_body(format!(
            "multipart field `{name}` takes a file: its part needs a `filename` in Content-Disposition"
        )));
    }
    Ok(part)
}

impl FormField for UploadedFile {
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        file(one(parts, name)?.ok_or_else(|| missing(name))?, name)
    }
}

impl FormField for Option<UploadedFile> {
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        one(parts, name)?.map(|p| file(p, name)).transpose()
    }
}

impl FormField for Vec<UploadedFile> {
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        let parts = at_least_one(parts, name)?;
        parts.into_iter().map(|p| file(p, name)).collect()
    }
}

impl FormField for Option<Vec<UploadedFile>> {
    fn from_parts(parts: Vec<UploadedFile>, name: &str) -> Result<Self, HttpError> {
        if parts.is_empty() {
            return Ok(None);
        }
        <Vec<_> as FormField>::from_parts(parts, name).map(Some)
    }
}

/// The request body as the byte stream multer reads.
struct BodyStream(RequestBody);

impl futures_core::Stream for BodyStream {
    type Item = Result<Bytes, crate::response::body::BoxError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        use http_body::Body;
        loop {
            return match Pin::new(&mut self.0).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => Poll::Ready(Some(Ok(data))),
                    // Trailers carry no form data.
                    Err(_) => continue,
                },
                Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e))),
                Poll::Ready(None) => Poll::Ready(None),
                Poll::Pending => Poll::Pending,
            };
        }
    }
}

/// `#[body(multipart)] form: T`.
#[doc(hidden)]
pub async fn body_multipart<T: FromMultipart>(req: &mut Request) -> Result<T, HttpError> {
    T::from_multipart(multipart_of(req)?).await
}

/// [`body_multipart`], with the form read again for the length rules
/// ([`FromMultipart::from_multipart_measured`]).
#[doc(hidden)]
pub async fn body_multipart_measured<T: FromMultipart + Send>(
    req: &mut Request,
) -> Result<(T, Option<Result<T, HttpError>>), HttpError> {
    T::from_multipart_measured(multipart_of(req)?).await
}

/// The parts of `req`'s `multipart/form-data` body.
fn multipart_of(req: &mut Request) -> Result<Multipart, HttpError> {
    let content_type = req.header("content-type").unwrap_or("");
    let essence = content_type.split(';').next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("multipart/form-data") {
        let found = (!essence.is_empty()).then_some(essence);
        return Err(crate::extract::body::wrong_type(
            "multipart/form-data",
            found,
        ));
    }
    crate::extract::body::sent_as_is(req)?;
    let boundary = multer::parse_boundary(content_type)
        .map_err(|e| invalid_body(format!("invalid multipart body: {e}")))?;
    let limit = req.body_limit;
    let constraints =
        multer::Constraints::new().size_limit(multer::SizeLimit::new().whole_stream(limit as u64));
    let inner =
        multer::Multipart::with_constraints(BodyStream(req.take_body()), boundary, constraints);
    Ok(Multipart {
        inner,
        limit,
        parts_left: req.pair_limit as usize,
        part_limit: req.pair_limit as usize,
    })
}
