pub mod present;
pub mod missing;
