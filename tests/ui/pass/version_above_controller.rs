//! `#[version]` may be written above or below `#[controller]`.
use tether::{controller, version, Controller};

struct A;

#[version("2")]
#[controller("/a")]
impl A {
    #[get]
    async fn get(&self) {}
}

struct B;

#[controller("/b")]
#[version("3")]
impl B {
    #[get]
    async fn get(&self) {}
}

fn main() {
    assert!(matches!(A::VERSIONS, Some([tether::routing::controller::VersionDef::Exact("2")])));
    assert!(matches!(B::VERSIONS, Some([tether::routing::controller::VersionDef::Exact("3")])));
}
