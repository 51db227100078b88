//! Issue 33 item 3 on a real server: every error body carries a stable,
//! machine-readable `code` beside Nest's keys. A `#[derive(ApiError)]`
//! variant answers its name in SCREAMING_SNAKE_CASE (or its own `code =
//! "…"`), so two variants of one status and fields differ; tether's own
//! answers (invalid JSON, a missing or invalid parameter, a broken rule, a
//! body too large or of another media type, no route, another method, a
//! timeout) answer the codes the README lists; a hand-built `HttpError`
//! its status's, or its own.

use serde::Deserialize;
use serde_valid::Validate;
use std::time::Duration;
use tether::{controller, ApiError, App, HttpError, NativeAdapter};
use tether_tests::TestServer;

#[derive(Deserialize, Validate)]
struct NewBooking {
    #[validate(min_length = 1)]
    patient: String,
}

/// Two 404s with the same fields, told apart by their codes.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
enum ClinicError {
    #[status(404)]
    NoBooking { booking_id: u64 },
    #[status(404)]
    NoReferral { booking_id: u64 },
    #[status(409, code = "slot.taken")]
    SlotTaken,
}

struct ClinicController;

#[controller("/clinic")]
impl ClinicController {
    #[post("/bookings")]
    async fn book(&self, #[body] dto: NewBooking) -> Result<String, ClinicError> {
        match dto.patient.as_str() {
            "late" => Err(ClinicError::SlotTaken),
            _ => Ok(dto.patient),
        }
    }

    #[get("/bookings/:id/referral")]
    async fn referral(&self, #[param] id: u64) -> Result<String, ClinicError> {
        match id {
            1 => Err(ClinicError::NoBooking { booking_id: id }),
            _ => Err(ClinicError::NoReferral { booking_id: id }),
        }
    }

    #[get("/slots")]
    async fn slots(&self, #[query("day")] day: u32) -> String {
        day.to_string()
    }

    #[post("/notes")]
    async fn note(&self, #[body(text)] note: String) -> String {
        note
    }

    #[get("/slow")]
    async fn slow(&self) -> String {
        tokio::time::sleep(Duration::from_secs(60)).await;
        String::new()
    }

    #[get("/seat")]
    async fn seat(&self, #[query("own")] own: Option<bool>) -> Result<String, HttpError> {
        let e = HttpError::conflict("the seat is taken");
        Err(match own {
            Some(true) => e.with_code("SEAT_TAKEN"),
            _ => e,
        })
    }
}

/// Status, `code` and the body of a request.
async fn code(s: &TestServer, req: reqwest::RequestBuilder) -> (u16, String, String) {
    let (status, body) = s.send(req).await;
    let v: serde_json::Value =
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{status} {body}: {e}"));
    let code = v["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code: {body}"));
    (status, code.to_string(), body)
}

async fn server() -> TestServer {
    let adapter = NativeAdapter::new().request_timeout(Duration::from_secs(2));
    let app = App::new(adapter)
        .body_limit(64)
        .controller(ClinicController);
    TestServer::start(app).await
}

#[tokio::test]
async fn variants_of_one_status_and_fields_answer_their_own_codes() {
    let s = server().await;
    let (status, body) = s.get("/clinic/bookings/1/referral").await;
    assert_eq!(
        (status, body.as_str()),
        (
            404,
            r#"{"statusCode":404,"message":"Not Found","error":"Not Found","code":"NO_BOOKING","bookingId":1}"#
        )
    );
    let (status, body) = s.get("/clinic/bookings/2/referral").await;
    assert_eq!(
        (status, body.as_str()),
        (
            404,
            r#"{"statusCode":404,"message":"Not Found","error":"Not Found","code":"NO_REFERRAL","bookingId":2}"#
        )
    );
    let late = s.post(
        "/clinic/bookings",
        "application/json",
        r#"{"patient":"late"}"#,
    );
    let (status, code_, _) = code(&s, late).await;
    assert_eq!((status, code_.as_str()), (409, "slot.taken"));
    assert_eq!(ClinicError::SlotTaken.code(), "slot.taken");
    assert_eq!(
        ClinicError::NoReferral { booking_id: 2 }.code(),
        "NO_REFERRAL"
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn tethers_own_answers_carry_their_documented_codes() {
    let s = server().await;
    let (bookings, json) = ("/clinic/bookings", "application/json");
    let get = |path: &str| s.client.get(s.url(path));
    let cases = vec![
        (400, "INVALID_JSON", s.post(bookings, json, "{")),
        (400, "INVALID_JSON", s.post(bookings, json, "{}")),
        (
            400,
            "VALIDATION_FAILED",
            s.post(bookings, json, r#"{"patient":""}"#),
        ),
        (
            413,
            "PAYLOAD_TOO_LARGE",
            s.post(bookings, json, "x".repeat(100)),
        ),
        (
            415,
            "UNSUPPORTED_MEDIA_TYPE",
            s.post(bookings, "text/plain", "hi"),
        ),
        (400, "MISSING_PARAMETER", get("/clinic/slots")),
        (400, "INVALID_PARAMETER", get("/clinic/slots?day=monday")),
        (400, "INVALID_PARAMETER", get("/clinic/bookings/x/referral")),
        (400, "INVALID_BODY", s.client.post(s.url("/clinic/notes"))),
        (404, "ROUTE_NOT_FOUND", get("/clinic/nowhere")),
        (
            405,
            "METHOD_NOT_ALLOWED",
            s.client.delete(s.url("/clinic/slots")),
        ),
        (503, "TIMEOUT", get("/clinic/slow")),
        // A hand-built `HttpError`: its status's code, or its own.
        (409, "CONFLICT", get("/clinic/seat")),
        (409, "SEAT_TAKEN", get("/clinic/seat?own=true")),
    ];
    for (status, expected, req) in cases {
        let (got, code_, body) = code(&s, req).await;
        assert_eq!((got, code_.as_str()), (status, expected), "{body}");
        // Nest's keys first, as before, the code after them.
        assert!(
            body.starts_with(&format!("{{\"statusCode\":{status},\"message\":")),
            "{expected}: {body}"
        );
        assert!(
            body.ends_with(&format!(",\"code\":\"{expected}\"}}")),
            "{expected}: {body}"
        );
    }
    s.stop().await.unwrap();
}
