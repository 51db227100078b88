struct UsersController;

fn main() {
    let _app = tether::App::new(tether::NativeAdapter::new()).controller(UsersController);
}
