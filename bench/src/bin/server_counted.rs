//! `server-counted <framework> [addr]`: a benchmark server under a counting
//! allocator, with `GET /api/__allocs` answering the count.

#[global_allocator]
static COUNTING: tether_bench::alloc::Counting = tether_bench::alloc::Counting;

fn main() -> std::io::Result<()> {
    tether_bench::main(true)
}
