//! Writes `openapi.json` and the TypeScript client in `sdk/` from the
//! controllers, as `tether.toml` says.
fn main() {
    tether_build::generate();
}
