//! HTTP status codes: their reason phrases (as the `error` of Nest's error
//! body and the description of a documented response).

/// The reason phrase of a registered status code (RFC 9110 and the IANA
/// registry), `None` for an unregistered one.
///
/// ```
/// assert_eq!(tether_model::status::reason(409), Some("Conflict"));
/// assert_eq!(tether_model::status::reason(499), None);
/// ```
pub fn reason(status: u16) -> Option<&'static str> {
    Some(match status {
        100 => "Continue",
        101 => "Switching Protocols",
        102 => "Processing",
        103 => "Early Hints",
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        203 => "Non-Authoritative Information",
        204 => "No Content",
        205 => "Reset Content",
        206 => "Partial Content",
        207 => "Multi-Status",
        208 => "Already Reported",
        226 => "IM Used",
        300 => "Multiple Choices",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        305 => "Use Proxy",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        _ => return error_reason(status),
    })
}

fn error_reason(status: u16) -> Option<&'static str> {
    Some(match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Payload Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        418 => "I'm a teapot",
        421 => "Misdirected Request",
        422 => "Unprocessable Entity",
        423 => "Locked",
        424 => "Failed Dependency",
        425 => "Too Early",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        506 => "Variant Also Negotiates",
        507 => "Insufficient Storage",
        508 => "Loop Detected",
        510 => "Not Extended",
        511 => "Network Authentication Required",
        _ => return None,
    })
}

/// The machine-readable `code` of an error status, its reason phrase in
/// `SCREAMING_SNAKE_CASE` (`404` → `NOT_FOUND`, `418` → `IM_A_TEAPOT`);
/// `ERROR` for a status that is not a registered 4xx or 5xx.
///
/// ```
/// assert_eq!(tether_model::status::error_code(413), "PAYLOAD_TOO_LARGE");
/// assert_eq!(tether_model::status::error_code(499), "ERROR");
/// ```
pub fn error_code(status: u16) -> &'static str {
    match status {
        400 => "BAD_REQUEST",
        401 => "UNAUTHORIZED",
        402 => "PAYMENT_REQUIRED",
        403 => "FORBIDDEN",
        404 => "NOT_FOUND",
        405 => "METHOD_NOT_ALLOWED",
        406 => "NOT_ACCEPTABLE",
        407 => "PROXY_AUTHENTICATION_REQUIRED",
        408 => "REQUEST_TIMEOUT",
        409 => "CONFLICT",
        410 => "GONE",
        411 => "LENGTH_REQUIRED",
        412 => "PRECONDITION_FAILED",
        413 => "PAYLOAD_TOO_LARGE",
        414 => "URI_TOO_LONG",
        415 => "UNSUPPORTED_MEDIA_TYPE",
        416 => "RANGE_NOT_SATISFIABLE",
        417 => "EXPECTATION_FAILED",
        418 => "IM_A_TEAPOT",
        421 => "MISDIRECTED_REQUEST",
        422 => "UNPROCESSABLE_ENTITY",
        423 => "LOCKED",
        424 => "FAILED_DEPENDENCY",
        425 => "TOO_EARLY",
        426 => "UPGRADE_REQUIRED",
        428 => "PRECONDITION_REQUIRED",
        429 => "TOO_MANY_REQUESTS",
        431 => "REQUEST_HEADER_FIELDS_TOO_LARGE",
        451 => "UNAVAILABLE_FOR_LEGAL_REASONS",
        500 => "INTERNAL_SERVER_ERROR",
        501 => "NOT_IMPLEMENTED",
        502 => "BAD_GATEWAY",
        503 => "SERVICE_UNAVAILABLE",
        504 => "GATEWAY_TIMEOUT",
        505 => "HTTP_VERSION_NOT_SUPPORTED",
        506 => "VARIANT_ALSO_NEGOTIATES",
        507 => "INSUFFICIENT_STORAGE",
        508 => "LOOP_DETECTED",
        510 => "NOT_EXTENDED",
        511 => "NETWORK_AUTHENTICATION_REQUIRED",
        _ => "ERROR",
    }
}

