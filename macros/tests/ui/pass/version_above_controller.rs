//! `#[version]` may be written above or below `#[controller]`.
use tether::routing::controller::{Version, VersionSpec};
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

pub(crate) fn main() {
    let exact = |v: &'static str| VersionSpec::Versions(vec![Version::Exact(v.into())].into());
    assert_eq!(A::VERSIONS, exact("2"));
    assert_eq!(B::VERSIONS, exact("3"));
}
