//! The `ruling` block of a rulings file ("Rulings files" in `docs/situation-format.md`): question,
//! answer, search lists, the rules cited (a list or per edition) and the sources.

use super::Reader;
use crate::diag::Problem;
use crate::situation::{Ruling, RulingSource, SourceKind};
use crate::yaml::{Loc, Node};

impl<'a> Reader<'a> {
    pub(super) fn ruling(&mut self, node: &Node) -> Option<Ruling> {
        let map = self.mapping(
            node,
            "`ruling`",
            &[
                "question",
                "answer",
                "sequence",
                "nuances",
                "cards",
                "keywords",
                "rules",
                "source",
                "checked_against",
                "superseded_by",
                "superseded_note",
                "set",
                "no_situation",
            ],
            "`{ question: ..., answer: ... }`",
        )?;
        let question = self
            .require(map, node, "question", "`ruling`")
            .and_then(|n| self.text(n, "`question`"));
        let answer = self
            .require(map, node, "answer", "`ruling`")
            .and_then(|n| self.text(n, "`answer`"));
        let texts = |r: &mut Self, key: &str| -> Vec<String> {
            map.get_node(key)
                .and_then(|n| r.text_list(n, &format!("`ruling.{key}`")))
                .map(|l| l.into_iter().map(|(t, _)| t).collect())
                .unwrap_or_default()
        };
        let sequence = texts(self, "sequence");
        let nuances = texts(self, "nuances");
        let cards = texts(self, "cards");
        let keywords = texts(self, "keywords");
        let (rules_july, rules_october) = match map.get_node("rules") {
            Some(n) if n.as_mapping().is_some() => {
                let m = self.mapping(
                    n,
                    "`ruling.rules`",
                    &["july", "october"],
                    "`{ july: [\"419.4.b\"], october: [\"420.4.b\"] }`",
                )?;
                let july = m
                    .get_node("july")
                    .and_then(|x| self.text_list(x, "`ruling.rules.july`"))
                    .unwrap_or_default();
                let october = m
                    .get_node("october")
                    .and_then(|x| self.text_list(x, "`ruling.rules.october`"))
                    .map(|l| l.into_iter().map(|(t, _)| t).collect::<Vec<_>>())
                    .unwrap_or_default();
                (self.july_numbers(july), october)
            }
            Some(n) => {
                let july = self.text_list(n, "`ruling.rules`").unwrap_or_default();
                (self.july_numbers(july), Vec::new())
            }
            None => (Vec::new(), Vec::new()),
        };
        let sources = match map.get_node("source") {
            Some(n) if n.as_sequence().is_some() => n
                .as_sequence()
                .map(|s| s.iter().filter_map(|x| self.ruling_source(x)).collect())
                .unwrap_or_default(),
            Some(n) => self.ruling_source(n).into_iter().collect(),
            None => {
                self.require(map, node, "source", "`ruling`");
                Vec::new()
            }
        };
        let checked_against = map
            .get_node("checked_against")
            .and_then(|n| self.word(n, "`checked_against`", &["july", "october"]))
            .unwrap_or("july")
            .to_string();
        let superseded_by = map
            .get_node("superseded_by")
            .and_then(|n| self.text(n, "`superseded_by`"));
        let superseded_note = map
            .get_node("superseded_note")
            .and_then(|n| self.text(n, "`superseded_note`"));
        let set = map
            .get_node("set")
            .and_then(|n| self.word(n, "`set`", crate::situation::SETS))
            .map(str::to_string);
        let no_situation = map
            .get_node("no_situation")
            .and_then(|n| self.no_situation(n));
        Some(Ruling {
            question: question?,
            answer: answer?,
            sequence,
            nuances,
            cards,
            keywords,
            rules_july,
            rules_october,
            sources,
            checked_against,
            superseded_by,
            superseded_note,
            set,
            no_situation,
        })
    }

    /// `no_situation: "GAP: why"`, GAP one of [`GAPS`](crate::situation::GAPS).
    fn no_situation(&mut self, node: &Node) -> Option<String> {
        let t = self.text(node, "`no_situation`")?;
        let gaps: Vec<&str> = crate::situation::GAPS.iter().map(|(g, _)| *g).collect();
        let gap = t.split_once(':').map(|(g, why)| (g.trim(), why.trim()));
        match gap {
            Some((g, why)) if gaps.contains(&g) && !why.is_empty() => Some(t),
            _ => {
                self.push(
                    Problem::new(
                        "no_situation_gap",
                        self.loc(node),
                        "`no_situation` must name the format's gap, a colon, and why",
                    )
                    .label("expected `GAP: why`")
                    .help(format!(
                        "write e.g. `no_situation: \"deck: the format has no deck\"`; the gaps: {}",
                        gaps.join(", ")
                    )),
                );
                None
            }
        }
    }

