//! Forty questions a judge types (tests/ruling-questions.yaml), each with the rulings that must
//! come in the first three: written from the rulings' texts by a helper who had not seen the
//! search, and committed before the search was tuned (issue 22).
//!
//! Not all pass yet: the test holds the count that pass (a floor that only rises) and prints
//! the questions that miss, so tuning can be measured and a regression fails.

use chainjudge::rulings;

#[derive(serde::Deserialize)]
struct Question {
    ask: String,
    top3: Vec<String>,
    why: String,
}

#[test]
fn every_judge_question_finds_its_rulings_in_the_first_three() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ruling-questions.yaml");
    let questions: Vec<Question> =
        serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(questions.len(), 40, "the issue asks for forty questions");
    let mut failed = Vec::new();
    for q in &questions {
        for id in &q.top3 {
            assert!(
                rulings::all().iter().any(|r| r.id == id),
                "{id} (for {:?}) is no ruling",
                q.ask
            );
        }
        let shown: Vec<&str> = rulings::search(&q.ask, 3)
            .iter()
            .map(|h| h.ruling.id)
            .collect();
        let missing: Vec<&String> = q
            .top3
            .iter()
            .filter(|id| !shown.contains(&id.as_str()))
            .collect();
        if !missing.is_empty() {
            failed.push(format!(
                "{:?}: missing {missing:?}; the first three were {shown:?} ({})",
                q.ask, q.why
            ));
        }
    }
    // Issue 22 asks for all forty. On the 300 rulings 39 passed; re-judged on 513, 35 pass,
    // 37 once the answer's lead counted, 38 once a ruling's companion followed it (the misses
    // are printed below). Lower this as tuning goes on; never raise it.
    const AT_MOST_MISSED: usize = 2;
    eprintln!(
        "{} of 40 questions miss a ruling in their first three:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(
        failed.len() <= AT_MOST_MISSED,
        "{} of 40 questions miss a ruling in their first three (at most {AT_MOST_MISSED} may):\n{}",
        failed.len(),
        failed.join("\n")
    );
}
