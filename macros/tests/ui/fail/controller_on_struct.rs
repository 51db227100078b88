use tether::controller;

#[controller("/users")]
struct UsersController;

fn main() {}
