//! A file to download: [`Attachment`], tether's answer to
//! NestJS's `StreamableFile` and axum-extra's `Attachment`.

use crate::response::body::{Body, IntoResponse, Response};
use http::{header, HeaderValue, StatusCode};
use http_body::Body as _;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// A body to download or show as a file: its bytes (or a stream), with
/// `Content-Type` (default `application/octet-stream`),
/// `Content-Disposition` (`attachment`, or [`inline`](Attachment::inline),
/// with the [`filename`](Attachment::filename)) and, when the size is
/// known, `Content-Length`. What NestJS's `StreamableFile` and
/// axum-extra's `Attachment` answer.
///
/// tether-build documents it as a binary body of any media type (`*/*`
/// with `format: binary`: the type is chosen at run time, which the
/// document cannot see) with its `Content-Disposition` header, so the
/// generated client hands back a `Blob` and the header.
///
/// ```
/// use tether::{Attachment, IntoResponse};
/// let res = Attachment::new(b"%PDF-1.7".to_vec())
///     .filename("inv-1.pdf")
///     .content_type("application/pdf")
///     .into_response();
/// assert_eq!(res.headers()["content-type"], "application/pdf");
/// assert_eq!(res.headers()["content-disposition"], "attachment; filename=\"inv-1.pdf\"");
/// assert_eq!(res.headers()["content-length"], "8");
/// ```
///
/// A name that is not ASCII is also sent as RFC 5987's `filename*`
/// (`filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`), with `_` for each such
/// character in the plain `filename` older clients read; quotes are
/// escaped, and control characters (`\r`, `\n`, …), `/`, `\` and the
/// invisible bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069) become `_` in both, so no name can end
/// the header or add another, name another directory
/// (`../../etc/passwd` is sent as `.._.._etc_passwd`) or show other than
/// it is (`inv\u{202E}fdp.exe` would show as `invexe.pdf`). A stream is a
/// [`Body::from_stream`]:
///
/// ```
/// use bytes::Bytes;
/// use tether::{Attachment, Body};
///
/// fn export<B>(rows: B) -> Attachment
/// where
///     B: http_body::Body<Data = Bytes, Error = std::io::Error> + Send + 'static,
/// {
///     Attachment::new(Body::from_stream(rows)).filename("export.csv").content_type("text/csv")
/// }
/// ```
pub struct Attachment {
    body: Body,
    filename: Option<String>,
    inline: bool,
    content_type: Option<Result<HeaderValue, String>>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Attachment")
            .field("filename", &self.filename)
            .field("inline", &self.inline)
            .field("content_type", &self.content_type)
            .finish_non_exhaustive()
    }
}

impl Attachment {
    /// A download of `body`: `Vec<u8>`, `Bytes`, `String`, `&'static str`
    /// or a [`Body`] (a stream: [`Body::from_stream`]).
    pub fn new(body: impl Into<Body>) -> Self {
        Attachment {
            body: body.into(),
            filename: None,
            inline: false,
            content_type: None,
        }
    }

    /// The name the browser saves it under: `Content-Disposition:
    /// attachment; filename="…"`. An empty name sends no `filename`;
    /// `/`, `\`, control characters and bidirectional controls are sent
    /// as `_` (see [`Attachment`]).
    pub fn filename(mut self, name: impl Into<String>) -> Self {
        self.filename = Some(name.into());
        self
    }

    /// `Content-Disposition: inline`: shown in the browser (a PDF in its
    /// viewer, an image) rather than saved.
    pub fn inline(mut self) -> Self {
        self.inline = true;
        self
    }

    /// The `Content-Type` (default `application/octet-stream`). A value no
    /// header can carry, or not ASCII, answers `500` naming it.
    pub fn content_type(mut self, media_type: &str) -> Self {
        self.content_type = Some(match media_type.is_ascii() {
            true => HeaderValue::from_str(media_type).map_err(|_| media_type.into()),
            false => Err(media_type.into()),
        });
        self
    }
}

/// RFC 5987's `attr-char`s are sent as they are; every other byte of the
/// UTF-8 name is percent-encoded.
const NOT_ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'!')
    .remove(b'#')
    .remove(b'$')
    .remove(b'&')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'^')
    .remove(b'_')
    .remove(b'`')
    .remove(b'|')
    .remove(b'~');

