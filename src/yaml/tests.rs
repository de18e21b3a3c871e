//! The tree and its refusals: positions, duplicate keys, styles, damaged input.

use super::*;

#[test]
fn aliases_are_refused_without_panicking() {
    let err = parse_tree("a: *missing\n").unwrap_err();
    assert!(err[0].message.contains("aliases"));
    assert_eq!(err[0].loc.offset, 3);
}

#[test]
fn every_anchor_tag_and_duplicate_is_reported() {
    let err = parse_tree("a: &x 1\nb: !t 2\n").unwrap_err();
    assert_eq!(
        err.iter().map(|p| p.loc.offset).collect::<Vec<_>>(),
        vec![3, 11]
    );
    let err = parse_tree("aa: 1\naa: 2\nbb: 1\nbb: 2\n").unwrap_err();
    assert_eq!(
        err.iter().map(|p| p.loc.offset).collect::<Vec<_>>(),
        vec![6, 18]
    );
}

#[test]
fn star_inside_text_is_not_an_alias() {
    assert!(parse_tree("a: \"*x\"\nb: a *b\n").is_ok());
}

#[test]
fn a_star_inside_a_plain_value_or_a_block_is_text() {
    assert!(parse_tree("title: Rex - *Deathknell* answered\n").is_ok());
    assert!(parse_tree("t: a, *b\nu: |\n  *bold* text\n  &x\nv: 1\n").is_ok());
    assert!(parse_tree("l: [a, *b]\n").is_err());
    assert!(parse_tree("- *b\n").is_err());
}

#[test]
fn layout_problems_are_named_and_not_restated() {
    let err = parse_tree("a:\n\u{a0}\u{a0}b: 1\nc: 2\n").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].message.contains("U+00A0"));
    let err = parse_tree("a:\tb\n").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].message.contains("a tab follows `a:`"));
    let err = parse_tree("name: 'Ana's Gambit'\n").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].help.contains("'Ana''s Gambit'"), "{}", err[0].help);
}

#[test]
fn parser_errors_are_explained_where_they_start() {
    let err = parse_tree("a:\n  b: 1\n  c 2\n  d: 3\n").unwrap_err();
    assert_eq!(err[0].message, "missing `:` after `c`");
    let err = parse_tree("p: [A, B # , C]\nq: 1\n").unwrap_err();
    assert!(err[0].message.contains("hides the closing `]`"));
    assert_eq!(err[0].loc.offset, 9);
    let err = parse_tree("t: \"open\nu: 1\n").unwrap_err();
    assert!(
        err[0].message.contains("never closed"),
        "{}",
        err[0].message
    );
    assert_eq!(err[0].loc.offset, 3);
}

#[test]
fn an_empty_value_is_placed_at_its_key_or_dash() {
    let src = "a:\nb: 1\nl:\n  -\n  - x\n";
    let tree = parse_tree(src).unwrap();
    let text = Text::new(src);
    let m = tree.as_mapping().unwrap();
    let a = m.get_node("a").unwrap().as_scalar().unwrap();
    assert_eq!(scalar_loc(&text, a), Loc::new(0, 2));
    let l = m.get_node("l").unwrap().as_sequence().unwrap();
    let dash = l.iter().next().unwrap().as_scalar().unwrap();
    assert_eq!(scalar_loc(&text, dash), Loc::new(src.find("-").unwrap(), 1));
}

#[test]
fn duplicate_keys_point_at_the_second() {
    let err = parse_tree("a: 1\na: 2\n").unwrap_err();
    assert_eq!(err[0].loc.offset, 5);
}

/// The bytes a label covers.
fn label(src: &str, loc: Loc) -> &str {
    &src[loc.offset..loc.offset + loc.len]
}

