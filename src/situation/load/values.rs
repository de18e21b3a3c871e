//! Values: text (never a YAML number, boolean or null: "Ids, names and rule numbers are text"
//! in `docs/situation-format.md`), booleans, whole numbers within [`MAX_NUMBER`], fixed words
//! and lists.

use super::keys::suggest;
use super::reader::Reader;
use crate::diag::Problem;
use crate::yaml::{Loc, Node, Sequence};

/// The largest whole number a situation file may write (either sign).
pub(super) const MAX_NUMBER: i64 = 1_000_000;

/// Whether a plain scalar would be read by YAML 1.2 as something other than text.
pub(super) fn plain_non_text(s: &str) -> Option<&'static str> {
    let t = s.trim();
    if matches!(t, "" | "~" | "null" | "Null" | "NULL") {
        return Some("null");
    }
    if matches!(t, "true" | "True" | "TRUE" | "false" | "False" | "FALSE") {
        return Some("a boolean");
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let is_int = !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit());
    let is_hex_oct =
        (t.starts_with("0x") && t.len() > 2 && t[2..].bytes().all(|b| b.is_ascii_hexdigit()))
            || (t.starts_with("0o")
                && t.len() > 2
                && t[2..].bytes().all(|b| (b'0'..=b'7').contains(&b)));
    if is_int || is_hex_oct {
        return Some("a number");
    }
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), ".inf" | ".nan") {
        return Some("a number");
    }
    let (mant, exp) = match lower.split_once('e') {
        Some((m, e)) => (m, Some(e)),
        None => (lower.as_str(), None),
    };
    let mant_ok = {
        let (a, b) = mant.split_once('.').unwrap_or((mant, ""));
        mant.contains('.')
            && (!a.is_empty() || !b.is_empty())
            && a.bytes().all(|c| c.is_ascii_digit())
            && b.bytes().all(|c| c.is_ascii_digit())
            || (!mant.is_empty() && mant.bytes().all(|c| c.is_ascii_digit()) && exp.is_some())
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    if mant_ok && exp_ok {
        return Some("a number");
    }
    None
}

