//! The generated half of the bad-input corpus (the hand-written half is `tests/bad/`): damaged
//! copies of the bundled rulings and files no one should pass, written at test time. Each one
//! exits 2 with a diagnostic naming the right line, never a panic (exit 101) or a hang, and prints
//! nothing on stdout; with `--format json`, a JSON error object with that line.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One generated file: its name, its bytes, and the line its first diagnostic must name
/// (line 1 for a file that is wrong as a whole, such as a binary file).
struct Case {
    name: String,
    bytes: Vec<u8>,
    line: usize,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rulings with a situation, as a base to damage.
fn bases() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(root().join("rulings"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.file_stem().unwrap().to_string_lossy().into_owned(), text)
        })
        .filter(|(_, t)| t.contains("\nchain:") && t.contains("\nplayers:"))
        .collect();
    v.sort();
    v
}

/// Damages that keep the text YAML-shaped but break the format at a known line.
fn damaged(name: &str, text: &str, k: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    // The line of `players:`, `turn:` and the first `controller:`, where the damage goes.
    let find = |key: &str| lines.iter().position(|l| l.trim_start().starts_with(key));
    let mut push = |what: &str, lines: Vec<String>, line: usize| {
        out.push(Case {
            name: format!("{name}-{what}"),
            bytes: (lines.join("\n") + "\n").into_bytes(),
            line,
        });
    };
    let owned = || lines.iter().map(|l| (*l).to_string()).collect::<Vec<_>>();
    if let Some(i) = find("controller:").or_else(|| find("- {")) {
        // A wrong type where a player's name belongs.
        let mut v = owned();
        let l = &v[i];
        if let Some(c) = l.find("controller: ") {
            let rest = &l[c + 12..];
            let end = rest.find([',', ' ', '}']).unwrap_or(rest.len());
            v[i] = format!("{}controller: [Ana, Ben]{}", &l[..c], &rest[end..]);
            push("controller-list", v, i + 1);
        }
    }
    if let Some(i) = find("players:") {
        // A huge number, a mapping and nothing where the players belong.
        for (what, value) in [
            ("players-huge-number", "99999999999999999999999999999999"),
            ("players-mapping", "{ Ana: 1 }"),
            ("players-number", "-1"),
        ] {
            let mut v = owned();
            v[i] = format!("players: {value}");
            push(what, v, i + 1);
        }
    }
    if let Some(i) = find("format:") {
        let mut v = owned();
        v[i] = format!("format: {}", 2 + k);
        push("format-unknown", v, i + 1);
        let mut v = owned();
        v[i] = "format: 1\nformat: 1".to_string();
        push("format-duplicate-key", v, i + 2);
        let mut v = owned();
        v[i] = "format: &one 1\nagain: *one".to_string();
        push("anchor-and-alias", v, i + 1);
        let mut v = owned();
        v[i] = "format: !!int 1".to_string();
        push("tag", v, i + 1);
    }
    if let Some(i) = find("chain:") {
        // An unclosed flow list right after `chain:`.
        let mut v = owned();
        v.insert(i + 1, "  - [ unclosed, list".to_string());
        push("unclosed-flow", v, i + 2);
        // A second document after the file.
        let mut v = owned();
        v.push("---".to_string());
        v.push("format: 1".to_string());
        let at = v.len() - 1;
        push("second-document", v, at);
    }
    out
}

