//! The words of a judge's question against the words of each ruling: the library's words
//! prepared once, the game's synonyms (`rulings/synonyms.txt`), and a score per ruling that
//! weighs each word by how rare it is in the library.
//!
//! A query word matches a ruling's word exactly, as the start of a longer word ("stun" of
//! "stunned"), or the longer form of a shorter one ("reacting" of "react"); through the synonym
//! table ("stack" finds "Chain"); and with a letter wrong only in a card's name of five letters
//! or more ("svellsongor"): the game's own terms match exactly, so "tank" never finds "task".

use super::search::normalise;
use super::{all, RulingEntry};
use std::collections::HashMap;

/// A ruling's names and words, normalised once per process; words as ids into the vocabulary.
pub(super) struct Prepared {
    /// Its card names.
    pub cards: Vec<String>,
    /// Its keywords, most central first.
    pub keywords: Vec<String>,
    /// Title and card names.
    strong: Place,
    /// The id's words that title and card names lack: the id is a short second title
    /// ("three-player-counter-war" says "counter war", which its title does not), and a word
    /// both say counts once.
    id: Place,
    /// Each keyword, in the ruling's order.
    keyword_places: Vec<Place>,
    /// The question.
    question: Place,
    /// The lead of the answer ([`lead`]): the answer in a sentence.
    lead: Place,
    /// Question and answer.
    middle: Place,
    /// What happens and nuances.
    weak: Place,
}

/// One place of a ruling, read two ways: its distinct words (stop words out) as ids into the
/// vocabulary, for single words; and all its words in order without their endings (`stem`),
/// for phrases.
struct Place {
    ids: Vec<u32>,
    stems: Vec<String>,
}

/// One of a ruling's places, for [`Prepared::place`].
#[derive(Clone, Copy)]
enum Field {
    Strong,
    Id,
    Keyword(usize),
    Question,
    Lead,
    Middle,
    Weak,
}

impl Prepared {
    /// How well something of the question stands in the ruling, from `found` (0 to 1 in one
    /// place): title, cards and keywords three times (a keyword less the further down its list
    /// it stands), the question and the id's own words two and a half, the answer twice, the
    /// rest once; the best place
    /// counts whole and the others a part, so a word the title, question and steps all say is
    /// central.
    fn place(&self, found: impl Fn(Field) -> f64) -> f64 {
        let keyword = (0..self.keyword_places.len())
            .map(|i| found(Field::Keyword(i)) * 3.0 * (1.0 - 0.1 * i as f64).max(0.6))
            .fold(0.0, f64::max);
        let mut at = [
            (found(Field::Strong) * 3.0).max(keyword),
            (found(Field::Middle) * 2.0)
                .max(found(Field::Question) * 2.5)
                .max(found(Field::Id) * 2.5),
            found(Field::Weak),
        ];
        at.sort_by(|x, y| y.total_cmp(x));
        at[0] + 0.5 * at[1] + 0.25 * at[2]
    }

    /// Place `f` of the ruling.
    fn at(&self, f: Field) -> &Place {
        match f {
            Field::Strong => &self.strong,
            Field::Id => &self.id,
            Field::Keyword(i) => &self.keyword_places[i],
            Field::Question => &self.question,
            Field::Lead => &self.lead,
            Field::Middle => &self.middle,
            Field::Weak => &self.weak,
        }
    }
}

/// Whether the words of `want` (stemmed) stand in `words` (stemmed) in their order, with at
/// most two other words among them and within one clause: "return to hand" in "returns Ashe to
/// her hand", not "spell damage" in "your spell, or its damage". The phrase's stop words are
/// among the others: "source of the damage" is said in "the source of that damage".
fn said_in<S: AsRef<str>>(words: &[S], want: &[&str]) -> bool {
    let span = want.len() + 2;
    let want: Vec<&str> = want.iter().copied().filter(|w| !STOP.contains(w)).collect();
    !want.is_empty()
        && (0..words.len()).any(|start| {
            words[start].as_ref() == want[0] && {
                let mut k = 1;
                for w in words.iter().skip(start + 1).take(span - 1) {
                    if w.as_ref() == CLAUSE_END {
                        break;
                    }
                    if k < want.len() && w.as_ref() == want[k] {
                        k += 1;
                    }
                }
                k == want.len()
            }
        })
}

