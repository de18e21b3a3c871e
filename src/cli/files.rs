//! `replay`, `verify` and `check`: situation files loaded, replayed and checked.

use super::*;

/// The largest file `load_file` reads, in bytes (`--max-size`, 32 MiB by default).
pub static MAX_SIZE: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(crate::api::PAGE_MAX_BYTES as u64);

/// The output width (`--width`), for the notes `load_file` writes to stderr.
pub static WIDTH: std::sync::atomic::AtomicU16 = std::sync::atomic::AtomicU16::new(100);

/// Reads and loads a file; problems are returned as diagnostics. A file larger than
/// [`MAX_SIZE`] is not read.
pub fn load_file(path: &Path, rules: Option<RulesArg>) -> Result<Situation, FileProblems> {
    let shown = path.display().to_string();
    let max = MAX_SIZE.load(std::sync::atomic::Ordering::Relaxed);
    // A problem with the file as a whole (at line 1): its code, message and fix.
    let fail = |code: &'static str, message: String, help: String| FileProblems {
        path: shown.clone(),
        text: String::new(),
        problems: vec![Problem::new(code, crate::yaml::Loc::default(), message).help(help)],
        during_replay: false,
    };
    if let Ok(m) = std::fs::metadata(path) {
        if m.is_file() && m.len() > max {
            return Err(fail(
                "too_large",
                format!(
                    "{shown} is {} bytes, more than the {max} bytes chainjudge reads (--max-size)",
                    m.len()
                ),
                "a situation is a short YAML file; if this one is meant, raise the limit, e.g. `--max-size 256MiB`".into(),
            ));
        }
    }
    let read = match std::fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match crate::rulings::bundled(path) {
            Some(t) => {
                let width = usize::from(WIDTH.load(std::sync::atomic::Ordering::Relaxed));
                eprintln!(
                    "{}",
                    crate::render::fit_line(
                        &format!("note: no file {shown} here; using the copy of that ruling bundled in chainjudge"),
                        width,
                        2
                    )
                );
                Ok(t.as_bytes().to_vec())
            }
            None => {
                if let Some(r) = crate::rulings::named(path) {
                    return Err(fail(
                        "no_situation",
                        format!("the ruling {} has no situation to replay: it answers in words only", r.id),
                        format!("`chainjudge ruling {}` shows it; `chainjudge ruling --list` says which rulings replay (Replay: yes)", r.id),
                    ));
                }
                Err(e)
            }
        },
        r => r,
    };
    let text = read.map_err(|e| {
        if path.is_dir() {
            fail(
                "read",
                format!("{shown} is a folder, not a situation file"),
                "replay takes one file; `chainjudge check` and `chainjudge verify` take folders".into(),
            )
        } else {
            fail(
                "read",
                format!("cannot read {shown}: {e}"),
                "check the path; a bundled ruling is found by its id or as rulings/<id>.yaml (`chainjudge ruling --list` lists them)".into(),
            )
        }
    })?;
    // A PDF or other binary file given by mistake is named as such, not as bad UTF-8.
    if text.starts_with(b"%PDF") {
        return Err(fail(
            "binary",
            format!("{shown} is a PDF document, not a situation file"),
            "a situation is a YAML text file (see docs/situation-format.md); to read the official rules PDF, run `chainjudge rules import` on its text".into(),
        ));
    }
    // UTF-16 text (as some Windows editors save "Unicode"): a byte-order mark, or every other
    // byte of the first line zero. Named as such, with the fix, not as binary.
    if utf16(&text) {
        return Err(fail(
            "utf16",
            format!("{shown} is UTF-16 text; a situation file is UTF-8"),
            "save the file as UTF-8 (in the editor's save or encoding menu; on Windows, \"UTF-8\", not \"Unicode\")".into(),
        ));
    }
    if text.iter().take(8192).any(|&b| b == 0) {
        return Err(fail(
            "binary",
            format!("{shown} is a binary file, not a situation file"),
            "a situation is a YAML text file (see docs/situation-format.md)".into(),
        ));
    }
    let text = match String::from_utf8(text) {
        Ok(t) => t,
        Err(e) => {
            // Point at the first byte that is not UTF-8, in the text as far as it can be shown.
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            let shown_text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let len = shown_text[at..].chars().next().map_or(0, char::len_utf8);
            return Err(FileProblems {
                path: shown.clone(),
                text: shown_text,
                problems: vec![Problem::new(
                    "utf8",
                    crate::yaml::Loc::new(at, len),
                    format!("{shown} is not UTF-8 text: the byte at line {line} is not UTF-8 (a Latin-1 or Windows-1252 character?)"),
                )
                .label("not UTF-8")
                .help("save the file as UTF-8 (every editor has it in its save or encoding menu)")],
                during_replay: false,
            });
        }
    };
    let mut s = situation::load_owned(&shown, text)?;
    if let Some(r) = rules {
        s.rules = match r {
            RulesArg::July => RulesChoice::July,
            RulesArg::October => RulesChoice::October,
            RulesArg::Both => RulesChoice::Both,
        };
    }
    Ok(s)
}

