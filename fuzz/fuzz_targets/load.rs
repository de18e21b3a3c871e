//! The loader on any bytes: it never panics, and every diagnostic it gives lies inside the text
//! on character boundaries and renders, for the CLI and for the page.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The CLI refuses text that is not UTF-8 before the loader sees it.
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(p) = chainjudge::situation::load("fuzz.yaml", src) {
        for problem in &p.problems {
            let (start, len) = (problem.loc.offset, problem.loc.len);
            assert!(start + len <= p.text.len(), "a span outside the text");
            assert!(p.text.is_char_boundary(start) && p.text.is_char_boundary(start + len));
        }
        let _ = p.render(false, 100);
        let _ = p.json();
        // The page's view of the problems, with the end of every span placed.
        let _ = chainjudge::api::problems_json(&p);
    }
});
