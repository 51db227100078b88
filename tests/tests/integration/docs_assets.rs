//! SPEC F4: the Swagger UI files embedded in the runtime are the pinned npm
//! package's, unchanged: the recorded SHA-256 sums hold, the version is the
//! one `package.json` pins, and the files equal those in `node_modules/`.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn vendored() -> PathBuf {
    repo().join("swagger-ui/assets")
}

#[test]
fn f4_vendored_swagger_ui_matches_its_recorded_sums() {
    let sums = std::fs::read_to_string(vendored().join("SHA256SUMS")).unwrap();
    let mut checked = 0;
    for line in sums.lines() {
        let (sum, file) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(vendored().join(file)).unwrap();
        let actual: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(actual, sum, "{file} changed since it was vendored");
        checked += 1;
    }
    assert_eq!(checked, 3);
}

#[test]
fn f4_vendored_swagger_ui_is_the_pinned_package() {
    let version = std::fs::read_to_string(vendored().join("VERSION")).unwrap();
    let version = version.trim();
    assert_eq!(version, tether::docs::SWAGGER_UI_VERSION);
    let package: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("package.json")).unwrap())
            .unwrap();
    assert_eq!(package["devDependencies"]["swagger-ui-dist"], version);

    let dist = repo().join("node_modules/swagger-ui-dist");
    assert!(
        dist.exists(),
        "{} is missing: run `npm ci` at the repository root (./test.sh does)",
        dist.display()
    );
    for file in [
        "swagger-ui-bundle.js",
        "swagger-ui-standalone-preset.js",
        "swagger-ui.css",
        "LICENSE",
    ] {
        let ours = std::fs::read(vendored().join(file)).unwrap();
        let theirs = std::fs::read(dist.join(file)).unwrap();
        assert!(
            ours == theirs,
            "{file} differs from swagger-ui-dist {version}: run scripts/vendor-swagger-ui.sh"
        );
    }
}
