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