/// Whether `c` may not stand in a file name a client saves: a control
/// character (it could end the header), a path separator (`../../etc/x`
/// would name another directory) or an invisible bidirectional control
/// (`invoice\u{202E}fdp.exe` shows as `invoiceexe.pdf`).
fn unsafe_in_filename(c: char) -> bool {
    matches!(
        c,
        '/' | '\\'
            | '\u{061C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
    ) || c.is_control()
}

/// `filename` as it is sent: each [unsafe](unsafe_in_filename) character
/// replaced by `_`.
fn safe_filename(filename: &str) -> String {
    filename
        .chars()
        .map(|c| if unsafe_in_filename(c) { '_' } else { c })
        .collect()
}

/// The `Content-Disposition` value for `kind` (`attachment`, `inline`) and
/// `filename` (RFC 6266): `filename="…"` with quotes escaped and each
/// character that is not printable ASCII as `_`, plus `filename*=UTF-8''…`
/// (RFC 5987) when the name is not all ASCII. Control characters, `/`, `\`
/// and bidirectional controls become `_` in both, so the value is always a
/// valid header and names no other directory.
fn content_disposition(kind: &str, filename: Option<&str>) -> HeaderValue {
    let name = safe_filename(filename.unwrap_or(""));
    if name.is_empty() {
        return HeaderValue::from_str(kind).unwrap_or(HeaderValue::from_static("attachment"));
    }
    let mut value = format!("{kind}; filename=\"");
    for c in name.chars() {
        match c {
            '"' => {
                value.push('\\');
                value.push(c);
            }
            ' '..='~' => value.push(c),
            _ => value.push('_'),
        }
    }
    value.push('"');
    if !name.is_ascii() {
        value.push_str("; filename*=UTF-8''");
        value.extend(utf8_percent_encode(&name, NOT_ATTR_CHAR));
    }
    // Printable ASCII only, by construction.
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("attachment"))
}