/// Turns a replay error into a diagnostic at the nodes involved.
pub fn replay_problems(s: &Situation, t: &Trace) -> Option<FileProblems> {
    let err = t.error.as_ref()?;
    let mut locs = err.locs.iter();
    let mut p = match locs.next() {
        Some((loc, label)) => {
            Problem::new(err.code, *loc, err.message.clone()).label(label.clone())
        }
        None => Problem::new(err.code, crate::yaml::Loc::default(), err.message.clone()),
    }
    .help(err.help.clone());
    p.also = locs.cloned().collect();
    let problems = vec![p];
    Some(FileProblems {
        path: s.path.clone(),
        text: s.source.clone(),
        problems,
        during_replay: true,
    })
}

/// The situation in `file`, or its problems reported (on stderr as diagnostics; with `json`,
/// also on stdout as an error object, so a program reading stdout always gets JSON) and the
/// exit code 2. A file that is only a ruling has nothing to replay.
fn replayable(
    out: &Out,
    file: &Path,
    rules: Option<RulesArg>,
    json: bool,
) -> Result<Situation, i32> {
    let loaded = load_file(file, rules).and_then(|s| {
        if s.has_situation {
            Ok(s)
        } else {
            Err(crate::api::no_situation(&s))
        }
    });
    loaded.map_err(|p| {
        if json {
            out.print(&json_out(&p.json()));
        }
        out.problems(&p);
        2
    })
}

pub(super) fn replay_cmd(
    out: &Out,
    file: &Path,
    rules: Option<RulesArg>,
    format: Format,
    max_steps: Option<usize>,
    steps: super::StepsArg,
) -> i32 {
    let s = match replayable(out, file, rules, format == Format::Json) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let report = replay_all(&s, max_steps);
    let style = Style {
        color: out.color,
        width: out.width,
        steps: match steps {
            super::StepsArg::Compact => render::Steps::Compact,
            super::StepsArg::All => render::Steps::All,
        },
    };
    match format {
        Format::Text => out.write_with(|w| render::write_text(&report, style, w)),
        Format::Json => out.write_with(|w| render::write_json(&report, w)),
        Format::Markdown => out.print(&render::markdown(&report)),
    }
    // An error that stops every edition the same way is reported once.
    let mut shown: Vec<String> = Vec::new();
    for t in &report.traces {
        if let Some(p) = replay_problems(&s, t) {
            let key = t
                .error
                .as_ref()
                .map(|e| e.message.clone())
                .unwrap_or_default();
            if !shown.contains(&key) {
                out.problems(&p);
                shown.push(key);
            }
        }
    }
    let code = if shown.is_empty() { 0 } else { 2 };
    // The process ends next: a large report and its situation are left to the system's release
    // of the whole at exit, which is quicker than freeing hundreds of thousands of steps one by
    // one. A small one is freed as usual.
    if large(&report) {
        std::mem::forget(report);
        std::mem::forget(s);
    }
    code
}

/// Whether `bytes` look like UTF-16 text: they start with its byte-order mark (`FF FE` or
/// `FE FF`), or their first eight bytes are ASCII characters alternating with zeros.
fn utf16(bytes: &[u8]) -> bool {
    let mark = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
    let alternating = |zero_first: bool| {
        bytes.len() >= 8
            && bytes[..8].chunks(2).all(|p| {
                let (z, c) = if zero_first {
                    (p[0], p[1])
                } else {
                    (p[1], p[0])
                };
                z == 0 && c != 0 && c.is_ascii()
            })
    };
    mark || alternating(false) || alternating(true)
}

/// Whether a report holds more than 10,000 steps.
fn large(report: &crate::compare::Report<'_>) -> bool {
    report.traces.iter().map(|t| t.steps.len()).sum::<usize>() > 10_000
}

