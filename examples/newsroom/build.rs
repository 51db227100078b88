//! Writes the per-version OpenAPI documents and TypeScript clients.
fn main() {
    tether_build::generate();
}
