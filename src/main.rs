//! The `chainjudge` binary: parses arguments, runs the command, exits with its code.

/// The binary allocates with mimalloc: a large replay makes millions of small allocations, and
/// the C allocator spent about a quarter of such a run (issue 23). The library, which the web
/// page also builds, keeps the platform's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(chainjudge::run(std::env::args_os()));
}
