use tether::ApiError;

#[derive(ApiError)]
enum ClinicError {
    #[status(404)]
    NoBooking { booking_id: u64 },
    #[status(404, code = "NO_BOOKING")]
    NoReferral { booking_id: u64 },
    #[status(409, code = "slot taken")]
    SlotTaken,
}

fn main() {}