/// How a YAML number other than a decimal whole number is written, and its decimal form
/// when it is a whole number within bounds (`0x10` is 16).
pub(super) fn number_form(t: &str) -> Option<(&'static str, Option<String>)> {
    if plain_non_text(t) != Some("a number") {
        return None;
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let sign = if t.starts_with('-') { "-" } else { "" };
    let radix = |digits: &str, r: u32| {
        i64::from_str_radix(digits, r)
            .ok()
            .filter(|v| *v <= MAX_NUMBER)
            .map(|v| format!("{sign}{v}"))
    };
    let lower = body.to_ascii_lowercase();
    if let Some(h) = t.strip_prefix("0x") {
        return Some(("a hexadecimal number", radix(h, 16)));
    }
    if let Some(o) = t.strip_prefix("0o") {
        return Some(("an octal number", radix(o, 8)));
    }
    if lower == ".inf" {
        return Some(("infinity", None));
    }
    if lower == ".nan" {
        return Some(("NaN (YAML's \"not a number\")", None));
    }
    if lower.contains('e') {
        let whole = t
            .parse::<f64>()
            .ok()
            .filter(|v| v.fract() == 0.0 && v.abs() <= MAX_NUMBER as f64)
            .map(|v| format!("{v}"));
        return Some(("a number with an exponent", whole));
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return None; // a whole number: too large, reported as such
    }
    let whole = t
        .parse::<f64>()
        .ok()
        .filter(|v| v.fract() == 0.0 && v.abs() <= MAX_NUMBER as f64)
        .map(|v| format!("{v}"));
    Some(("a number with a decimal point", whole))
}

impl Reader<'_> {
    /// Text (a string, never a YAML number, boolean or null).
    pub(super) fn text(&mut self, node: &Node, what: &str) -> Option<String> {
        match node {
            Node::Scalar(s) => {
                if s.may_coerce() {
                    if let Some(kind) = plain_non_text(s.as_str()) {
                        let help = if kind == "null" {
                            format!("write a value for {what}")
                        } else {
                            if s.as_str().contains('.') {
                                format!("quote it: \"{}\" (YAML reads it as {kind}, and a number loses the zeros at its end)", s.as_str())
                            } else {
                                format!("quote it: \"{}\" (YAML reads it as {kind})", s.as_str())
                            }
                        };
                        self.push(
                            Problem::new(
                                "not_text",
                                self.sloc(s),
                                format!("{what} must be text, found {kind}"),
                            )
                            .label(format!("YAML reads this as {kind}"))
                            .help(help),
                        );
                        return None;
                    }
                }
                Some(s.as_str().to_string())
            }
            other => {
                let found = Self::type_name(other);
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(other),
                        format!("{what} must be text, found {found}"),
                    )
                    .label(format!("expected text, found {found}"))
                    .help(format!("write {what} as a single value")),
                );
                None
            }
        }
    }

    pub(super) fn boolean(&mut self, node: &Node, what: &str) -> Option<bool> {
        if let Node::Scalar(s) = node {
            if s.may_coerce() {
                match s.as_str() {
                    "true" | "True" | "TRUE" => return Some(true),
                    "false" | "False" | "FALSE" => return Some(false),
                    _ => {}
                }
            }
        }
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be true or false"),
            )
            .label(format!(
                "expected true or false, found {}",
                Self::type_name(node)
            ))
            .help("write true or false, unquoted (YAML 1.2: yes/no/on/off are text)"),
        );
        None
    }

    /// A whole number of at least `min` (a count: `nth`, `met_before`); below it, a problem
    /// (`too_small`) and `None`.
    pub(super) fn count(&mut self, node: &Node, what: &str, min: u32) -> Option<u32> {
        let v = self.integer(node, what)?;
        if v < i64::from(min) {
            self.push(
                Problem::new(
                    "too_small",
                    self.loc(node),
                    format!("{what} must be {min} or more"),
                )
                .label("too small")
                .help(format!("write a whole number of at least {min}")),
            );
            return None;
        }
        Some(u32::try_from(v).unwrap_or(u32::MAX))
    }

    /// A whole number, at most [`MAX_NUMBER`] in size: no game value comes near it, and the
    /// bound keeps every sum the replay makes exact.
    pub(super) fn integer(&mut self, node: &Node, what: &str) -> Option<i64> {
        if let Node::Scalar(s) = node {
            if s.may_coerce() {
                let t = s.as_str().trim();
                let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                match t.parse::<i64>() {
                    Ok(v) if v.abs() <= MAX_NUMBER => return Some(v),
                    Ok(_) | Err(_) if whole => {
                        self.push(
                            Problem::new(
                                "number_too_large",
                                self.loc(node),
                                format!("{what} is too large"),
                            )
                            .label(format!("at most {MAX_NUMBER} either way"))
                            .help(format!(
                                "write a whole number between -{MAX_NUMBER} and {MAX_NUMBER}: no game value comes near it"
                            )),
                        );
                        return None;
                    }
                    _ => {}
                }
            }
        }
        if let Some(s) = node.as_scalar() {
            let t = s.as_str().trim();
            let lead: String = t
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-' || *c == '+')
                .collect();
            let whole = lead.parse::<i64>().is_ok_and(|v| v.abs() <= MAX_NUMBER);
            let help = if !s.may_coerce() && whole && lead == t {
                Some(format!("remove the quotes: `{t}` (quoted, it is text)"))
            } else if s.may_coerce() && whole && t[lead.len()..].starts_with([' ', '(']) {
                Some(format!(
                    "write the number alone: `{lead}`; a note can follow it as a comment, after a space and a `#`: `{lead}  # {}`",
                    t[lead.len()..].trim()
                ))
            } else {
                None
            };
            if let Some(help) = help {
                self.push(
                    Problem::new(
                        "wrong_type",
                        self.loc(node),
                        format!("{what} must be a whole number"),
                    )
                    .label("expected a whole number, found text")
                    .help(help),
                );
                return None;
            }
        }
        if let Some((form, decimal)) = node
            .as_scalar()
            .filter(|s| s.may_coerce())
            .and_then(|s| number_form(s.as_str().trim()))
        {
            let help = match decimal {
                Some(d) => format!("write it with the digits 0-9 only: `{d}`"),
                None => format!(
                    "write a whole number with the digits 0-9 only (a `-` before it if negative), such as 3, at most {MAX_NUMBER} either way"
                ),
            };
            // A hexadecimal or octal number is a whole number written in a notation the format
            // does not read; the other forms are not whole numbers at all.
            let code = if form.starts_with("a hex") || form.starts_with("an octal") {
                "number_notation"
            } else {
                "wrong_type"
            };
            self.push(
                Problem::new(
                    code,
                    self.loc(node),
                    format!("{what} must be a whole number in decimal digits, not {form}"),
                )
                .label(form)
                .help(help),
            );
            return None;
        }
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be a whole number"),
            )
            .label(format!(
                "expected a whole number, found {}",
                Self::type_name(node)
            ))
            .help("write an unquoted whole number such as 1"),
        );
        None
    }

    /// One of a fixed set of words.
    pub(super) fn word(
        &mut self,
        node: &Node,
        what: &str,
        allowed: &[&'static str],
    ) -> Option<&'static str> {
        let s = self.text(node, what)?;
        if let Some(w) = allowed.iter().find(|w| **w == s.as_str()) {
            return Some(w);
        }
        let mut help = match suggest(&s, allowed.iter().copied()) {
            Some(m) => format!("did you mean `{m}`? one of: {}", allowed.join(", ")),
            None => format!("use one of: {}", allowed.join(", ")),
        };
        // `reaction#note`: a `#` right after a word does not start a comment.
        if let Some((before, after)) = s.split_once('#') {
            let before = before.trim_end();
            if allowed.contains(&before) && !s[..s.find('#').unwrap_or(0)].ends_with(' ') {
                help = format!(
                    "a `#` starts a comment only after a space: write `{before}  # {}`",
                    after.trim()
                );
            }
        }
        self.push(
            Problem::new(
                "unknown_value",
                self.loc(node),
                format!("`{s}` is not a value of {what}"),
            )
            .label("unknown value")
            .help(help),
        );
        None
    }

    pub(super) fn list<'n>(&mut self, node: &'n Node<'n>, what: &str) -> Option<&'n Sequence<'n>> {
        if let Some(seq) = node.as_sequence() {
            return Some(seq);
        }
        let found = Self::type_name(node);
        let help = if found == "null" {
            format!("write `[]` after the colon for an empty list (or leave {what} out), or one `- item` per line below it")
        } else {
            format!("write {what} as a list: [a, b] or one `- item` per line")
        };
        self.push(
            Problem::new(
                "wrong_type",
                self.loc(node),
                format!("{what} must be a list, found {found}"),
            )
            .label(format!("expected a list, found {found}"))
            .help(help),
        );
        None
    }

    pub(super) fn text_list(&mut self, node: &Node, what: &str) -> Option<Vec<(String, Loc)>> {
        let seq = self.list(node, what)?;
        let mut out = Vec::new();
        for n in seq.iter() {
            if let Some(t) = self.text(n, &format!("an entry of {what}")) {
                out.push((t, self.loc(n)));
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::plain_non_text;

    #[test]
    fn yaml_core_scalars_are_not_text() {
        for s in [
            "355.10", "1", "-2", "1e3", ".5", "true", "null", "~", "0x1F", ".inf",
        ] {
            assert!(plain_non_text(s).is_some(), "{s}");
        }
        for s in ["Ana", "on", "yes", "337.1.b", "1a", "a.b", "e3"] {
            assert!(plain_non_text(s).is_none(), "{s}");
        }
    }
}