/// `chainjudge next`: what may happen next in `file` (exit 2 when it does not load, when `at`
/// names no step, or when the replay stopped on an error before the point).
pub(super) fn next_cmd(
    out: &Out,
    file: &Path,
    at: Option<u64>,
    rules: Option<RulesArg>,
    format: NextFormat,
    max_steps: Option<usize>,
) -> i32 {
    let s = match replayable(out, file, rules, format == NextFormat::Json) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let stop = at.map_or(crate::next::Stop::Unwritten, |n| {
        crate::next::Stop::After(usize::try_from(n).unwrap_or(usize::MAX))
    });
    let answers = match crate::next::answers(&s, stop, max_steps) {
        Ok(a) => a,
        Err(e) => {
            out.eprint(&format!("error: {e}\n"));
            return 2;
        }
    };
    match format {
        NextFormat::Text => out.print(&render::next_text(&s, &answers, usize::from(out.width))),
        NextFormat::Json => out.print(&render::next_json(&s, &answers)),
    }
    // A replay stopped on an error (the step limit) exits 2, as `replay` does.
    if answers.iter().any(|a| a.stopped_on_error) {
        2
    } else {
        0
    }
}

/// Every `.yaml`/`.yml` file named or below a named folder, sorted within each folder; links to
/// folders below a named folder are not followed.
pub(super) fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            // A linked folder inside a walked one is not followed: a link back up would loop.
            let linked = std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
            if p.is_dir() {
                if !linked {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The result of verifying one file.
pub enum Verdict {
    /// Every edition met the expectations.
    Pass(Vec<EditionId>),
    /// Mismatch lines per edition.
    Fail(Vec<(EditionId, Vec<String>)>),
    /// A ruling without a situation: nothing to replay.
    Skip,
    /// Bad input or a replay error.
    Error(Box<FileProblems>),
}

/// Loads, replays and checks one file.
pub fn verify_file(path: &Path, max_steps: Option<usize>) -> Verdict {
    let s = match load_file(path, None) {
        Ok(s) => s,
        Err(p) => return Verdict::Error(Box::new(p)),
    };
    if !s.has_situation {
        return Verdict::Skip;
    }
    let eds = editions_of(&s);
    if s.expect.as_ref().is_none_or(situation::Expect::is_empty) {
        return Verdict::Fail(eds.into_iter().map(|e| (e, vec!["no `expect` block (or an empty one): a situation that checks nothing fails".to_string()])).collect());
    }
    let mut fails = Vec::new();
    for ed in &eds {
        let t = engine::replay(&s, *ed, max_steps);
        if let Some(p) = replay_problems(&s, &t) {
            return Verdict::Error(Box::new(p));
        }
        let m = verify::mismatches(&s, &t);
        if !m.is_empty() {
            fails.push((*ed, m));
        }
    }
    if fails.is_empty() {
        Verdict::Pass(eds)
    } else {
        Verdict::Fail(fails)
    }
}

pub(super) fn check_cmd(
    out: &Out,
    paths: &[PathBuf],
    max_steps: Option<usize>,
    format: CheckFormat,
) -> i32 {
    let json = format == CheckFormat::Json;
    let files = expand(paths);
    if files.is_empty() {
        if json {
            out.print(&json_out(&serde_json::json!({
                "error": { "code": "no_files", "message": "no .yaml files found in the paths given" }
            })));
        }
        out.eprint("error: no .yaml files found in the paths given\n");
        return 2;
    }
    let mut failing = 0;
    let mut rows = Vec::new();
    for f in &files {
        let problems = match load_file(f, None) {
            Err(p) => Some(p),
            Ok(s) if s.has_situation => editions_of(&s)
                .into_iter()
                .find_map(|ed| replay_problems(&s, &engine::replay(&s, ed, max_steps))),
            Ok(_) => None,
        };
        failing += usize::from(problems.is_some());
        if json {
            rows.push(serde_json::json!({
                "path": f.display().to_string(),
                "ok": problems.is_none(),
                "error": problems.as_ref().map(|p| p.json()["error"].clone()),
            }));
            continue;
        }
        match problems {
            // A line on stdout for every file, as `verify` prints; the diagnostics on stderr.
            Some(p) => {
                let n = p.problems.len();
                out.text(&format!(
                    "ERROR {} ({n} problem{})\n",
                    f.display(),
                    if n == 1 { "" } else { "s" }
                ));
                out.problems(&p);
            }
            None => out.text(&format!("ok    {}\n", f.display())),
        }
    }
    if json {
        out.print(&json_out(&serde_json::json!({
            "files": rows,
            "checked": files.len(),
            "ok": files.len() - failing,
            "failed": failing,
        })));
    } else if files.len() > 1 {
        out.text(&format!(
            "{} checked: {} ok, {failing} with problems\n",
            files.len(),
            files.len() - failing
        ));
    }
    if failing > 0 {
        2
    } else {
        0
    }
}
