//! The `ruling` block of a rulings file ("Rulings files" in `docs/situation-format.md`): question,
//! answer, search lists, the rules cited (a list or per edition) and the sources.

use super::Reader;
use crate::diag::Problem;
use crate::situation::{Ruling, RulingSource};
use crate::yaml::Loc;
use marked_yaml::Node;

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
        })
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
        let map = self.mapping(
            node,
            "a ruling source",
            &["publisher", "title", "date", "url", "official", "heading"],
            "`{ publisher: Riot Games, title: ..., date: 2026-08-14, url: ..., official: true }`",
        )?;
        let publisher = self
            .require(map, node, "publisher", "a ruling source")
            .and_then(|n| self.text(n, "`publisher`"));
        let title = self
            .require(map, node, "title", "a ruling source")
            .and_then(|n| self.text(n, "`title`"));
        let date = map.get_node("date").and_then(|n| self.text(n, "`date`"));
        let url = map.get_node("url").and_then(|n| self.text(n, "`url`"));
        let heading = map
            .get_node("heading")
            .and_then(|n| self.text(n, "`heading`"));
        let official = map
            .get_node("official")
            .and_then(|n| self.boolean(n, "`official`"))
            .unwrap_or(false);
        Some(RulingSource {
            publisher: publisher?,
            title: title?,
            date,
            url,
            official,
            heading,
        })
    }
}
