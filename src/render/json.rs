//! The report as JSON (versioned by `format_version`): the aligned steps with their citations
//! and notes, each edition's outcome, and for board files the board.

use super::*;
use std::io::{self, Write};

/// A citation: its key and what it is in the edition. Written by hand so that its keys come in
/// sorted order, as everywhere in the document, without going through a JSON value.
struct JsonCite {
    key: &'static str,
    cited: &'static Cited,
}

impl serde::Serialize for JsonCite {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        let status = cite_status(self.cited);
        // Sorted: july < key < number < status < title.
        if let Cited::Unconfirmed { july } = &self.cited {
            m.serialize_entry("july", july)?;
        }
        m.serialize_entry("key", self.key)?;
        if let Cited::Rule { number } | Cited::Inferred { number } = &self.cited {
            m.serialize_entry("number", number)?;
        }
        m.serialize_entry("status", status)?;
        if let Cited::Source { title } = &self.cited {
            m.serialize_entry("title", title)?;
        }
        m.end()
    }
}

// The rows' fields are declared in sorted order: a row is written as it is declared.
#[derive(serde::Serialize)]
struct JsonStep<'a> {
    chain_items: usize,
    /// What the step changed on the board (board files; omitted when empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    changes: Vec<serde_json::Value>,
    cites: JsonCites<'a>,
    focus: Option<&'a str>,
    notes: Vec<JsonNote<'a>>,
    priority: Option<&'a str>,
    state: &'static str,
    what: &'a str,
    who: Option<&'a str>,
}

#[derive(serde::Serialize)]
struct JsonNote<'a> {
    cites: JsonCites<'a>,
    text: String,
}

#[derive(serde::Serialize)]
struct JsonRow<'a> {
    flag: Flag,
    july: Option<JsonStep<'a>>,
    n: usize,
    october: Option<JsonStep<'a>>,
}

#[derive(serde::Serialize)]
struct JsonOutcome<'a> {
    resolved: &'a [String],
    countered: &'a [String],
    refused: Vec<serde_json::Value>,
    unreached: Vec<serde_json::Value>,
    unused: &'a [String],
    banished: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    returned: &'a [String],
    priority: Option<&'a str>,
    focus: Option<&'a str>,
    state: Option<&'static str>,
    showdown_ended: bool,
    legion: &'a [crate::trace::LegionVerdict],
    next_turns: Vec<&'a str>,
    ended: &'a str,
    cites: Vec<String>,
    /// The units and gear killed, in the order they died: in a board file, and in any other
    /// that killed something ([`crate::trace::Outcome::shows_killed`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    killed: Option<&'a [String]>,
    /// Board files only: the final board, keyed as `expect` names it (3.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<serde_json::Value>,
    /// Why the replay stopped early (a missing trigger `order`, the step limit), when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<serde_json::Value>,
}

/// A step's citations in one edition, written as a list of [`JsonCite`] as they are read
/// (no list is built for each step).
struct JsonCites<'a> {
    ed: EditionId,
    cites: &'a [Cite],
}

impl serde::Serialize for JsonCites<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let edition = Editions::get().edition(self.ed);
        s.collect_seq(self.cites.iter().map(|c| JsonCite {
            key: c.key(),
            cited: edition.cited(*c),
        }))
    }
}

fn json_cites(ed: EditionId, cites: &[Cite]) -> JsonCites<'_> {
    JsonCites { ed, cites }
}

fn json_step<'a>(s: &'a Situation, ed: EditionId, st: &'a Step) -> JsonStep<'a> {
    JsonStep {
        who: st.who().map(|p| s.name(p)),
        what: &st.what,
        state: st.state.word(),
        priority: st.priority().map(|p| s.name(p)),
        focus: st.focus().map(|p| s.name(p)),
        chain_items: st.chain_len(),
        cites: json_cites(ed, &st.cites),
        notes: st
            .notes()
            .iter()
            .map(|n| JsonNote {
                text: super::filled_note(&[ed], n),
                cites: json_cites(ed, &n.cites),
            })
            .collect(),
        changes: st.changes().iter().map(|c| json_change(s, c)).collect(),
    }
}

