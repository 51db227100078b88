use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub mod api;

#[cfg(test)]
mod tests;

#[cfg(feature = "never-enabled-outside-build-scripts")]
pub mod optional;