    /// The July numbers a ruling cites, normalised (`CR 419.4b` is `419.4.b`); a number the
    /// July document does not have is reported at its place, with the nearest rules.
    fn july_numbers(&mut self, cited: Vec<(String, Loc)>) -> Vec<String> {
        let mut out = Vec::new();
        for (text, loc) in cited {
            let number = crate::lookup::normalize_number(&text);
            match number.as_deref().map(|n| {
                crate::lookup::lookup(n, crate::edition::EditionId::July, false).map(|_| n)
            }) {
                Some(Ok(n)) => out.push(n.to_string()),
                Some(Err(crate::lookup::LookupError::NotFound { nearest, .. })) => {
                    let near: Vec<String> = nearest
                        .iter()
                        .map(|r| format!("{} ({})", r.label(), r.title))
                        .collect();
                    self.push(
                        Problem::new(
                            "unknown_rule",
                            loc,
                            format!("`{text}` is not a rule of the July 2026 Core Rules"),
                        )
                        .label("no such July rule")
                        .help(format!(
                            "cite July numbers (`chainjudge rule WORDS --rules july` finds one){}",
                            match near.len() {
                                0 => String::new(),
                                1 => format!("; the nearest is {}", near[0]),
                                _ => format!("; the nearest are {}", near.join(" and ")),
                            }
                        )),
                    );
                }
                None => self.push(
                    Problem::new(
                        "not_a_rule_number",
                        loc,
                        format!("`{text}` is not a rule number"),
                    )
                    .label("not a rule number")
                    .help("write a July rule number such as `419.4.b`".to_string()),
                ),
            }
        }
        out
    }

    fn ruling_source(&mut self, node: &Node) -> Option<RulingSource> {
        const EXAMPLE: &str =
            "`{ publisher: Riot Games, title: ..., date: 2026-08-14, url: ..., kind: official }`";
        // Issue 22 replaced `official: true|false` with `kind`: say what to write instead.
        if let Some((k, v)) = node
            .as_mapping()
            .and_then(|m| m.iter().find(|(k, _)| k.as_str() == "official"))
        {
            let was = v.as_scalar().map(|s| s.as_str()).unwrap_or("");
            let fix = if was == "false" {
                "write `kind: community` (anyone but Riot)".to_string()
            } else {
                "write `kind: official` where Riot answered this question there (an FAQ answer, an article, a patch note stating this case), or `kind: rules` where the source is the Core Rules or a general rule change applied to it".to_string()
            };
            self.push(
                Problem::new(
                    "unknown_key",
                    self.sloc(k),
                    "`official` was replaced by `kind: official | rules | community`",
                )
                .label("replaced by `kind`")
                .help(fix),
            );
        }
        let map = self.mapping(
            node,
            "a ruling source",
            &[
                "publisher",
                "title",
                "date",
                "undated",
                "url",
                "kind",
                "heading",
                "official",
            ],
            EXAMPLE,
        )?;
        let publisher = self
            .require(map, node, "publisher", "a ruling source")
            .and_then(|n| self.text(n, "`publisher`"));
        let title = self
            .require(map, node, "title", "a ruling source")
            .and_then(|n| self.text(n, "`title`"));
        let date = map
            .get_node("date")
            .and_then(|n| self.day(n, "`date`", "the day the source was published"));
        let undated = map
            .get_node("undated")
            .and_then(|n| self.text(n, "`undated`"));
        if map.get_node("date").is_none() && map.get_node("undated").is_none() {
            self.push(
                Problem::new(
                    "missing_key",
                    self.loc(node),
                    "a ruling source needs `date` or `undated`",
                )
                .label("no `date`")
                .help("write `date: YYYY-MM-DD` (the day it was published), or `undated: \"why: e.g. the page shows no date; read 2026-12-04\"`"),
            );
        }
        if let (Some(_), Some(n)) = (map.get_node("date"), map.get_node("undated")) {
            self.push(
                Problem::new(
                    "conflicting_keys",
                    self.loc(n),
                    "a ruling source has both `date` and `undated`",
                )
                .label("`undated` beside a `date`")
                .help("keep `date` and delete `undated`"),
            );
        }
        let url = map.get_node("url").and_then(|n| self.text(n, "`url`"));
        let heading = map
            .get_node("heading")
            .and_then(|n| self.text(n, "`heading`"));
        let words: Vec<&'static str> = SourceKind::ALL.iter().map(|k| k.word()).collect();
        let kind = match map.get_node("kind") {
            Some(n) => self
                .word(n, "`kind`", &words)
                .and_then(SourceKind::from_word),
            None if map.get_node("official").is_some() => None,
            None => {
                self.require(map, node, "kind", "a ruling source");
                None
            }
        };
        Some(RulingSource {
            publisher: publisher?,
            title: title?,
            date,
            undated,
            url,
            kind: kind?,
            heading,
        })
    }
}