fn json_outcome<'a>(s: &'a Situation, t: &'a Trace) -> JsonOutcome<'a> {
    let o = &t.outcome;
    JsonOutcome {
        resolved: &o.resolved,
        countered: &o.countered,
        refused: o
            .refused
            .iter()
            .map(|(id, why)| serde_json::json!({"id": id, "reason": why}))
            .collect(),
        unreached: o
            .unreached
            .iter()
            .map(|(id, why)| serde_json::json!({"id": id, "reason": why}))
            .collect(),
        unused: &o.unused,
        banished: &o.banished,
        returned: &o.returned,
        priority: o.priority.map(|p| s.name(p)),
        focus: o.focus.map(|p| s.name(p)),
        state: o.state.map(|st| st.word()),
        showdown_ended: o.showdown_ended,
        legion: &o.legion,
        next_turns: o.next_turns.iter().map(|p| s.name(*p)).collect(),
        ended: &o.ended,
        cites: cited_numbers(t),
        killed: o.shows_killed().then_some(o.killed.as_slice()),
        board: o.board.as_ref().map(|b| json_board(s, b)),
        error: t
            .error
            .as_ref()
            .map(|e| serde_json::json!({ "code": e.code, "message": e.message, "help": e.help })),
    }
}

/// Writes the step rows to `w` one at a time (each row serialized alone, never the whole list at
/// once), as `to_string_pretty` lays out an array at the second level.
fn write_rows(r: &Report, eds: &[EditionId], w: &mut dyn Write) -> io::Result<()> {
    if r.rows.is_empty() {
        return w.write_all(b"[]");
    }
    w.write_all(b"[\n")?;
    // Rows are laid out in this buffer and written some 64 KiB at a time: the serializer's
    // many small writes go to a `Vec` they inline into, not through `w`'s dynamic calls, and
    // a write as large as `w`'s own buffer goes past it without a copy.
    const CHUNK: usize = 1 << 16;
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    let mut blocks = CiteBlocks::default();
    for (n, row) in r.rows.iter().enumerate() {
        if buf.len() >= CHUNK {
            w.write_all(&buf)?;
            buf.clear();
        }
        if n > 0 {
            buf.extend_from_slice(b",\n");
        }
        // Written in place at its final indentation: the document's `steps` list is two levels
        // in, so a row's fields are three.
        buf.extend_from_slice(b"    ");
        if !write_row_plain(&mut buf, &mut blocks, r, eds, n + 1, row)? {
            let jr = json_row(r, eds, n + 1, row);
            let mut ser = serde_json::Serializer::with_formatter(
                &mut buf,
                super::json_indent::Indented::at(2),
            );
            serde::Serialize::serialize(&jr, &mut ser).map_err(io::Error::other)?;
        }
    }
    w.write_all(&buf)?;
    w.write_all(b"\n  ]")
}

/// Row `n` (from 1) of the report, ready for serde.
fn json_row<'a>(
    r: &'a Report,
    eds: &[EditionId],
    n: usize,
    row: &crate::compare::Row,
) -> JsonRow<'a> {
    let mut jr = JsonRow {
        n,
        flag: row.flag,
        july: None,
        october: None,
    };
    for (k, st) in r.steps_of(row) {
        let st = json_step(r.situation, eds[k], st);
        match eds[k] {
            EditionId::July => jr.july = Some(st),
            EditionId::October => jr.october = Some(st),
        }
    }
    jr
}

