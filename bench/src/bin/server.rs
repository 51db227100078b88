//! `server <tether|axum|actix|hyper> [addr]`: one benchmark server.

fn main() -> std::io::Result<()> {
    tether_bench::main(false)
}
