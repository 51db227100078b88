//! `tether.toml` parsing (SPEC B4) on arbitrary text: an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use tether_model::config::Config;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(config) = Config::parse(text, Path::new("tether.toml")) {
            let _ = config.framework();
        }
    }
});