/// Writes a row whose steps changed nothing on the board (nearly every row of a long Chain)
/// straight into `buf`, byte for byte as serializing [`JsonRow`] would; `false`, with nothing
/// written, for any other row.
fn write_row_plain(
    buf: &mut Vec<u8>,
    blocks: &mut CiteBlocks,
    r: &Report,
    eds: &[EditionId],
    n: usize,
    row: &crate::compare::Row,
) -> io::Result<bool> {
    let s = r.situation;
    if r.steps_of(row).any(|(_, st)| !st.changes().is_empty()) {
        return Ok(false);
    }
    let step = |ed: EditionId| {
        let k = eds.iter().position(|e| *e == ed)?;
        r.step_at(row, k)
    };
    buf.extend_from_slice(b"{\n      \"flag\": ");
    write_str(buf, Some(flag_word(row.flag)))?;
    buf.extend_from_slice(b",\n      \"july\": ");
    write_step_plain(buf, blocks, s, EditionId::July, step(EditionId::July))?;
    buf.extend_from_slice(b",\n      \"n\": ");
    buf.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    buf.extend_from_slice(b",\n      \"october\": ");
    write_step_plain(buf, blocks, s, EditionId::October, step(EditionId::October))?;
    buf.extend_from_slice(b"\n    }");
    Ok(true)
}

/// A row's flag as serde writes it (snake case).
fn flag_word(flag: Flag) -> &'static str {
    match flag {
        Flag::Same => "same",
        Flag::NumbersDiffer => "numbers_differ",
        Flag::OutcomeDiffers => "outcome_differs",
        Flag::StepsDiffer => "steps_differ",
        Flag::RouteDiffers => "route_differs",
    }
}

/// Whether serde_json would escape a byte of `text`: a control, `"` or `\`. Checked 32 bytes
/// at a time without stopping early inside a block, which the compiler turns into vector
/// instructions.
fn needs_escape(text: &[u8]) -> bool {
    text.chunks(32).any(|block| {
        block.iter().fold(false, |seen, &b| {
            seen | (b < 0x20) | (b == b'"') | (b == b'\\')
        })
    })
}

/// A JSON string (escaped as serde_json escapes it), or `null`.
fn write_str(buf: &mut Vec<u8>, text: Option<&str>) -> io::Result<()> {
    match text {
        // Most texts need no escape (serde_json escapes only controls, `"` and `\`): they
        // are copied whole.
        Some(t) if !needs_escape(t.as_bytes()) => {
            buf.push(b'"');
            buf.extend_from_slice(t.as_bytes());
            buf.push(b'"');
            Ok(())
        }
        Some(t) => serde_json::to_writer(&mut *buf, t).map_err(io::Error::other),
        None => {
            buf.extend_from_slice(b"null");
            Ok(())
        }
    }
}

/// Each citation as a list of citations lays it out (a step's, four levels in, or a note's, six
/// levels in), written once for each place, edition and citation and copied after that: a long
/// replay cites the same few rules hundreds of thousands of times.
#[derive(Default)]
struct CiteBlocks {
    /// By where the list is (a step's own citations, a note's), by edition (July, October),
    /// then by the citation's place in `Cite::ALL`.
    blocks: [[ByCite; 2]; 2],
}

/// Laid-out citations by the citation's place in `Cite::ALL`, each made when first needed.
type ByCite = Vec<Option<Box<[u8]>>>;

/// Where a list of citations is in a row.
#[derive(Clone, Copy)]
enum CitesAt {
    /// A step's `cites`, four levels in.
    Step,
    /// A note's `cites`, six levels in.
    Note,
}

impl CitesAt {
    /// The indentation of the citation's braces.
    fn indent(self) -> usize {
        match self {
            CitesAt::Step => 10,
            CitesAt::Note => 14,
        }
    }
}

impl CiteBlocks {
    /// The citation `c` under `ed` in a list at `at`, from `{` to `}`.
    fn get(&mut self, at: CitesAt, ed: EditionId, c: Cite) -> io::Result<&[u8]> {
        let by_cite = &mut self.blocks[at as usize][usize::from(ed == EditionId::October)];
        if by_cite.is_empty() {
            by_cite.resize(Cite::ALL.len(), None);
        }
        let slot = &mut by_cite[c as usize];
        if slot.is_none() {
            *slot = Some(cite_block(at.indent(), ed, c)?.into_boxed_slice());
        }
        Ok(slot.as_deref().unwrap_or_default())
    }

