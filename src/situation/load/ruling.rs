//! The `ruling` block of a rulings file ("Rulings files" in `docs/situation-format.md`): question,
//! answer, search lists, the rules cited (a list or per edition) and the sources.

use super::Reader;
use crate::situation::{Ruling, RulingSource};
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
                let get = |r: &mut Self, k: &str| {
                    m.get_node(k)
                        .and_then(|x| r.text_list(x, &format!("`ruling.rules.{k}`")))
                        .map(|l| l.into_iter().map(|(t, _)| t).collect::<Vec<_>>())
                        .unwrap_or_default()
                };
                (get(self, "july"), get(self, "october"))
            }
            Some(n) => (
                self.text_list(n, "`ruling.rules`")
                    .map(|l| l.into_iter().map(|(t, _)| t).collect())
                    .unwrap_or_default(),
                Vec::new(),
            ),
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
