//! Route paths and versions (SPEC A2, B2) on arbitrary text: parsing,
//! joining, rendering and version ordering never panic, and rendering
//! round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tether_model::versioning::{compare_versions, validate_version};
use tether_model::{Framework, HttpMethod, RoutePath, Version, VersionSpec, Versioning, VersioningKind};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (a, b) = text.split_once('\n').unwrap_or((text, ""));
    let _ = compare_versions(a, b);
    let _ = validate_version(a);
    let Ok(path) = RoutePath::parse(a) else { return };
    let again = RoutePath::parse(&path.to_route_syntax()).expect("rendered paths parse");
    assert_eq!(again, path);
    let framework = Framework {
        global_prefix: Some(b.to_string().into()),
        versioning: Some(Versioning::new(VersioningKind::Uri)),
        global_prefix_exclude: Default::default(),
    };
    let spec = VersionSpec::Versions(
        vec![Version::Exact(b.to_string().into()), Version::Neutral].into(),
    );
    for served in framework.served_paths(&path, HttpMethod::Get, &spec) {
        let _ = served.path.to_matchit();
        let _ = served.path.to_openapi();
    }
});