    /// A list of citations at `at`, from `[` to `]`.
    fn write_list(
        &mut self,
        buf: &mut Vec<u8>,
        at: CitesAt,
        ed: EditionId,
        cites: &[Cite],
    ) -> io::Result<()> {
        write_list(buf, cites, at.indent() - 2, |buf, c| {
            buf.extend_from_slice(self.get(at, ed, *c)?);
            Ok(())
        })
    }
}

/// A JSON list as serde_json's pretty layout has it, its brackets `indent` spaces in: `[]`
/// when empty, else each item on its own line, written by `each` (indentation included).
fn write_list<T>(
    buf: &mut Vec<u8>,
    items: &[T],
    indent: usize,
    mut each: impl FnMut(&mut Vec<u8>, &T) -> io::Result<()>,
) -> io::Result<()> {
    if items.is_empty() {
        buf.extend_from_slice(b"[]");
        return Ok(());
    }
    buf.push(b'[');
    for (k, item) in items.iter().enumerate() {
        buf.extend_from_slice(if k == 0 { b"\n" } else { b",\n" });
        each(buf, item)?;
    }
    buf.push(b'\n');
    buf.resize(buf.len() + indent, b' ');
    buf.push(b']');
    Ok(())
}

/// The citation `c` under `ed` as a list of citations lays it out, its braces `indent` spaces
/// in.
fn cite_block(indent: usize, ed: EditionId, c: Cite) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    let cited = Editions::get().edition(ed).cited(c);
    let field = |buf: &mut Vec<u8>, first: bool, name: &str| {
        if !first {
            buf.push(b',');
        }
        buf.push(b'\n');
        buf.resize(buf.len() + indent + 2, b' ');
        buf.extend_from_slice(name.as_bytes());
    };
    buf.resize(indent, b' ');
    buf.push(b'{');
    // Sorted: july < key < number < status < title.
    let unconfirmed = matches!(cited, Cited::Unconfirmed { .. });
    if let Cited::Unconfirmed { july } = cited {
        field(&mut buf, true, "\"july\": ");
        write_str(&mut buf, Some(july))?;
    }
    field(&mut buf, !unconfirmed, "\"key\": ");
    write_str(&mut buf, Some(c.key()))?;
    if let Cited::Rule { number } | Cited::Inferred { number } = cited {
        field(&mut buf, false, "\"number\": ");
        write_str(&mut buf, Some(number))?;
    }
    field(&mut buf, false, "\"status\": ");
    write_str(&mut buf, Some(cite_status(cited)))?;
    if let Cited::Source { title } = cited {
        field(&mut buf, false, "\"title\": ");
        write_str(&mut buf, Some(title))?;
    }
    buf.push(b'\n');
    buf.resize(buf.len() + indent, b' ');
    buf.push(b'}');
    Ok(buf)
}

/// A step's notes as [`JsonNote`]s lay them out three levels in, their texts filled.
fn write_notes_plain(
    buf: &mut Vec<u8>,
    blocks: &mut CiteBlocks,
    ed: EditionId,
    notes: &[Note],
) -> io::Result<()> {
    write_list(buf, notes, 8, |buf, n| {
        buf.extend_from_slice(b"          {\n            \"cites\": ");
        blocks.write_list(buf, CitesAt::Note, ed, &n.cites)?;
        buf.extend_from_slice(b",\n            \"text\": ");
        write_str(buf, Some(&super::filled_note(&[ed], n)))?;
        buf.extend_from_slice(b"\n          }");
        Ok(())
    })
}

