//! Issue 33 item 3: every variant's body carries a `code`, documented as a
//! `const` (a one-value `enum` in 3.0): its name in SCREAMING_SNAKE_CASE or
//! its `#[status(.., code = "…")]`. Two variants of one status and the same
//! fields (`NoBooking`, `NoReferral`) differ by it alone; the framework's
//! `HttpError` carries a `code` too. Issue 33 item 4: a route's
//! `#[errors(..)]` documents only the variants it lists.
use serde::Serialize;
use tether::{controller, ApiError};

#[derive(Serialize)]
pub struct Booking {
    pub id: u64,
}

/// Why a booking cannot be read.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
pub enum ClinicError {
    /// No booking has this id.
    #[status(404)]
    NoBooking { booking_id: u64 },
    /// The booking has no referral.
    #[status(404)]
    NoReferral { booking_id: u64 },
    /// The slot was taken meanwhile.
    #[status(409, code = "slot.taken")]
    SlotTaken,
}

pub struct BookingsController;

#[controller("/bookings")]
impl BookingsController {
    /// One booking: only `NoBooking` of the enum.
    #[get("/:id")]
    #[errors(ClinicError::NoBooking)]
    async fn find(&self, #[param] id: u64) -> Result<Booking, ClinicError> { todo!() }

    #[get("/:id/referral")]
    async fn referral(&self, #[param] id: u64) -> Result<Booking, ClinicError> { todo!() }
}
