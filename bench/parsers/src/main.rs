//! Issue 23: walks a YAML file with one of three parsers, to time them and to see what each
//! reports (positions, scalar styles, anchors, tags, keys with their spans).
//!
//! Usage: yaml-parser-bench PARSER FILE [MODE]
//!
//! PARSER: `saphyr` (saphyr-parser), `libyaml` (libyaml-safer), `marked` (marked-yaml, building
//! its tree with the options chainjudge uses today).
//!
//! MODE:
//! - `walk` (default): every event becomes one record (start and end marker, scalar style,
//!   anchor, tag, value), folded into a summary that is printed, so that nothing is skipped.
//! - `check`: `walk` plus what the loader refuses, found from the events: duplicate keys (keys
//!   are hashed per mapping), anchors, aliases, tags; each is reported with its span.
//! - `dump`: prints every event's record, with the source text between its markers.
//!
//! For `marked`, every mode builds the tree (duplicate keys, anchors and tags are refused by
//! the library, at the first one) and walks it.

use std::borrow::Cow;
use std::collections::HashSet;
use std::hint::black_box;
use std::process::ExitCode;

/// A position as the parser gave it, normalized to 1-based line and column.
#[derive(Clone, Copy, Debug, Default)]
struct Pos {
    /// 1-based line.
    line: u64,
    /// 1-based column, in characters for all three parsers.
    col: u64,
    /// Offset from the start of the text: characters for saphyr-parser and marked-yaml, bytes
    /// for libyaml-safer.
    index: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    StreamStart,
    StreamEnd,
    DocStart,
    DocEnd,
    Alias,
    Scalar,
    SeqStart,
    SeqEnd,
    MapStart,
    MapEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    None,
    Plain,
    Single,
    Double,
    Literal,
    Folded,
}

/// One event as the loader would read it.
#[derive(Debug)]
struct Rec<'a> {
    kind: Kind,
    start: Pos,
    end: Pos,
    style: Style,
    /// The anchor's name where the parser gives it; `"#ID"` for saphyr-parser, which gives only
    /// an id (an alias's target is in this field too).
    anchor: Option<Cow<'a, str>>,
    tag: Option<String>,
    value: Cow<'a, str>,
}

/// What a walk saw: counts, and a fold of every position so no field goes unread.
#[derive(Default, Debug)]
struct Summary {
    events: u64,
    scalars: u64,
    plain: u64,
    quoted: u64,
    block: u64,
    mappings: u64,
    sequences: u64,
    anchors: u64,
    aliases: u64,
    tags: u64,
    value_bytes: u64,
    max_line: u64,
    fold: u64,
}

impl Summary {
    fn add(&mut self, r: &Rec) {
        self.events += 1;
        match r.kind {
            Kind::Scalar => {
                self.scalars += 1;
                match r.style {
                    Style::Plain => self.plain += 1,
                    Style::Single | Style::Double => self.quoted += 1,
                    Style::Literal | Style::Folded => self.block += 1,
                    Style::None => {}
                }
            }
            Kind::MapStart => self.mappings += 1,
            Kind::SeqStart => self.sequences += 1,
            Kind::Alias => self.aliases += 1,
            _ => {}
        }
        if r.anchor.is_some() && r.kind != Kind::Alias {
            self.anchors += 1;
        }
        if r.tag.is_some() {
            self.tags += 1;
        }
        self.value_bytes += r.value.len() as u64;
        self.max_line = self.max_line.max(r.end.line);
        self.fold = self
            .fold
            .wrapping_mul(31)
            .wrapping_add(r.start.index ^ (r.end.index << 20) ^ (r.start.col << 40) ^ r.end.col);
    }