#[test]
fn positions_count_characters_before_a_key_and_are_given_in_bytes() {
    let src = "title: Kai'Sa — é\nwhen: ÉÉ x\nb: 1\n";
    let tree = parse_tree(src).unwrap();
    let text = Text::new(src);
    let m = tree.as_mapping().unwrap();
    let b = m.keys().nth(2).unwrap();
    assert_eq!(scalar_loc(&text, b), Loc::new(src.find("b:").unwrap(), 1));
    let when = m.get_node("when").unwrap().as_scalar().unwrap();
    assert_eq!(label(src, scalar_loc(&text, when)), "ÉÉ x");
    let title = m.get_node("title").unwrap().as_scalar().unwrap();
    assert_eq!(label(src, scalar_loc(&text, title)), "Kai'Sa — é");
}

#[test]
fn every_node_has_its_end() {
    let src = "q: \"a b\" # c\nf: {x: 1, y: [2, 3]}  # c\nl:\n  - 1\n  - 2\nz: 0\n";
    let tree = parse_tree(src).unwrap();
    let text = Text::new(src);
    let m = tree.as_mapping().unwrap();
    let q = m.get_node("q").unwrap();
    assert_eq!(
        label(src, scalar_loc(&text, q.as_scalar().unwrap())),
        "\"a b\""
    );
    let f = m.get_node("f").unwrap();
    assert_eq!(label(src, span_loc(&text, f.span())), "{x: 1, y: [2, 3]}");
    let y = f.as_mapping().unwrap().get_node("y").unwrap();
    assert_eq!(label(src, span_loc(&text, y.span())), "[2, 3]");
    // A block list ends where the next token starts; its label is its first line.
    let l = m.get_node("l").unwrap();
    assert_eq!(l.span().end(), src.find("z:").unwrap());
    assert_eq!(label(src, span_loc(&text, l.span())), "- 1");
    assert_eq!(tree.span().start(), 0);
}

#[test]
fn every_duplicate_key_is_reported_at_its_second_occurrence() {
    let src = "a: 1\nm: {x: 1, x: 2, y: 3, y: 4}\na: 2\nk:\n  n: 1\n  n: 2\n  n: 3\n";
    let err = parse_tree(src).unwrap_err();
    let found: Vec<(&str, &str)> = err
        .iter()
        .map(|p| (label(src, p.loc), p.message.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            ("x", "the key `x` appears twice in this mapping"),
            ("y", "the key `y` appears twice in this mapping"),
            ("a", "the key `a` appears twice in this mapping"),
            ("n", "the key `n` appears twice in this mapping"),
            ("n", "the key `n` appears twice in this mapping"),
        ]
    );
    let offsets: Vec<usize> = err.iter().map(|p| p.loc.offset).collect();
    assert_eq!(offsets[2], src.rfind("a: 2").unwrap());
    assert_eq!(offsets[4], src.rfind("n: 3").unwrap());
    // A key quoted one time and plain the other is the same key.
    let err = parse_tree("a: 1\n\"a\": 2\n").unwrap_err();
    assert_eq!(err[0].loc, Loc::new(5, 3));
}

#[test]
fn duplicates_in_a_long_mapping_are_found_by_hash() {
    let mut src: String = (0..40).map(|i| format!("k{i}: {i}\n")).collect();
    src.push_str("k3: again\nk39: again\n");
    let err = parse_tree(&src).unwrap_err();
    let keys: Vec<&str> = err.iter().map(|p| label(&src, p.loc)).collect();
    assert_eq!(keys, vec!["k3", "k39"]);
    assert_eq!(err[1].loc.offset, src.rfind("k39").unwrap());
}

#[test]
fn plain_values_may_be_numbers_and_quoted_or_block_values_are_text() {
    let src = "a: 2\nb: \"2\"\nc: '2'\nd: |\n  2\ne: \"x\\ty\"\n";
    let tree = parse_tree(src).unwrap();
    let m = tree.as_mapping().unwrap();
    let styles: Vec<(bool, Style)> = m
        .values()
        .map(|v| v.as_scalar().unwrap())
        .map(|s| (s.may_coerce(), s.style()))
        .collect();
    assert_eq!(
        styles,
        vec![
            (true, Style::Plain),
            (false, Style::Quoted),
            (false, Style::Quoted),
            (false, Style::Block),
            (false, Style::Quoted),
        ]
    );
    let values: Vec<&str> = m
        .values()
        .map(|v| v.as_scalar().unwrap().as_str())
        .collect();
    assert_eq!(values, vec!["2", "2", "2", "2\n", "x\ty"]);
}

