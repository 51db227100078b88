//! The media types a multipart part may be sent as:
//! `#[multipart(content_type = "application/pdf, image/*")]`, as OpenAPI's
//! `encoding.contentType` writes them. The macro reads the list, the
//! server checks each part against it, tether-build documents it.

/// The media ranges of `text`, comma-separated, each `type/subtype`,
/// `type/*` or `*/*`, lower-cased; an error saying what is wrong.
pub fn parse_part_types(text: &str) -> Result<Vec<String>, String> {
    let token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    let mut out: Vec<String> = Vec::new();
    for item in text.split(',') {
        let item = item.trim().to_ascii_lowercase();
        let ok = match item.split_once('/') {
            Some(("*", "*")) => true,
            Some((kind, "*")) => token(kind),
            Some((kind, sub)) => token(kind) && token(sub),
            None => false,
        };
        if !ok {
            return Err(format!(
                "`{item}` is not a media type: write `type/subtype`, `type/*` or `*/*`, several separated by commas, e.g. `content_type = \"application/pdf, image/*\"`"
            ));
        }
        if !out.contains(&item) {
            out.push(item);
        }
    }
    Ok(out)
}

/// Whether a part sent as `sent` (its `Content-Type`, parameters allowed)
/// is of one of the media ranges `allowed` (as [`parse_part_types`]
/// writes them).
pub fn part_type_allowed(sent: &str, allowed: &[&str]) -> bool {
    let essence = sent
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let Some((kind, _)) = essence.split_once('/') else {
        return false;
    };
    allowed.iter().any(|range| match range.split_once('/') {
        Some(("*", "*")) => true,
        Some((k, "*")) => k == kind,
        _ => *range == essence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue33_5_part_types_are_media_ranges() {
        assert_eq!(
            parse_part_types(" Application/PDF, image/* ,image/*").unwrap(),
            ["application/pdf", "image/*"]
        );
        assert_eq!(parse_part_types("*/*").unwrap(), ["*/*"]);
        for bad in [
            "",
            "pdf",
            "application/",
            "*/pdf",
            "a b/c",
            "application/pdf,",
        ] {
            assert!(parse_part_types(bad).is_err(), "{bad:?}");
        }
        let allowed = ["application/pdf", "image/*"];
        assert!(part_type_allowed("application/pdf", &allowed));
        assert!(part_type_allowed("Application/PDF; name=x", &allowed));
        assert!(part_type_allowed("image/png", &allowed));
        assert!(!part_type_allowed("text/plain", &allowed));
        assert!(!part_type_allowed("application/pdfx", &allowed));
        assert!(!part_type_allowed("", &allowed));
        assert!(part_type_allowed("text/x", &["*/*"]));
    }
}