/// Where a clause ends in a place's stemmed words (no word is written so).
const CLAUSE_END: &str = "|";

/// The clauses of `s`: its parts between commas, colons, semicolons, brackets and sentence
/// ends (a full stop followed by a space, so "2.5" stays whole).
fn clauses(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut start = 0;
    let mut out = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        let ends = match c {
            b',' | b';' | b':' | b'!' | b'?' | b'(' | b')' => true,
            b'.' => b.get(i + 1).is_none_or(u8::is_ascii_whitespace),
            _ => false,
        };
        if ends {
            out.push(&s[start..i]);
            start = i + 1;
        }
    }
    out.push(&s[start..]);
    out
}

/// The lead of `answer`: its first sentence, and the next ones until there are eight words at
/// least, since a bare "No." or "Yes to both." answers nothing alone.
fn lead(answer: &str) -> &str {
    let b = answer.as_bytes();
    let mut words = 0;
    for (i, &c) in b.iter().enumerate() {
        let prev_space = i == 0 || b[i - 1].is_ascii_whitespace();
        if !c.is_ascii_whitespace() && prev_space {
            words += 1;
        }
        let ends =
            matches!(c, b'.' | b'!' | b'?') && b.get(i + 1).is_none_or(u8::is_ascii_whitespace);
        if ends && words >= 8 {
            return &answer[..=i];
        }
    }
    answer
}

/// The words of `s` that `other` does not say (normalised), in their order.
fn words_not_in(s: &str, other: &str) -> String {
    let other = normalise(other);
    let other: Vec<&str> = other.split(' ').collect();
    normalise(s)
        .split(' ')
        .filter(|w| !other.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every distinct word of every ruling, whether it is a word of a card's name, and each ruling
/// prepared.
pub(super) struct Library {
    vocabulary: Vec<String>,
    card_word: Vec<bool>,
    /// One per ruling, in [`all`]'s order.
    pub rulings: Vec<Prepared>,
}

/// The library, prepared on first use.
pub(super) fn library() -> &'static Library {
    static L: std::sync::OnceLock<Library> = std::sync::OnceLock::new();
    L.get_or_init(|| {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut vocabulary: Vec<String> = Vec::new();
        let mut place = |s: &str| -> Place {
            let words = normalise(s);
            let words: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
            let mut out: Vec<u32> = words
                .iter()
                .filter(|w| !STOP.contains(w))
                .map(|w| {
                    *ids.entry((*w).to_string()).or_insert_with(|| {
                        vocabulary.push((*w).to_string());
                        u32::try_from(vocabulary.len() - 1).unwrap_or(u32::MAX)
                    })
                })
                .collect();
            out.sort_unstable();
            out.dedup();
            Place {
                ids: out,
                stems: clauses(s)
                    .into_iter()
                    .flat_map(|c| {
                        let words = normalise(c);
                        let mut stems: Vec<String> = words
                            .split(' ')
                            .filter(|w| !w.is_empty())
                            .map(|w| stem(w).to_string())
                            .collect();
                        stems.push(CLAUSE_END.to_string());
                        stems
                    })
                    .collect(),
            }
        };
        let rulings: Vec<Prepared> = all()
            .iter()
            .map(|r| {
                let mut names = r.title.unwrap_or("").to_string();
                for c in r.cards {
                    names.push(' ');
                    names.push_str(c);
                }
                let weak: Vec<&str> = r.sequence.iter().chain(r.nuances).copied().collect();
                let question_answer = format!("{} {}", r.question, r.answer);
                Prepared {
                    cards: r.cards.iter().map(|c| normalise(c)).collect(),
                    keywords: r.keywords.iter().map(|k| normalise(k)).collect(),
                    strong: place(&names),
                    id: place(&words_not_in(&r.id.replace('-', " "), &names)),
                    keyword_places: r.keywords.iter().map(|k| place(k)).collect(),
                    question: place(r.question),
                    lead: place(lead(r.answer)),
                    middle: place(&question_answer),
                    weak: place(&weak.join(" ")),
                }
            })
            .collect();
        let card_words: std::collections::HashSet<&str> = rulings
            .iter()
            .flat_map(|p| p.cards.iter().flat_map(|c| c.split(' ')))
            .collect();
        let card_word = vocabulary
            .iter()
            .map(|w| card_words.contains(w.as_str()))
            .collect();
        Library {
            vocabulary,
            card_word,
            rulings,
        }
    })
}

/// Words too common, or too vague, to search for: a question's grammar and filler ("does
/// that still work if anything has been done").
const STOP: &[&str] = &[
    "a",
    "an",
    "the",
    "of",
    "to",
    "in",
    "on",
    "and",
    "or",
    "is",
    "it",
    "for",
    "with",
    "what",
    "when",
    "how",
    "does",
    "do",
    "can",
    "i",
    "my",
    "if",
    "who",
    "its",
    "that",
    "this",
    "at",
    "be",
    "are",
    "was",
    "get",
    "got",
    "any",
    "way",
    "still",
    "their",
    "they",
    "them",
    "me",
    "being",
    "been",
    "has",
    "have",
    "had",
    "hasnt",
    "havent",
    "doesnt",
    "dont",
    "isnt",
    "will",
    "would",
    "should",
    "could",
    "there",
    "then",
    "so",
    "but",
    "just",
    "anything",
    "something",
    "done",
    "make",
    "makes",
    "made",
    "happen",
    "happens",
    "work",
    "works",
    "also",
    "really",
    "by",
    "from",
    "as",
    "into",
    "which",
    "whose",
    "we",
    "you",
    "your",
    "im",
    "ok",
    "count",
    "counts",
    "during",
    "while",
];

/// One line of the synonym table: the rules' term and the words that mean it, each a list of
/// normalised words.
struct Synonym {
    term: Vec<String>,
    also: Vec<Vec<String>>,
}

/// The synonym table, `rulings/synonyms.txt`, read once.
fn synonyms() -> &'static [Synonym] {
    static S: std::sync::OnceLock<Vec<Synonym>> = std::sync::OnceLock::new();
    S.get_or_init(|| parse_synonyms(include_str!("../../rulings/synonyms.txt")))
}