#[test]
fn a_top_level_that_is_no_mapping_and_a_list_as_a_key_are_refused() {
    let err = parse_tree("- a\n- b\n").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0]
        .message
        .starts_with("a situation file is a YAML mapping"));
    assert_eq!(err[0].loc.offset, 0);
    let err = parse_tree("a: 1\n? [x]\n: 2\n").unwrap_err();
    assert_eq!(err[0].message, "a mapping key must be a plain word");
    assert_eq!(err[0].loc.offset, 7);
    assert!(parse_tree("").unwrap().as_mapping().unwrap().is_empty());
}

#[test]
fn only_the_first_document_is_read() {
    let err = parse_tree("a: 1\n---\na: 1\nb: [\n").unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].message.contains("second YAML document"));
}

#[test]
fn damaged_input_never_panics() {
    let deep = "a: ".to_string() + &"[".repeat(5_000);
    let nasty = [
        "{",
        "a: [[[[",
        "a: [}",
        "? [a]: b",
        "- - -",
        "a: *",
        "a: &",
        "a: !!",
        "a: \"\\",
        "\u{feff}a: 1",
        "a:\n  - b\n c: 1",
        "a: {x: 1, {b: 2}: 3}",
        "? a\n? a\n",
        "a: b: c",
        "é: [é, {é: é}]\né: 2\n",
        "a: |\n  x\n y: 2",
        "a: 'open\nb: 1\n",
        "a: 1\n...\n",
        ":\n- : :",
        "a: \"\\u{zz}\"\n",
        "a: >-\n\n\n",
        "a:\n  b:\n    - {c: [d, {e: f}]}\n  b: 2\n",
        "a: 1\r\nb: 2\r\na: 3\r\n",
        "a: [b, ]\nc: {d, e}\n",
        &deep,
    ];
    for src in nasty {
        if let Err(ps) = parse_tree(src) {
            for p in ps {
                assert!(
                    !p.message
                        .contains("construct situation format 1 does not read"),
                    "{src:?}: {p:?}"
                );
                assert!(p.loc.offset + p.loc.len <= src.len(), "{src:?}: {p:?}");
            }
        }
    }
}

#[test]
fn a_node_takes_32_bytes_and_an_entry_64() {
    // A 100,000-item Chain's tree holds some 1.4 million entries (issue 23): a larger node
    // grows the peak by tens of megabytes.
    if cfg!(target_pointer_width = "64") {
        assert_eq!(std::mem::size_of::<Node>(), 32);
        assert_eq!(std::mem::size_of::<(Scalar, Node)>(), 64);
    }
}

#[test]
fn a_value_unescaped_or_folded_is_kept_with_its_span_and_style() {
    let tree = parse_tree("a: \"x\\ty\"\nb: >\n  one\n  two\nc: 'it''s'\nd: plain\n").unwrap();
    let m = tree.as_mapping().unwrap();
    let get = |k: &str| m.get_node(k).unwrap().as_scalar().unwrap().clone();
    let (a, b, c, d) = (get("a"), get("b"), get("c"), get("d"));
    assert_eq!((a.as_str(), a.style()), ("x\ty", Style::Quoted));
    assert_eq!((b.as_str(), b.style()), ("one two\n", Style::Block));
    assert_eq!((c.as_str(), c.style()), ("it's", Style::Quoted));
    assert_eq!((d.as_str(), d.style()), ("plain", Style::Plain));
    assert!(d.may_coerce() && !a.may_coerce());
    // The span covers the value as written, quotes included.
    assert_eq!((a.span().start(), a.span().end()), (3, 9));
    assert_eq!((c.span().start(), c.span().end()), (30, 37));
}
