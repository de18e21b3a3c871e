//! Embeds `rules-text/` and `rulings/` in the binary: writes `$OUT_DIR/embedded.rs` with a
//! sorted table of (path, include_str!(...)) for every `.yaml` file in those folders.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn collect(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        let rel_path = format!("{rel}/{name}");
        if path.is_dir() {
            collect(&path, &rel_path, out);
        } else if name.ends_with(".yaml") {
            out.push((rel_path, path.canonicalize().unwrap().display().to_string()));
        }
    }
}

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").unwrap();
    let mut files = Vec::new();
    for dir in ["rules-text", "rulings"] {
        println!("cargo:rerun-if-changed={dir}");
        collect(&Path::new(&root).join(dir), dir, &mut files);
    }
    files.sort();
    let mut code = String::from("/// Embedded data files: (path, text), sorted by path.\npub static FILES: &[(&str, &str)] = &[\n");
    for (rel, abs) in &files {
        writeln!(code, "    ({rel:?}, include_str!({abs:?})),").unwrap();
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("embedded.rs");
    fs::write(out, code).unwrap();
}