/// The table's lines, `term = word, word two, ...`; `#` starts a comment line.
fn parse_synonyms(text: &str) -> Vec<Synonym> {
    let words = |s: &str| -> Vec<String> {
        normalise(s)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(term, also)| Synonym {
            term: words(term),
            also: also
                .split(',')
                .map(words)
                .filter(|w| !w.is_empty())
                .collect(),
        })
        .collect()
}

/// A word without its ending: `countered` and `counters` are `counter`, `tapped` is `tap`,
/// `negate` and `negated` are `negat`.
fn stem(w: &str) -> &str {
    let mut s = w;
    for end in ["ing", "ed", "es", "s"] {
        if let Some(rest) = w.strip_suffix(end) {
            if rest.len() >= 3 && !w.ends_with("ss") {
                let b = rest.as_bytes();
                // A doubled last letter goes with the ending ("tapped" is "tap").
                let doubled = (end == "ing" || end == "ed")
                    && b.len() >= 4
                    && b[b.len() - 1] == b[b.len() - 2];
                s = if doubled {
                    &rest[..rest.len() - 1]
                } else {
                    rest
                };
                break;
            }
        }
    }
    match s.strip_suffix('e') {
        Some(rest) if rest.len() >= 3 => rest,
        _ => s,
    }
}

/// Whether two lists of words are the same, word endings aside.
fn same(a: &[String], b: &[&str]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| stem(x) == stem(y))
}

/// One word of the question (or a phrase of the synonym table), with what else it may be
/// found as: each alternative a list of words that must all match, and its weight.
struct QueryWord {
    alternatives: Vec<(Vec<String>, f64)>,
}

/// The question's words: phrases of the synonym table first ("went off"), stop words dropped,
/// each with its synonyms, and each once ("spell" said twice counts once).
fn query_words(q: &str) -> Vec<QueryWord> {
    let mut out: Vec<QueryWord> = Vec::new();
    for w in words_as_written(q) {
        if !out
            .iter()
            .any(|o| o.alternatives[0].0 == w.alternatives[0].0)
        {
            out.push(w);
        }
    }
    out
}