/// A step as [`JsonStep`] lays it out three levels in (its board changes empty), or `null`.
fn write_step_plain(
    buf: &mut Vec<u8>,
    blocks: &mut CiteBlocks,
    s: &Situation,
    ed: EditionId,
    st: Option<&Step>,
) -> io::Result<()> {
    let Some(st) = st else {
        buf.extend_from_slice(b"null");
        return Ok(());
    };
    buf.extend_from_slice(b"{\n        \"chain_items\": ");
    buf.extend_from_slice(itoa::Buffer::new().format(st.chain_len()).as_bytes());
    buf.extend_from_slice(b",\n        \"cites\": ");
    blocks.write_list(buf, CitesAt::Step, ed, &st.cites)?;
    buf.extend_from_slice(b",\n        \"focus\": ");
    write_str(buf, st.focus().map(|p| s.name(p)))?;
    buf.extend_from_slice(b",\n        \"notes\": ");
    write_notes_plain(buf, blocks, ed, st.notes())?;
    buf.extend_from_slice(b",\n        \"priority\": ");
    write_str(buf, st.priority().map(|p| s.name(p)))?;
    buf.extend_from_slice(b",\n        \"state\": ");
    write_str(buf, Some(st.state.word()))?;
    buf.extend_from_slice(b",\n        \"what\": ");
    write_str(buf, Some(&st.what))?;
    buf.extend_from_slice(b",\n        \"who\": ");
    write_str(buf, st.who().map(|p| s.name(p)))?;
    buf.extend_from_slice(b"\n      }");
    Ok(())
}

/// A citation's `status` in the JSON report.
fn cite_status(cited: &Cited) -> &'static str {
    match cited {
        Cited::Rule { .. } => "rule",
        Cited::Inferred { .. } => "inferred",
        Cited::Unconfirmed { .. } => "unconfirmed",
        Cited::Source { .. } => "source",
        Cited::Omitted => "omitted",
    }
}

