//! The inputs of the macros' expansion goldens
//! (`macros/tests/expand/<case>.input.rs`, listed in `cases.rs` there)
//! compile with the real macros and their controllers start in an app, so
//! every golden shows the expansion of code that works.

use tether::{App, Controller, NativeAdapter};

macro_rules! cases {
    ($($case:ident: $controller:ident, $what:literal),* $(,)?) => {
        $(
            #[doc = $what]
            #[allow(dead_code)]
            mod $case {
                include!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../macros/tests/expand/",
                    stringify!($case),
                    ".input.rs"
                ));
            }
        )*

        #[test]
        fn every_expansion_input_builds_an_app() {
            $( builds($case::$controller::default()); )*
        }
    };
}

include!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../macros/tests/expand/cases.rs"
));

fn builds<C: Controller>(controller: C) {
    let app = App::new(NativeAdapter::new()).controller(controller);
    if let Err(e) = app.build() {
        panic!("{}: {e}", C::NAME);
    }
}
