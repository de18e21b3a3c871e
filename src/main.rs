//! The `chainjudge` binary: parses arguments, runs the command, exits with its code.

fn main() {
    std::process::exit(chainjudge::run(std::env::args_os()));
}