    fn print(&self, parser: &str) {
        println!(
            "{parser}: events {} scalars {} (plain {}, quoted {}, block {}) mappings {} sequences {} \
             anchors {} aliases {} tags {} value-bytes {} last-line {} fold {:x}",
            self.events,
            self.scalars,
            self.plain,
            self.quoted,
            self.block,
            self.mappings,
            self.sequences,
            self.anchors,
            self.aliases,
            self.tags,
            self.value_bytes,
            self.max_line,
            self.fold
        );
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Walk,
    Check,
    Dump,
}

/// The loader's refusals, found from the events: duplicate keys, anchors, aliases, tags.
#[derive(Default)]
struct Checker {
    /// One entry per open collection: the keys seen so far for a mapping (`None` for a
    /// sequence), and whether the next node is a key.
    stack: Vec<(Option<HashSet<String>>, bool)>,
    problems: Vec<String>,
}

impl Checker {
    fn event(&mut self, r: &Rec) {
        let at = |p: &Pos| format!("{}:{}", p.line, p.col);
        if r.kind == Kind::Alias {
            self.problems
                .push(format!("alias at {}..{}", at(&r.start), at(&r.end)));
        } else if let Some(a) = &r.anchor {
            self.problems
                .push(format!("anchor {a} at {}..{}", at(&r.start), at(&r.end)));
        }
        if let Some(t) = &r.tag {
            self.problems
                .push(format!("tag {t} at {}..{}", at(&r.start), at(&r.end)));
        }
        match r.kind {
            Kind::MapEnd | Kind::SeqEnd => {
                self.stack.pop();
                return;
            }
            Kind::Scalar | Kind::Alias | Kind::MapStart | Kind::SeqStart => {}
            _ => return,
        }
        // A node: a key when the innermost mapping waits for one.
        if let Some((Some(keys), want_key)) = self.stack.last_mut() {
            if *want_key {
                if r.kind == Kind::Scalar {
                    if !keys.insert(r.value.to_string()) {
                        self.problems.push(format!(
                            "duplicate key {:?} at {}..{}",
                            r.value,
                            at(&r.start),
                            at(&r.end)
                        ));
                    }
                } else {
                    self.problems
                        .push(format!("non-scalar key at {}", at(&r.start)));
                }
            }
            *want_key = !*want_key;
        }
        match r.kind {
            Kind::MapStart => self.stack.push((Some(HashSet::new()), true)),
            Kind::SeqStart => self.stack.push((None, false)),
            _ => {}
        }
    }
}

/// Where the walk's records go.
struct Sink<'s> {
    mode: Mode,
    src: &'s str,
    /// Whether `Pos::index` counts bytes (else characters).
    byte_index: bool,
    summary: Summary,
    checker: Checker,
}

impl Sink<'_> {
    fn take(&mut self, r: Rec) {
        self.summary.add(&r);
        match self.mode {
            Mode::Walk => {}
            Mode::Check => self.checker.event(&r),
            Mode::Dump => {
                self.checker.event(&r);
                println!(
                    "{:?} {}:{}..{}:{} [{}..{}] {:?}{}{} {:?}  text {:?}",
                    r.kind,
                    r.start.line,
                    r.start.col,
                    r.end.line,
                    r.end.col,
                    r.start.index,
                    r.end.index,
                    r.style,
                    r.anchor
                        .as_ref()
                        .map_or(String::new(), |a| format!(" &{a}")),
                    r.tag
                        .as_ref()
                        .map_or(String::new(), |t| format!(" tag {t}")),
                    r.value,
                    self.slice(&r.start, &r.end)
                );
            }
        }
        black_box(&r);
    }

    /// The source text between two positions, by the parser's kind of index.
    fn slice(&self, a: &Pos, b: &Pos) -> String {
        let (a, b) = (a.index as usize, b.index as usize);
        if self.byte_index {
            self.src
                .get(a.min(self.src.len())..b.min(self.src.len()))
                .unwrap_or("<not on a char boundary>")
                .to_string()
        } else {
            self.src.chars().skip(a).take(b.saturating_sub(a)).collect()
        }
    }

    fn finish(self, parser: &str) {
        self.summary.print(parser);
        if self.mode != Mode::Walk {
            println!("problems: {}", self.checker.problems.len());
            for p in self.checker.problems.iter().take(20) {
                println!("  {p}");
            }
        }
    }
}