/// [`query_words`], in the question's order, repeats kept.
fn words_as_written(q: &str) -> Vec<QueryWord> {
    let raw: Vec<&str> = q.split(' ').filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < raw.len() {
        // The longest phrase of the table (a term or one of its words) starting here.
        let mut best: Option<(usize, &Synonym, bool)> = None;
        for s in synonyms() {
            let forms = std::iter::once((&s.term, true)).chain(s.also.iter().map(|a| (a, false)));
            for (form, is_term) in forms {
                let n = form.len();
                if k + n <= raw.len()
                    && same(form, &raw[k..k + n])
                    && best.is_none_or(|(m, _, _)| n > m)
                {
                    best = Some((n, s, is_term));
                }
            }
        }
        match best {
            Some((n, s, is_term)) => {
                let written: Vec<String> = raw[k..k + n].iter().map(|w| (*w).to_string()).collect();
                let mut alternatives = vec![(written, 1.0)];
                if !is_term {
                    alternatives.push((s.term.clone(), 0.95));
                }
                alternatives.extend(
                    s.also
                        .iter()
                        .filter(|a| !same(a, &raw[k..k + n]))
                        .map(|a| (a.clone(), 0.9)),
                );
                out.push(QueryWord { alternatives });
                k += n;
            }
            None => {
                if !STOP.contains(&raw[k]) {
                    out.push(QueryWord {
                        alternatives: vec![(vec![raw[k].to_string()], 1.0)],
                    });
                }
                k += 1;
            }
        }
    }
    out
}

/// How well query word `q` matches library word `w` (0 to 1): exactly, as the start of a
/// longer word (an ending of four letters at most: "stun" of "stunning", but "battle", a
/// player's word for combat, not of "battlefield") or a longer form of it, the same word with
/// another ending, or (a card's name only) with one letter wrong.
fn word_match(q: &str, w: &str, card_word: bool) -> f64 {
    if q == w {
        1.0
    } else if q.len() >= 4 && w.starts_with(q) && w.len() <= q.len() + 4 {
        0.9
    } else if q.len() >= 4 && stem(q) == stem(w) {
        // Before the shorter form: "played" is "play" with an ending, as "plays" is.
        0.9
    } else if w.len() >= 4 && q.starts_with(w) && q.len() <= w.len() + 3 {
        0.8
    } else if card_word && q.len() >= 5 && w.len() >= 5 && strsim::osa_distance(q, w) == 1 {
        0.85
    } else {
        0.0
    }
}

/// The question's words, with each one's matches against the library's vocabulary and its
/// phrases' stems, made once per question.
struct Matcher {
    words: Vec<QueryWord>,
    /// For each single word sought (as written or a synonym), how well it matches each word of
    /// the vocabulary.
    sought: HashMap<String, Vec<f64>>,
    /// For each phrase sought, its stems.
    phrases: HashMap<Vec<String>, Vec<String>>,
}

impl Matcher {
    fn new(q: &str) -> Matcher {
        let lib = library();
        let words = query_words(q);
        let mut sought: HashMap<String, Vec<f64>> = HashMap::new();
        for w in &words {
            for (alt, _) in &w.alternatives {
                for x in alt {
                    sought.entry(x.clone()).or_insert_with(|| {
                        lib.vocabulary
                            .iter()
                            .zip(&lib.card_word)
                            .map(|(v, &c)| word_match(x, v, c))
                            .collect()
                    });
                }
            }
        }
        let phrases = words
            .iter()
            .flat_map(|w| &w.alternatives)
            .filter(|(alt, _)| alt.len() > 1)
            .map(|(alt, _)| {
                (
                    alt.clone(),
                    alt.iter().map(|x| stem(x).to_string()).collect(),
                )
            })
            .collect();
        Matcher {
            words,
            sought,
            phrases,
        }
    }