/// The report as JSON (stable, versioned by `format_version`), in a string; see [`write_json`].
pub fn json(r: &Report) -> String {
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail, and serde_json writes only UTF-8.
    let _ = write_json(r, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the report as JSON (stable, versioned by `format_version`) to `w`. Its size grows with
/// the steps, its working memory does not: the steps are written row by row as they are made.
///
/// # Errors
/// The first error `w` returns.
pub fn write_json(r: &Report, w: &mut dyn Write) -> io::Result<()> {
    let s = r.situation;
    let eds = editions(r);
    let mut outcomes = serde_json::Map::new();
    for t in &r.traces {
        outcomes.insert(
            t.edition.word().to_string(),
            serde_json::to_value(json_outcome(s, t)).unwrap_or_default(),
        );
    }
    let mut v = serde_json::json!({
        "format_version": JSON_FORMAT_VERSION,
        "title": s.title,
        "file": s.path,
        "editions": eds,
        "in_force": s.date.as_deref().and_then(|d| Editions::get().in_force(d)),
        "players": s.players,
        "turn_player": s.name(s.turn),
        "start": start_line(s),
        "steps": STEPS_MARK,
        "outcome": outcomes,
        "outcomes_differ": r.outcomes_differ(),
    });
    if let Some(obj) = v.as_object_mut() {
        let a = super::answer(r);
        obj.insert(
            "answer".to_string(),
            serde_json::json!({
                "lines": a.lines,
                "differing": a.differing,
                "editions_part_at": a.editions_part_at,
                "renumbered_steps": a.renumbered_steps,
                "renumbered": a.renumbered,
            }),
        );
    }
    let hints: Vec<serde_json::Value> = super::hints_at(r)
        .into_iter()
        .map(|(line, column, text)| serde_json::json!({"line": line, "column": column, "text": text}))
        .collect();
    if let (false, Some(obj)) = (hints.is_empty(), v.as_object_mut()) {
        obj.insert("hints".to_string(), serde_json::Value::Array(hints));
    }
    if let (true, Some(obj)) = (r.route_differs(), v.as_object_mut()) {
        obj.insert("route_differs".to_string(), serde_json::Value::Bool(true));
    }
    let finals = r.final_differences();
    if let (false, Some(obj)) = (finals.is_empty(), v.as_object_mut()) {
        obj.insert(
            "final_differences".to_string(),
            finals
                .iter()
                .map(|(name, july, october)| serde_json::json!({"value": name, "july": july, "october": october}))
                .collect(),
        );
    }
    // A replay that stopped on an error says so at the top too, as every failure does.
    if let (Some(e), Some(obj)) = (
        r.traces.iter().find_map(|t| t.error.as_ref()),
        v.as_object_mut(),
    ) {
        obj.insert(
            "error".to_string(),
            serde_json::json!({ "code": e.code, "message": e.message, "help": e.help }),
        );
    }
    if let (Some(m), Some(obj)) = (&s.board_model, v.as_object_mut()) {
        obj.insert(
            "board_model".to_string(),
            serde_json::json!({"key": m.key, "line": board_key_line(s)}),
        );
    }
    let text = serde_json::to_string_pretty(&v).unwrap_or_default();
    let marked = serde_json::to_string(STEPS_MARK).unwrap_or_default();
    match text.split_once(&marked) {
        Some((before, after)) => {
            w.write_all(before.as_bytes())?;
            write_rows(r, &eds, w)?;
            w.write_all(after.as_bytes())?;
        }
        None => w.write_all(text.as_bytes())?,
    }
    w.write_all(b"\n")
}

/// Where the rows go in the document while the rest is laid out (a string no title can hold).
const STEPS_MARK: &str = "\u{1}chainjudge steps\u{1}";

#[cfg(test)]
mod tests {
    use super::*;

    /// Flags and strings, written directly, read as serde writes them: every flag, and texts
    /// with and without characters to escape.
    #[test]
    fn flags_and_strings_are_written_as_serde_writes_them() {
        use Flag::*;
        for f in [
            Same,
            NumbersDiffer,
            OutcomeDiffers,
            StepsDiffer,
            RouteDiffers,
        ] {
            let mut buf = Vec::new();
            write_str(&mut buf, Some(flag_word(f))).unwrap();
            assert_eq!(buf, serde_json::to_vec(&f).unwrap());
        }
        for t in [
            "Ana passes",
            "a \"quote\"",
            "back\\slash",
            "tab\there",
            "line\nbreak",
            "é ☃",
            "\u{7f}",
        ] {
            let mut buf = Vec::new();
            write_str(&mut buf, Some(t)).unwrap();
            assert_eq!(buf, serde_json::to_vec(t).unwrap(), "{t:?}");
        }
    }

    /// Every row the plain writer takes is written byte for byte as serializing it would be:
    /// checked on every ruling and board fixture, under the editions each one names.
    #[test]
    fn plain_rows_are_serde_rows() {
        let (mut checked, mut noted) = (0, 0);
        let dirs = [
            "rulings",
            "tests/fixtures/board-cases",
            "tests/fixtures/board-accuracy",
        ];
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            for path in paths
                .iter()
                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            {
                let text = std::fs::read_to_string(path).unwrap();
                // A ruling with no situation (`no_situation`) has nothing to replay.
                let Ok(s) = crate::situation::load(&path.display().to_string(), &text) else {
                    continue;
                };
                if s.players.is_empty() {
                    continue;
                }
                let r = crate::replay_all(&s, None);
                let eds = editions(&r);
                // One cache for the file's rows, as the writer keeps: later rows copy blocks.
                let mut blocks = CiteBlocks::default();
                for (n, row) in r.rows.iter().enumerate() {
                    let mut plain = Vec::new();
                    if !write_row_plain(&mut plain, &mut blocks, &r, &eds, n + 1, row).unwrap() {
                        continue;
                    }
                    let jr = json_row(&r, &eds, n + 1, row);
                    let mut serde = b"    ".to_vec();
                    let mut ser = serde_json::Serializer::with_formatter(
                        &mut serde,
                        super::super::json_indent::Indented::at(2),
                    );
                    serde::Serialize::serialize(&jr, &mut ser).unwrap();
                    assert_eq!(
                        String::from_utf8(plain).unwrap(),
                        String::from_utf8(serde[4..].to_vec()).unwrap(),
                        "{} row {}",
                        path.display(),
                        n + 1
                    );
                    checked += 1;
                    noted += usize::from(r.steps_of(row).any(|(_, st)| !st.notes().is_empty()));
                }
            }
        }
        assert!(checked > 1000, "only {checked} rows checked");
        assert!(noted > 100, "only {noted} rows with notes checked");
    }
}