fn saphyr(src: &str, sink: &mut Sink) -> Result<(), String> {
    use saphyr_parser::{Event, Marker, Parser, ScalarStyle};
    let pos = |m: &Marker| Pos {
        line: m.line() as u64,
        col: m.col() as u64 + 1,
        index: m.index() as u64,
    };
    let anchor = |id: usize| (id != 0).then(|| Cow::Owned(format!("#{id}")));
    for ev in Parser::new_from_str(src) {
        let (ev, span) = ev.map_err(|e| {
            format!(
                "error at {}:{} [{}]: {}",
                e.marker().line(),
                e.marker().col() + 1,
                e.marker().index(),
                e.info()
            )
        })?;
        let (kind, style, anch, tag, value) = match ev {
            Event::Nothing => continue,
            Event::StreamStart => (
                Kind::StreamStart,
                Style::None,
                None,
                None,
                Cow::Borrowed(""),
            ),
            Event::StreamEnd => (Kind::StreamEnd, Style::None, None, None, Cow::Borrowed("")),
            Event::DocumentStart(_) => (Kind::DocStart, Style::None, None, None, "".into()),
            Event::DocumentEnd => (Kind::DocEnd, Style::None, None, None, "".into()),
            Event::Alias(id) => (Kind::Alias, Style::None, anchor(id), None, "".into()),
            Event::Scalar(v, s, id, t) => {
                let style = match s {
                    ScalarStyle::Plain => Style::Plain,
                    ScalarStyle::SingleQuoted => Style::Single,
                    ScalarStyle::DoubleQuoted => Style::Double,
                    ScalarStyle::Literal => Style::Literal,
                    ScalarStyle::Folded => Style::Folded,
                };
                (Kind::Scalar, style, anchor(id), t.map(|t| t.to_string()), v)
            }
            Event::SequenceStart(id, t) => (
                Kind::SeqStart,
                Style::None,
                anchor(id),
                t.map(|t| t.to_string()),
                "".into(),
            ),
            Event::SequenceEnd => (Kind::SeqEnd, Style::None, None, None, "".into()),
            Event::MappingStart(id, t) => (
                Kind::MapStart,
                Style::None,
                anchor(id),
                t.map(|t| t.to_string()),
                "".into(),
            ),
            Event::MappingEnd => (Kind::MapEnd, Style::None, None, None, "".into()),
        };
        sink.take(Rec {
            kind,
            start: pos(&span.start),
            end: pos(&span.end),
            style,
            anchor: anch,
            tag,
            value,
        });
    }
    Ok(())
}

fn libyaml(src: &str, sink: &mut Sink) -> Result<(), String> {
    use libyaml_safer::{EventData, Mark, Parser, ScalarStyle};
    let pos = |m: &Mark| Pos {
        line: m.line + 1,
        col: m.column + 1,
        index: m.index,
    };
    // A `&[u8]` input hands the parser the whole text in one `fill_buf`, which it decodes into
    // its queue of `char`s at once (4 bytes a character); a bounded reader keeps that queue small.
    let mut parser = Parser::new();
    parser.set_input(std::io::BufReader::with_capacity(1 << 16, src.as_bytes()));
    for ev in parser {
        let ev = ev.map_err(|e| {
            let at = |m: Option<Mark>| {
                m.map_or("?".into(), |m| {
                    format!("{}:{} [{}]", m.line + 1, m.column + 1, m.index)
                })
            };
            let context = e.context().map_or(String::new(), |c| {
                format!(" ({c}, from {})", at(e.context_mark()))
            });
            format!(
                "error at {}: {}{context}",
                at(e.problem_mark()),
                e.problem()
            )
        })?;
        let (kind, style, anch, tag, value) = match ev.data {
            EventData::StreamStart { .. } => (Kind::StreamStart, Style::None, None, None, ""),
            EventData::StreamEnd => (Kind::StreamEnd, Style::None, None, None, ""),
            EventData::DocumentStart { .. } => (Kind::DocStart, Style::None, None, None, ""),
            EventData::DocumentEnd { .. } => (Kind::DocEnd, Style::None, None, None, ""),
            EventData::Alias { anchor } => (Kind::Alias, Style::None, Some(anchor), None, ""),
            EventData::Scalar {
                anchor,
                tag,
                value,
                style,
                ..
            } => {
                let style = match style {
                    ScalarStyle::Plain => Style::Plain,
                    ScalarStyle::SingleQuoted => Style::Single,
                    ScalarStyle::DoubleQuoted => Style::Double,
                    ScalarStyle::Literal => Style::Literal,
                    ScalarStyle::Folded => Style::Folded,
                    _ => Style::None,
                };
                let start = pos(&ev.start_mark);
                let end = pos(&ev.end_mark);
                sink.take(Rec {
                    kind: Kind::Scalar,
                    start,
                    end,
                    style,
                    anchor: anchor.map(Cow::Owned),
                    tag,
                    value: Cow::Owned(value),
                });
                continue;
            }
            EventData::SequenceStart { anchor, tag, .. } => {
                (Kind::SeqStart, Style::None, anchor, tag, "")
            }
            EventData::SequenceEnd => (Kind::SeqEnd, Style::None, None, None, ""),
            EventData::MappingStart { anchor, tag, .. } => {
                (Kind::MapStart, Style::None, anchor, tag, "")
            }
            EventData::MappingEnd => (Kind::MapEnd, Style::None, None, None, ""),
        };
        sink.take(Rec {
            kind,
            start: pos(&ev.start_mark),
            end: pos(&ev.end_mark),
            style,
            anchor: anch.map(Cow::Owned),
            tag,
            value: Cow::Borrowed(value),
        });
    }
    Ok(())
}

