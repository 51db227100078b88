use tether::ApiError;

// A field becomes one of the body's own keys through a rename rule: the
// enum's `rename_all_fields` or the variant's `rename_all`.
#[derive(ApiError)]
#[serde(rename_all_fields = "camelCase")]
enum TicketError {
    #[status(400)]
    Sneaky { status_code: u16 },
    #[status(409)]
    #[serde(rename_all = "lowercase")]
    Loud { detail: String, message: String },
    // The variant's rule wins over the enum's: `StatusCode` is no key.
    #[status(422)]
    #[serde(rename_all = "PascalCase")]
    Fine { status_code: u16 },
}

fn main() {}