    /// How well query word `w` stands in place `f` of ruling `p`: its best form there (the
    /// word as written or a synonym, weighed).
    fn found(&self, p: &Prepared, w: &QueryWord, f: Field) -> f64 {
        let at = p.at(f);
        w.alternatives
            .iter()
            .map(|(alt, weight)| {
                let found = if alt.len() > 1 {
                    // A phrase counts where it stands word for word.
                    let want: Vec<&str> = self.phrases[alt].iter().map(String::as_str).collect();
                    f64::from(u8::from(said_in(&at.stems, &want)))
                } else {
                    let m = &self.sought[&alt[0]];
                    at.ids.iter().map(|&i| m[i as usize]).fold(0.0, f64::max)
                };
                found * weight
            })
            .fold(0.0, f64::max)
    }
}

/// The question's words as the judge wrote them (a phrase of the synonym table as one), each
/// with whether ruling `index` (in library order) holds it anywhere, as written or as a
/// synonym: what a judge reads to see why a ruling came up, and what it lacks.
pub(super) fn held(q: &str, index: usize) -> Vec<(String, bool)> {
    let m = Matcher::new(q);
    let p = &library().rulings[index];
    m.words
        .iter()
        .map(|w| {
            let fields = [
                Field::Strong,
                Field::Id,
                Field::Question,
                Field::Lead,
                Field::Middle,
                Field::Weak,
            ];
            let keywords = (0..p.keyword_places.len()).map(Field::Keyword);
            let holds = fields
                .into_iter()
                .chain(keywords)
                .any(|f| m.found(p, w, f) > 0.0);
            (w.alternatives[0].0.join(" "), holds)
        })
        .collect()
}

/// Every ruling's score for the question's words (`None` where no word matches), at most 150:
/// each word counts by its best place (title, cards and keywords three times, question and
/// answer twice, the rest once), weighted by how few rulings hold it, so a ruling holding the
/// question's rare words comes before one holding only its common ones; and a ruling whose
/// answer's lead (its first sentence) says the question's words together comes before one that
/// says them only here and there: the lead is the ruling's answer in a sentence.
pub(super) fn scores(q: &str) -> Vec<Option<f64>> {
    let lib = library();
    let m = Matcher::new(q);
    if m.words.is_empty() {
        return vec![None; lib.rulings.len()];
    }
    let words = &m.words;
    // Per ruling, per query word: its places together, and how well the answer's lead says it.
    let per: Vec<Vec<(f64, f64)>> = lib
        .rulings
        .iter()
        .map(|p| {
            words
                .iter()
                .map(|w| (p.place(|f| m.found(p, w, f)), m.found(p, w, Field::Lead)))
                .collect()
        })
        .collect();
    let n = lib.rulings.len() as f64;
    let rarity: Vec<f64> = (0..words.len())
        .map(|k| {
            let holding = per.iter().filter(|s| s[k].0 > 0.0).count() as f64;
            (1.0 + n / holding.max(1.0)).ln()
        })
        .collect();
    let all_rarity: f64 = rarity.iter().sum();
    per.iter()
        .map(|s| {
            let share = |g: fn(&(f64, f64)) -> f64| {
                s.iter().zip(&rarity).map(|(x, r)| g(x) * r).sum::<f64>() / all_rarity
            };
            let words = share(|x| x.0);
            // The words in their places up to 140 (a word in the title, the question and the
            // steps is worth 4.5); and up to 10 more as the answer's lead says the question's
            // words together, the square of its share: a lead saying all of "stun" and
            // "combat" is worth four times one saying half.
            (words > 0.0).then(|| words / 4.5 * 140.0 + share(|x| x.1).powi(2) * 10.0)
        })
        .collect()
}