/// marked-yaml as chainjudge calls it (src/yaml/mod.rs, `parse_once`), then a walk of the tree
/// that reads every node's span and scalar text, in the same records.
fn marked(src: &str, sink: &mut Sink) -> Result<(), String> {
    use marked_yaml::{LoaderOptions, Marker, Node, Span};
    let options = LoaderOptions::default()
        .error_on_duplicate_keys(true)
        .prevent_coercion(true)
        .toplevel_mapping();
    let tree =
        marked_yaml::parse_yaml_with_options(0, src, options).map_err(|e| format!("error: {e}"))?;
    let pos = |m: Option<&Marker>| {
        m.map_or(Pos::default(), |m| Pos {
            line: m.line() as u64,
            col: m.column() as u64,
            index: m.character() as u64,
        })
    };
    let rec = |kind, span: &Span, style, value| Rec {
        kind,
        start: pos(span.start()),
        end: pos(span.end()),
        style,
        anchor: None,
        tag: None,
        value,
    };
    // A collection's end, as an empty span where the tree's span ends (the events' way).
    fn end_of(span: &Span) -> Span {
        let mut s = *span;
        s.set_start(span.end().copied());
        s
    }
    fn walk<'t>(
        n: &'t Node,
        sink: &mut Sink,
        rec: &dyn Fn(Kind, &Span, Style, Cow<'t, str>) -> Rec<'t>,
    ) {
        match n {
            Node::Scalar(s) => {
                let style = if s.may_coerce() {
                    Style::Plain
                } else {
                    Style::Double
                };
                sink.take(rec(
                    Kind::Scalar,
                    s.span(),
                    style,
                    Cow::Borrowed(s.as_str()),
                ));
            }
            Node::Sequence(q) => {
                sink.take(rec(Kind::SeqStart, q.span(), Style::None, "".into()));
                for c in q.iter() {
                    walk(c, sink, rec);
                }
                sink.take(rec(Kind::SeqEnd, &end_of(q.span()), Style::None, "".into()));
            }
            Node::Mapping(m) => {
                sink.take(rec(Kind::MapStart, m.span(), Style::None, "".into()));
                for (k, v) in m.iter() {
                    let style = if k.may_coerce() {
                        Style::Plain
                    } else {
                        Style::Double
                    };
                    sink.take(rec(
                        Kind::Scalar,
                        k.span(),
                        style,
                        Cow::Borrowed(k.as_str()),
                    ));
                    walk(v, sink, rec);
                }
                sink.take(rec(Kind::MapEnd, &end_of(m.span()), Style::None, "".into()));
            }
        }
    }
    walk(&tree, sink, &rec);
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: yaml-parser-bench saphyr|libyaml|marked FILE [walk|check|dump]");
        return ExitCode::from(2);
    }
    let mode = match args.get(3).map(String::as_str) {
        None | Some("walk") => Mode::Walk,
        Some("check") => Mode::Check,
        Some("dump") => Mode::Dump,
        Some(m) => {
            eprintln!("unknown mode {m}");
            return ExitCode::from(2);
        }
    };
    let src = match std::fs::read_to_string(&args[2]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", args[2]);
            return ExitCode::from(2);
        }
    };
    let parser = args[1].as_str();
    let mut sink = Sink {
        mode,
        src: &src,
        byte_index: parser == "libyaml",
        summary: Summary::default(),
        checker: Checker::default(),
    };
    let result = match parser {
        "saphyr" => saphyr(&src, &mut sink),
        "libyaml" => libyaml(&src, &mut sink),
        "marked" => marked(&src, &mut sink),
        p => {
            eprintln!("unknown parser {p}");
            return ExitCode::from(2);
        }
    };
    sink.finish(parser);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            println!("{e}");
            ExitCode::FAILURE
        }
    }
}