/// Files no one should pass, whatever the base.
fn whole_files() -> Vec<Case> {
    let mut v = Vec::new();
    let case = |name: &str, bytes: Vec<u8>, line: usize| Case {
        name: name.to_string(),
        bytes,
        line,
    };
    v.push(case("empty", Vec::new(), 1));
    v.push(case("only-a-comment", b"# nothing here\n".to_vec(), 1));
    v.push(case(
        "pdf",
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".to_vec(),
        1,
    ));
    v.push(case("png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), 1));
    v.push(case("zip", b"PK\x03\x04\x14\0\0\0\x08\0".to_vec(), 1));
    v.push(case(
        "latin-1",
        b"format: 1\ntitle: caf\xe9\nplayers: [Ana, Ben]\n".to_vec(),
        2,
    ));
    v.push(case(
        "utf-16",
        "\u{feff}format: 1\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect(),
        1,
    ));
    // A NUL byte makes it a binary file, named as such (line 1: the file as a whole).
    v.push(case(
        "nul-bytes",
        b"format: 1\nplayers: [Ana,\0 Ben]\n".to_vec(),
        1,
    ));
    // Deep nesting: a flow list 5,000 levels deep and a block mapping 300 levels deep.
    let deep = format!(
        "format: 1\nplayers: [Ana, Ben]\nchain: {}{}\n",
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    v.push(case("deep-flow", deep.into_bytes(), 3));
    let mut block = String::from("format: 1\nplayers: [Ana, Ben]\nchain:\n");
    for d in 0..300 {
        block += &format!("{}k{d}:\n", "  ".repeat(d + 1));
    }
    v.push(case("deep-block", block.into_bytes(), 4));
    // 10 MB of garbage: printable noise with no structure (a fixed pseudo-random sequence).
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let garbage: Vec<u8> = (0..10_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\n"[(x % 96) as usize]
        })
        .collect();
    v.push(case("garbage-10mb", garbage, 1));
    // A long line: one title of a million characters, then a bad key.
    let long = format!(
        "format: 1\ntitle: {}\nplayers: [Ana, Ben]\nchian: []\n",
        "x".repeat(1_000_000)
    );
    v.push(case("million-character-line", long.into_bytes(), 4));
    // Truncated in the middle of a flow mapping.
    v.push(case(
        "truncated-flow-mapping",
        b"format: 1\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: Spe".to_vec(),
        4,
    ));
    v.push(case(
        "truncated-quote",
        b"format: 1\ntitle: \"unfinished\nplayers: [Ana, Ben]\n".to_vec(),
        2,
    ));
    v
}

/// Runs chainjudge on `path` with a guard against a hang; returns (exit code, stdout, stderr).
fn run(args: &[&str], path: &Path) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chainjudge"))
        .args(args)
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    // Not a speed test: a guard so that a hang fails the test instead of stalling CI.
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{} hangs", path.display());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn generated_bad_files_exit_2_with_a_diagnostic_at_the_right_line() {
    let dir = std::env::temp_dir().join(format!("chainjudge-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut cases = whole_files();
    for (k, (name, text)) in bases().iter().enumerate() {
        cases.extend(damaged(name, text, k));
    }
    assert!(cases.len() >= 150, "{} generated cases", cases.len());
    let mut wrong = Vec::new();
    for c in &cases {
        let path = dir.join(format!("{}.yaml", c.name));
        std::fs::File::create(&path)
            .and_then(|mut f| f.write_all(&c.bytes))
            .unwrap();
        let (code, stdout, stderr) = run(&["replay", "--color", "never"], &path);
        if code != Some(2) || !stdout.is_empty() || !stderr.contains("chainjudge::") {
            wrong.push(format!(
                "{}: exit {code:?}, stdout {} bytes\n{stderr}",
                c.name,
                stdout.len()
            ));
            continue;
        }
        let (_, json, _) = run(&["replay", "--format", "json"], &path);
        let v: serde_json::Value = match serde_json::from_slice(&json) {
            Ok(v) => v,
            Err(e) => {
                wrong.push(format!("{}: stdout is not JSON ({e})", c.name));
                continue;
            }
        };
        let line = v["error"]["problems"][0]["line"].as_u64();
        if line != Some(c.line as u64) {
            wrong.push(format!(
                "{}: first problem at line {line:?}, expected {}: {}",
                c.name, c.line, v["error"]["problems"][0]["message"]
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        wrong.is_empty(),
        "{} of {} cases:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_input_that_once_crashed_the_fuzzers_exits_2() {
    // The inputs are kept as the fuzzer wrote them: each crashed the loader or the replay once.
    let dir = root().join("tests/fuzz-crashes");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let (code, _, stderr) = run(&["check", "--color", "never"], &e.path());
        assert_eq!(code, Some(2), "{}:\n{stderr}", e.path().display());
        assert!(stderr.contains("chainjudge::"), "{}", e.path().display());
        n += 1;
    }
    assert!(n >= 4);
}