/// How central keyword `k` (normalised) is to ruling `r`, 0 to 20: where it stands in the
/// ruling's keyword list (the first most), and whether the title, question or answer say it.
pub(super) fn centrality(r: &RulingEntry, p: &Prepared, k: &str) -> f64 {
    let place = p
        .keywords
        .iter()
        .position(|x| x == k)
        .map_or(0.0, |i| 10.0 / (1.0 + i as f64));
    let said = |t: &str| normalise(t).contains(k);
    let mut s = place;
    if said(r.title.unwrap_or("")) {
        s += 6.0;
    }
    if said(r.question) || said(r.answer) {
        s += 4.0;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_terms_match_exactly_and_card_names_with_a_letter_wrong() {
        assert_eq!(word_match("tank", "task", false), 0.0);
        assert_eq!(word_match("deal", "heal", false), 0.0);
        assert!(word_match("svellsongor", "svellsonger", true) > 0.0);
        assert_eq!(word_match("svellsongor", "svellsonger", false), 0.0);
        assert!(word_match("stun", "stunned", false) > 0.0);
        assert!(word_match("reacting", "react", false) > 0.0);
        assert!(word_match("equip", "equipment", false) > 0.0);
        // Another word that starts with it is no ending: a battle (combat) is no battlefield.
        assert_eq!(word_match("battle", "battlefield", false), 0.0);
        // The same word with another ending matches as well as one with an ending added:
        // "played" is "play" as much as "plays" is.
        assert_eq!(
            word_match("played", "play", false),
            word_match("play", "plays", false)
        );
    }

    #[test]
    fn a_players_word_is_read_as_the_rules_term_and_the_other_way_round() {
        let alternatives = |q: &str| -> Vec<Vec<String>> {
            query_words(q)
                .into_iter()
                .flat_map(|w| w.alternatives.into_iter().map(|(a, _)| a))
                .collect()
        };
        let stack = alternatives("stack");
        assert!(stack.contains(&vec!["chain".to_string()]), "{stack:?}");
        let chain = alternatives("chain");
        assert!(chain.contains(&vec!["stack".to_string()]), "{chain:?}");
        let went = alternatives("went off");
        assert!(went.contains(&vec!["resolve".to_string()]), "{went:?}");
        let countered = alternatives("negated");
        assert!(
            countered.contains(&vec!["counter".to_string()]),
            "{countered:?}"
        );
        assert_eq!(stem("tapped"), "tap");
        assert_eq!(stem("countered"), "counter");
        assert_eq!(stem("negate"), stem("negated"));
        assert_eq!(stem("dies"), "die");
        let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let want = ["return", "to", "hand"];
        assert!(said_in(&words("return ashe to her hand"), &want));
        assert!(!said_in(
            &words("return ashe and then much later to her hand"),
            &want
        ));
    }

    #[test]
    fn an_answers_lead_is_its_first_sentence_of_eight_words_or_more() {
        let answer = "No. A move does not use the Chain, so nobody responds. Ben waits.";
        assert_eq!(
            lead(answer),
            "No. A move does not use the Chain, so nobody responds."
        );
        assert_eq!(
            lead("Yes, it deals 2.5 damage to each unit there and more."),
            "Yes, it deals 2.5 damage to each unit there and more."
        );
        assert_eq!(lead("Two."), "Two.");
    }

    #[test]
    fn a_phrase_stands_within_one_clause_and_its_stop_words_may_differ() {
        let stems = |s: &str| -> Vec<String> {
            clauses(s)
                .into_iter()
                .flat_map(|c| {
                    let mut v: Vec<String> = normalise(c)
                        .split(' ')
                        .filter(|w| !w.is_empty())
                        .map(|w| stem(w).to_string())
                        .collect();
                    v.push(CLAUSE_END.to_string());
                    v
                })
                .collect()
        };
        let spell_damage = ["spell", "damag"];
        assert!(said_in(&stems("a spell's damage goes to"), &spell_damage));
        assert!(!said_in(
            &stems("a kill instruction of your spell, or its damage"),
            &spell_damage
        ));
        let source = ["sourc", "of", "the", "damag"];
        assert!(said_in(&stems("is the source of that damage"), &source));
        assert!(!said_in(&stems("the source, and then the damage"), &source));
        assert_eq!(
            clauses("deals 2.5 damage. Then"),
            ["deals 2.5 damage", " Then"]
        );
    }

    #[test]
    fn every_line_of_the_synonym_table_has_a_term_and_words() {
        let text = include_str!("../../rulings/synonyms.txt");
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
            .count();
        let table = parse_synonyms(text);
        assert_eq!(table.len(), lines, "a line without `=`");
        assert!(table
            .iter()
            .all(|s| !s.term.is_empty() && !s.also.is_empty()));
    }
}
