//! The ways judges type rule numbers, normalised.

/// Normalises the ways judges type rule numbers: `337.1b`, `CR 337.1.b`, `337.1.b.`, `R337`,
/// `337.1.B` all become `337.1.b`; a rule number is three digits, so `55` and `CR 55.1` are
/// read as `055` and `055.1`. Returns `None` when the text is not one rule number (words
/// after a number make it a search).
///
/// ```
/// use chainjudge::lookup::normalize_number;
/// assert_eq!(normalize_number("CR 337.1b").as_deref(), Some("337.1.b"));
/// assert_eq!(normalize_number("55").as_deref(), Some("055"));
/// assert_eq!(normalize_number("focus pass"), None);
/// ```
pub fn normalize_number(input: &str) -> Option<String> {
    let mut s = input.trim().to_ascii_lowercase();
    for prefix in ["core rules", "rule", "cr", "r", "#", "§"] {
        if let Some(rest) = s.strip_prefix(prefix) {
            if rest.starts_with(|c: char| c.is_ascii_digit() || c == ' ' || c == '.') {
                s = rest.trim_start_matches([' ', '.']).to_string();
                break;
            }
        }
    }
    let s = s.trim().trim_end_matches('.');
    // "337 1 b": parts typed with spaces for dots, when every part is a number or one letter
    // (with dots too, "337.1.b 338" is two numbers: a search).
    let spaced;
    let s = if s.contains(' ') && !s.contains('.') {
        let parts: Vec<&str> = s.split([' ', '.']).filter(|p| !p.is_empty()).collect();
        let numberish = |p: &&str| {
            p.bytes().all(|b| b.is_ascii_digit())
                || (p.len() == 1 && p.as_bytes()[0].is_ascii_lowercase())
        };
        if parts.len() < 2
            || !parts.iter().all(numberish)
            || !parts[0].as_bytes()[0].is_ascii_digit()
        {
            return None;
        }
        spaced = parts.join(".");
        spaced.as_str()
    } else {
        s
    };
    // The rule families below 100 are written with leading zeros (055); judges drop them.
    let lead = s.bytes().take_while(u8::is_ascii_digit).count();
    let padded;
    let s = if (1..3).contains(&lead) {
        padded = format!("{}{s}", "0".repeat(3 - lead));
        padded.as_str()
    } else {
        s
    };
    if s.len() < 3 || !s.as_bytes()[..3].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut cur = String::new();
    for c in s.chars() {
        if c == '.' {
            if !cur.is_empty() {
                parts.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let digit = c.is_ascii_digit();
        if !digit && !c.is_ascii_lowercase() {
            return None;
        }
        let cur_digit = cur.chars().next().map(|x| x.is_ascii_digit());
        if cur_digit.is_some_and(|d| d != digit) {
            parts.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    // Sub-rule letters are single letters; anything longer is a word, so this is a search.
    let letters_ok = parts
        .iter()
        .all(|p| p.as_bytes()[0].is_ascii_digit() || p.len() == 1);
    if parts.first().is_none_or(|p| p.len() != 3) || !letters_ok {
        return None;
    }
    Some(parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::normalize_number;

    #[test]
    fn judges_number_spellings_normalise() {
        for s in [
            "337.1.b",
            "337.1b",
            "CR 337.1.b",
            "337.1.b.",
            "cr337.1.B",
            "Rule 337.1.b",
        ] {
            assert_eq!(normalize_number(s).as_deref(), Some("337.1.b"), "{s}");
        }
        assert_eq!(normalize_number("464.2c1a").as_deref(), Some("464.2.c.1.a"));
        assert_eq!(normalize_number("337").as_deref(), Some("337"));
        assert_eq!(normalize_number("focus pass"), None);
        assert_eq!(normalize_number("33").as_deref(), Some("033"));
        assert_eq!(normalize_number("CR 55").as_deref(), Some("055"));
        assert_eq!(normalize_number("rule 55.1").as_deref(), Some("055.1"));
        assert_eq!(normalize_number("3000"), None);
        assert_eq!(
            normalize_number("337 finalize"),
            None,
            "words make it a search"
        );
        assert_eq!(normalize_number("337.1.b 338"), None);
    }
}
