//! A JSON layout like `serde_json`'s pretty one (two spaces a level), started at a given depth:
//! a step row is written straight into the document at its final indentation, rather than
//! laid out alone and re-indented line by line (issue 23).

use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Pretty JSON whose nesting starts at `depth` levels of two spaces. The opening bracket is
/// written where the writer stands (the caller indents it); what it holds, and its closing
/// bracket, are indented from `depth`. Output is byte for byte `serde_json`'s pretty layout,
/// shifted right.
pub(super) struct Indented {
    depth: usize,
    /// Whether the innermost open array or object holds a value yet.
    has_value: bool,
}

impl Indented {
    /// A layout starting `depth` levels in.
    pub(super) fn at(depth: usize) -> Self {
        Self {
            depth,
            has_value: false,
        }
    }

    fn indent<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        // One write for the common depths (a row's fields are at most a few levels in).
        const SPACES: &[u8] = b"                                ";
        let mut n = 2 * self.depth;
        while n > 0 {
            let k = n.min(SPACES.len());
            w.write_all(&SPACES[..k])?;
            n -= k;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(bracket)
    }

    fn entry<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        w.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(w)
    }
}

impl Formatter for Indented {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.entry(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.entry(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At depth 0 the layout is serde_json's pretty one; at depth 2 every line but the first
    /// is that one shifted four spaces.
    #[test]
    fn the_layout_is_serde_jsons_pretty_one_shifted() {
        let v = serde_json::json!({
            "a": [1, {"b": [], "c": {}}, [2, 3]],
            "d": {"e": "f", "g": [{"h": null}]},
            "i": []
        });
        let pretty = serde_json::to_string_pretty(&v).unwrap();
        for depth in [0, 2, 5] {
            let mut out = Vec::new();
            let mut ser = serde_json::Serializer::with_formatter(&mut out, Indented::at(depth));
            serde::Serialize::serialize(&v, &mut ser).unwrap();
            let pad = "  ".repeat(depth);
            let shifted: Vec<String> = pretty
                .lines()
                .enumerate()
                .map(|(k, l)| {
                    if k == 0 {
                        l.to_string()
                    } else {
                        format!("{pad}{l}")
                    }
                })
                .collect();
            assert_eq!(String::from_utf8(out).unwrap(), shifted.join("\n"));
        }
    }
}