/// The `code` of tether's own error answers (`HttpError`'s bodies), stable
/// across releases. An error built by hand without a code of its own
/// answers its status's code ([`error_code`]).
pub mod codes {
    /// `400`: The JSON body could not be read as declared: malformed JSON, or a field missing or of the wrong type.
    pub const INVALID_JSON: &str = "INVALID_JSON";

    /// `400`: A text, form, multipart or raw body could not be read as declared, or a required one was not sent.
    pub const INVALID_BODY: &str = "INVALID_BODY";

    /// `400`: A required path, query, header or cookie parameter was not sent.
    pub const MISSING_PARAMETER: &str = "MISSING_PARAMETER";

    /// `400`: A path, query, header or cookie parameter could not be read as declared.
    pub const INVALID_PARAMETER: &str = "INVALID_PARAMETER";

    /// `400`: A validation rule failed; `message` lists one message per problem.
    pub const VALIDATION_FAILED: &str = "VALIDATION_FAILED";

    /// `401`: No credential of a scheme the route requires was sent, or it was malformed or refused.
    pub const UNAUTHORIZED: &str = "UNAUTHORIZED";

    /// `403`: A guard refused the request.
    pub const FORBIDDEN: &str = "FORBIDDEN";

    /// `404`: No route matches the method and path (or the version asked for).
    pub const ROUTE_NOT_FOUND: &str = "ROUTE_NOT_FOUND";

    /// `405`: The path exists under other methods, listed in `Allow`.
    pub const METHOD_NOT_ALLOWED: &str = "METHOD_NOT_ALLOWED";

    /// `408`: The request body stopped arriving within the body-read timeout.
    pub const BODY_TIMEOUT: &str = "BODY_TIMEOUT";

    /// `413`: The body is over the app's size limit.
    pub const PAYLOAD_TOO_LARGE: &str = "PAYLOAD_TOO_LARGE";

    /// `415`: The body was sent with another media type than declared, or compressed.
    pub const UNSUPPORTED_MEDIA_TYPE: &str = "UNSUPPORTED_MEDIA_TYPE";

    /// `500`: The handler panicked or failed without an answer of its own.
    pub const INTERNAL_SERVER_ERROR: &str = "INTERNAL_SERVER_ERROR";

    /// `503`: The request took longer than the app's request timeout.
    pub const TIMEOUT: &str = "TIMEOUT";

    /// `503`: The server shed the request under load.
    pub const OVERLOADED: &str = "OVERLOADED";

    /// Every code above with its status, in this order.
    pub const ALL: [(&str, u16); 15] = [
        (INVALID_JSON, 400),
        (INVALID_BODY, 400),
        (MISSING_PARAMETER, 400),
        (INVALID_PARAMETER, 400),
        (VALIDATION_FAILED, 400),
        (UNAUTHORIZED, 401),
        (FORBIDDEN, 403),
        (ROUTE_NOT_FOUND, 404),
        (METHOD_NOT_ALLOWED, 405),
        (BODY_TIMEOUT, 408),
        (PAYLOAD_TOO_LARGE, 413),
        (UNSUPPORTED_MEDIA_TYPE, 415),
        (INTERNAL_SERVER_ERROR, 500),
        (TIMEOUT, 503),
        (OVERLOADED, 503),
    ];
}

#[cfg(test)]
mod tests {
    use super::{error_code, error_reason, reason};

    #[test]
    fn reasons_match_the_http_crate_names() {
        assert_eq!(reason(404), Some("Not Found"));
        assert_eq!(reason(413), Some("Payload Too Large"));
        assert_eq!(reason(204), Some("No Content"));
        assert_eq!(reason(599), None);
    }

    /// Issue 33 item 3: every registered error status has a code, its
    /// reason phrase in SCREAMING_SNAKE_CASE.
    #[test]
    fn error_codes_are_the_reasons_screaming() {
        for status in 400..=599 {
            let Some(phrase) = error_reason(status) else {
                assert_eq!(error_code(status), "ERROR");
                continue;
            };
            let screaming: String = phrase
                .replace('\'', "")
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_ascii_uppercase)
                .collect::<Vec<_>>()
                .join("_");
            assert_eq!(error_code(status), screaming, "{status}");
        }
    }
}
