// A file's problems, each under its source line with a caret, as the CLI draws them but
// sized for a phone: the line scrolls sideways rather than wrapping, the fix follows, and a
// tap puts the editor on that line.

// Fixes that name a CLI command get the page's words instead.
const PAGE_HELP = {
  no_situation: "look it up in the Rulings view; to make it replayable, add players, a chain and actions (situation format 1)",
};
// The problem's line (and the one before it, for context) with a caret line under the marked
// text. A line whose mark starts far right is shown from shortly before the mark, cut with
// "…" as the CLI cuts it, so the caret is on the screen.
function sourceExcerpt(text, p) {
  const lines = text.split("\n");
  const line = lines[p.line - 1];
  if (line === undefined) return null;
  const w = String(p.line).length;
  const gutter = (n) => el("span", { class: "gutter" }, (n === null ? " ".repeat(w) : String(n).padStart(w)) + " │ ");
  const from = p.column > CUT_AFTER ? p.column - 1 - KEEP_BEFORE : 0;
  const cut = (s) => (from ? "…" + Array.from(s).slice(from + 1).join("") : s);
  const chars = Array.from(line);
  const width = p.end_line === p.line ? Math.max(1, p.end_column - p.column) : Math.max(1, chars.length - p.column + 1);
  const before = chars.slice(from, p.column - 1).map((c) => (c === "\t" ? "\t" : " ")).join("");
  // The line before, for context, unless it is blank or ends before the cut.
  const above = p.line > 1 ? lines[p.line - 2] : "";
  const prev = above.trim() && Array.from(above).length > from + 1 ? [gutter(p.line - 1), cut(above), "\n"] : null;
  // The label follows its carets when the whole fits the screen, else goes under the excerpt.
  const follows = w + 3 + before.length + width + 1 + Array.from(p.label).length <= FITS;
  return [el("pre", { class: "src" }, prev, gutter(p.line), cut(line), "\n",
    gutter(null), before, el("span", { class: "caret" }, "^".repeat(width) + (follows ? " " : ""), follows ? inline(p.label) : null)),
  follows ? null : el("p", { class: "caret-label" }, "^ ", inline(p.label))];
}
// FITS characters of an excerpt (gutter included) fit a 360-pixel screen without scrolling. A
// mark starting after column CUT_AFTER is shown with KEEP_BEFORE characters before it (the
// first of them replaced by "…"), so the mark starts well inside those FITS.
const FITS = 34;
const CUT_AFTER = 16;
const KEEP_BEFORE = 8;
function problemCard(text, p, first) {
  const help = PAGE_HELP[p.code] || p.help;
  return el("div", { class: "card problem" + (first ? " first" : "") },
    el("h3", { class: first ? "first-problem" : "" }, "Line " + p.line + ", column " + p.column + ": ", inline(p.message)),
    sourceExcerpt(text, p),
    help ? el("p", { class: "fix" }, el("strong", {}, "Fix: "), inline(help)) : null,
    p.also.map((a) => el("p", { class: "muted" }, "Also line " + a.line + ", column " + a.column + ": " + a.label)),
    el("button", { class: "plain", type: "button", onclick: () => goToLine(p.line, true, p) }, "Go to line " + p.line));
}
function showProblems(out, text, r) {
  const ps = r.problems;
  out.append(el("p", { class: "diagnostics what bad" }, ps.message,
    ps.total > ps.places.length ? ` (the first ${ps.places.length} of ${ps.total} are shown)` : ""));
  ps.places.forEach((p, i) => out.append(problemCard(text, p, i === 0)));
  // After the tap that replayed has done with the selection (Chromium puts a blurred editor's
  // caret back at the end once the click handler returns).
  if (ps.places.length) setTimeout(() => goToLine(ps.places[0].line, false, ps.places[0]), 0);
}
// Selects line `line` of the editor (or, given the problem `p`, its marked text) and scrolls
// the editor to it, sideways too; with `focus`, also brings the editor into view and gives it
// the keyboard, to mend the line.
function goToLine(line, focus, p) {
  const ta = $("replay-text");
  const lines = ta.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  if (focus) {
    ta.scrollIntoView({ block: "start" });
    window.scrollBy(0, -document.querySelector("header").offsetHeight - 8);
    ta.focus({ preventScroll: true });
  }
  const text = lines[line - 1] || "";
  // Columns count characters; the editor's offsets count UTF-16 units.
  const unit = (col) => Array.from(text).slice(0, col - 1).join("").length;
  if (p && p.end_line === p.line) ta.setSelectionRange(at + unit(p.column), at + unit(p.end_column));
  else ta.setSelectionRange(at, at + text.length);
  const h = parseFloat(getComputedStyle(ta).lineHeight) || 21;
  ta.scrollTop = Math.max(0, (line - 1) * h - ta.clientHeight / 3);
  // A monospace character is about 0.6 of the font size wide.
  const ch = (parseFloat(getComputedStyle(ta).fontSize) || 16) * 0.6;
  // Sideways only when the marked text would end off the screen: the lines keep their starts.
  const end = p ? (p.end_line === p.line ? p.end_column : p.column + 1) : 0;
  ta.scrollLeft = p && (end - 1) * ch > ta.clientWidth - 24 ? Math.max(0, (p.column - 1) * ch - ta.clientWidth / 3) : 0;
  ta.dataset.line = String(line);
}
