use tether::version;

#[version("1")]
async fn list() {}

fn main() {}
