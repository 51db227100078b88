//! Writes the OpenAPI document and the TypeScript client.
fn main() {
    tether_build::generate();
}