impl IntoResponse for Attachment {
    fn into_response_with(self, status: StatusCode) -> Response {
        let content_type = match self.content_type {
            None => HeaderValue::from_static("application/octet-stream"),
            Some(Ok(v)) => v,
            Some(Err(bad)) => {
                return crate::HttpError::internal(format!(
                    "attachment content type {bad:?} is not a valid header value (ASCII, no control character)"
                ))
                .into_response()
            }
        };
        let kind = if self.inline { "inline" } else { "attachment" };
        let disposition = content_disposition(kind, self.filename.as_deref());
        let length = self.body.size_hint().exact();
        let mut res = Response::new(self.body);
        *res.status_mut() = status;
        let headers = res.headers_mut();
        headers.insert(header::CONTENT_TYPE, content_type);
        headers.insert(header::CONTENT_DISPOSITION, disposition);
        if let Some(n) = length {
            headers.insert(header::CONTENT_LENGTH, HeaderValue::from(n));
        }
        // The client reads it: CORS exposes it (`Cors`).
        crate::response::headers::DeclaredHeaders::add(&mut res, [header::CONTENT_DISPOSITION]);
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    fn disposition(a: Attachment) -> String {
        let res = a.into_response();
        res.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .to_string()
    }

    #[tokio::test]
    async fn a3_attachment_headers_and_body() {
        let res = Attachment::new(Bytes::from_static(b"%PDF"))
            .filename("inv-1.pdf")
            .content_type("application/pdf")
            .into_response_with(StatusCode::CREATED);
        assert_eq!(res.status(), 201);
        let h = res.headers();
        assert_eq!(h["content-type"], "application/pdf");
        assert_eq!(
            h["content-disposition"],
            "attachment; filename=\"inv-1.pdf\""
        );
        assert_eq!(h["content-length"], "4");
        let body = res.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], b"%PDF");
    }

    use bytes::Bytes;

    #[test]
    fn a3_attachment_defaults_and_inline() {
        let res = Attachment::new(Vec::<u8>::new()).into_response();
        assert_eq!(res.headers()["content-type"], "application/octet-stream");
        assert_eq!(res.headers()["content-disposition"], "attachment");
        assert_eq!(res.headers()["content-length"], "0");
        let a = Attachment::new("x").inline().filename("a.txt");
        assert_eq!(disposition(a), "inline; filename=\"a.txt\"");
        assert_eq!(disposition(Attachment::new("x").filename("")), "attachment");
    }

    /// Hostile names stay inside the quoted string: no header ends early,
    /// no parameter or header is added.
    #[test]
    fn a3_attachment_hostile_filenames() {
        let d = |name: &str| disposition(Attachment::new("x").filename(name));
        assert_eq!(d("a\"b.txt"), r#"attachment; filename="a\"b.txt""#);
        assert_eq!(d("a\\b.txt"), r#"attachment; filename="a_b.txt""#);
        assert_eq!(
            d("x.pdf\"; filename=\"evil.exe"),
            r#"attachment; filename="x.pdf\"; filename=\"evil.exe""#
        );
        assert_eq!(d("a;b.txt"), r#"attachment; filename="a;b.txt""#);
        assert_eq!(
            d("a.txt\r\nSet-Cookie: s=1"),
            r#"attachment; filename="a.txt__Set-Cookie: s=1""#
        );
        assert_eq!(d("\0\t\x7f"), r#"attachment; filename="___""#);
        let res = Attachment::new("x")
            .filename("a\r\nX-Evil: 1")
            .into_response();
        assert!(res.headers().get("x-evil").is_none());
    }

    /// Issue 31: no name the client saves reaches another directory or
    /// shows other than it is (a right-to-left override turns
    /// `inv\u{202E}fdp.exe` into `invexe.pdf` on screen), in `filename` or
    /// in `filename*`.
    #[test]
    fn a3_attachment_names_lose_separators_and_bidi_controls() {
        let d = |name: &str| disposition(Attachment::new("x").filename(name));
        assert_eq!(
            d("../../etc/passwd"),
            r#"attachment; filename=".._.._etc_passwd""#
        );
        assert_eq!(
            d("..\\..\\boot.ini"),
            r#"attachment; filename=".._.._boot.ini""#
        );
        assert_eq!(
            d("inv\u{202E}fdp.exe"),
            r#"attachment; filename="inv_fdp.exe""#
        );
        for bidi in [
            '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
            '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{85}',
        ] {
            assert_eq!(
                d(&format!("é{bidi}/x")),
                "attachment; filename=\"___x\"; filename*=UTF-8''%C3%A9__x",
                "{:?}",
                bidi
            );
        }
    }

    #[test]
    fn a3_attachment_non_ascii_names_get_filename_star() {
        let d = |name: &str| disposition(Attachment::new("x").filename(name));
        assert_eq!(
            d("résumé.pdf"),
            "attachment; filename=\"r_sum_.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"
        );
        assert_eq!(
            d("счёт \"1\".pdf"),
            "attachment; filename=\"____ \\\"1\\\".pdf\"; filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82%20%221%22.pdf"
        );
        // A character outside the BMP is one `_`, four escaped bytes.
        assert_eq!(
            d("🦀.rs"),
            "attachment; filename=\"_.rs\"; filename*=UTF-8''%F0%9F%A6%80.rs"
        );
    }

    #[test]
    fn a3_attachment_bad_content_type_is_a_500() {
        let res = Attachment::new("x")
            .content_type("text/plain\r\nX: 1")
            .into_response();
        assert_eq!(res.status(), 500);
        assert!(res.headers().get("x").is_none());
        let res = Attachment::new("x")
            .content_type("text/plain; name=é")
            .into_response();
        assert_eq!(res.status(), 500);
    }

    #[tokio::test]
    async fn a3_attachment_stream_has_no_length() {
        let stream = http_body_util::StreamBody::new(futures_core_free(b"abc"));
        let res = Attachment::new(Body::from_stream(stream))
            .filename("s.bin")
            .into_response();
        assert!(res.headers().get("content-length").is_none());
        let body = res.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], b"abc");
    }

    /// A one-chunk stream without a known size.
    fn futures_core_free(
        data: &'static [u8],
    ) -> impl futures_core::Stream<Item = Result<http_body::Frame<Bytes>, std::io::Error>> {
        struct Once(Option<Bytes>);
        impl futures_core::Stream for Once {
            type Item = Result<http_body::Frame<Bytes>, std::io::Error>;
            fn poll_next(
                mut self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
            ) -> std::task::Poll<Option<Self::Item>> {
                std::task::Poll::Ready(self.0.take().map(|b| Ok(http_body::Frame::data(b))))
            }
        }
        Once(Some(Bytes::from_static(data)))
    }
}
