//! The SDK generator (SPEC C7) on arbitrary JSON documents: an error or a
//! client, never a panic; every file name stays inside the output.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tether_build::sdk::{generate_sdk, SdkOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    if let Ok(files) = generate_sdk(&doc, &SdkOptions::default()) {
        for (path, _) in files.iter() {
            assert!(!path.starts_with('/') && !path.split('/').any(|p| p == ".." || p.is_empty()), "{path}");
        }
    }
});
