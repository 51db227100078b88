//! `/versions`: the version forms. The controller says version 2; methods
//! override it with a version array, a single version, or neutral.

use crate::model::Answered;
use tether::controller;

/// Routes whose versions differ from their controller's.
pub struct VersionsController;

fn answered(handler: &str) -> Answered {
    Answered {
        handler: handler.into(),
    }
}

#[controller("/versions")]
#[version("2")]
impl VersionsController {
    /// The controller's version (2).
    #[get("/current")]
    async fn current(&self) -> Answered {
        answered("current")
    }

    /// A method version overriding the controller's (1).
    #[get("/legacy")]
    #[version("1")]
    async fn legacy(&self) -> Answered {
        answered("legacy")
    }

    /// A version array: served as version 1 and version 2.
    #[get("/shared")]
    #[version("1", "2")]
    async fn shared(&self) -> Answered {
        answered("shared")
    }

    /// A neutral route beside the versioned ones: no version segment.
    #[get("/shared")]
    #[version(neutral)]
    async fn unversioned(&self) -> Answered {
        answered("unversioned")
    }
}
