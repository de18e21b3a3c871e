// The Replay view's report: the summary at the top (each edition's outcome, the board's for a
// board file, and the verdict of the comparison), the situation as the file sets it up, then
// one card per step (who, what, state, Priority/Focus, rules), the differing steps flagged.
// The words are the text report's own (the `view` of `replay_page_json`); the rule numbers
// are links made from the JSON report's citations.

const FLAG = { numbers_differ: ["≠ numbers", "warn"], outcome_differs: ["OUTCOME differs", "bad"], steps_differ: ["≠ steps", "warn"], route_differs: ["≠ route", "warn"] };
function citeLinks(cites, edition) {
  if (!cites.length) return "none";
  return commaList(cites, (c) => c.number ? [ruleLink(c.number, edition), c.status === "inferred" ? " (inferred)" : ""]
    : c.status === "unconfirmed" ? ["unconfirmed ", nowrap("(July ", ruleLink(c.july, "july"), ")")] : c.title || c.key);
}
function stepCard(line, step, editions) {
  const both = editions.length > 1;
  const flag = FLAG[line.flag];
  const what = line.what.replace(/^\[(July|October) only\] /, "");
  const tone = /refused|countered/.test(what) ? " bad" : /resolves/.test(what) ? " good" : "";
  const octWhat = both && step.july && step.october && step.july.what !== step.october.what ? step.october.what : null;
  const rules = editions.filter((e) => step[e]).map((e) => el("div", {}, both ? EDITION[e] + ": " : "", citeLinks(step[e].cites, e)));
  return el("div", { class: "card step" + (line.flag === "outcome_differs" ? " outcome" : line.flag !== "same" ? " differs" : "") + (line.only ? " only" : ""), "data-n": line.n },
    el("div", { class: "muted" }, "#" + line.n + (line.who === "-" ? "" : " · " + line.who),
      line.only ? el("span", { class: "badge only" }, EDITION[line.only] + " only") : null,
      flag ? el("span", { class: "badge " + flag[1] }, flag[0]) : null),
    el("p", { class: "what" + tone }, octWhat ? el("strong", {}, "July: ") : null, inline(what)),
    octWhat ? el("p", { class: "what" }, el("strong", {}, "October: "), inline(octWhat)) : null,
    line.notes.map((n) => el("p", { class: "muted note" }, inline(n))),
    kv([["State after", line.state], ["Priority / Focus", line.holders], ["Rules", rules]]));
}
function summaryCard(report, view, path) {
  const header = new Map(view.header);
  const card = el("div", { class: "card summary" }, el("h3", {}, view.title || path),
    kv([["Rules", header.get("Rules")]], "rules-line"));
  // The answer first: the same lines as the text report's Answer block.
  if (view.answer && view.answer.length) card.append(el("div", { class: "answer" }, el("h4", {}, "Answer"), view.answer.map((a, i) => el("p", { class: (view.answer_differing || []).includes(i) ? "what differs" : "what" }, inline(a)))));
  const value = (k, v) => (k === "Resolved, in order" ? el("span", { class: "resolved" }, v) : inline(v));
  if (view.summaries.length === 2) card.append(mergedSummary(view.summaries, value));
  else for (const s of view.summaries) card.append(el("div", { class: "summary-block" }, kv(s.lines.map(([k, v]) => [k, value(k, v)]))));
  for (const d of view.differences) {
    const bad = /^OUTCOMES DIFFER/.test(d) || /^ {2}/.test(d);
    card.append(el("p", { class: "verdict" + (bad ? " what bad" : "") }, d.trim()));
  }
  for (const h of view.hints || []) card.append(el("p", { class: "muted note hint" }, inline("Hint, " + h)));
  if (report.error) card.append(el("p", { class: "what bad" }, "The replay stopped: " + report.error.message));
  if (view.expect) card.append(expectLine(view.expect));
  return card;
}
// The text report's two summaries ("Summary under July", "... under October") as one list, a
// phone's screen being short: a line the editions agree on once, a line they differ on twice,
// marked with its edition.
function mergedSummary([july, october], value) {
  const o = new Map(october.lines);
  const j = new Map(july.lines);
  const labels = [...july.lines.map(([k]) => k)];
  october.lines.forEach(([k], i) => {
    if (!j.has(k)) labels.splice(i <= labels.length ? i : labels.length, 0, k);
  });
  const dl = el("dl", { class: "kv" });
  for (const k of labels) {
    if (j.get(k) === o.get(k)) { dl.append(el("dt", {}, k), el("dd", {}, value(k, j.get(k)))); continue; }
    for (const [e, m] of [["July", j], ["October", o]]) {
      dl.append(el("dt", { class: "differs" }, k + " (" + e + ")"), el("dd", { class: "differs" }, m.has(k) ? value(k, m.get(k)) : "none"));
    }
  }
  return el("div", { class: "summary-block merged" }, el("p", { class: "muted" }, "Where July and October differ, each edition's line is given."), dl);
}
// The file's `expect`, as `chainjudge verify` checks it: holds, or what does not, per edition.
function expectLine(expect) {
  const eds = Object.keys(expect);
  const failing = eds.filter((e) => expect[e].length);
  if (!failing.length) return el("p", { class: "verdict what good expect" }, inline("The file's expected outcome (`expect`) holds under " + eds.map((e) => EDITION[e]).join(" and ") + "."));
  return el("div", { class: "verdict what bad expect" }, inline("The file's expected outcome (`expect`) does not hold:"),
    el("ul", {}, failing.flatMap((e) => expect[e].map((m) => el("li", {}, EDITION[e] + ": ", inline(m))))));
}
function showReport(out, r, path) {
  const { report, view } = r;
  const eds = report.editions;
  out.append(summaryCard(report, view, path));
  out.append(el("details", { class: "card situation" }, el("summary", {}, "The situation, as the file sets it up"),
    kv(view.header.filter(([k]) => k !== "Rules"))));
  const byN = new Map(report.steps.map((s) => [s.n, s]));
  const steps = el("div", { class: "steps" });
  out.append(steps);
  // A long replay shows its first steps, the rest a tap away: hundreds of cards would make
  // the editor above slow to type in on a phone.
  const more = (from) => {
    const to = Math.min(view.steps.length, from + STEPS_AT_ONCE);
    for (const line of view.steps.slice(from, to)) steps.append(stepCard(line, byN.get(line.n), eds));
    if (to < view.steps.length) {
      const b = el("button", { class: "plain more", type: "button", onclick: () => { b.remove(); more(to); } }, `Show steps ${to + 1} to ${Math.min(view.steps.length, to + STEPS_AT_ONCE)} of ${view.steps.length}`);
      steps.append(b);
    }
  };
  more(0);
  for (const f of view.footnotes) out.append(el("p", { class: "muted footnote" }, f));
}
const STEPS_AT_ONCE = 100;
// Replays the editor's situation, or shows its problems at their lines.
function replay() {
  const text = $("replay-text").value;
  const rules = $("replay-rules").value;
  const out = $("replay-out");
  out.replaceChildren();
  save();
  localStorage.setItem("chainjudge.replayed", JSON.stringify({ rules }));
  const t0 = performance.now();
  const r = JSON.parse(W.replay_page_json(currentPath, text, rules));
  out.dataset.ms = String(performance.now() - t0);
  if (r.problems) showProblems(out, text, r);
  else if (r.report) showReport(out, r, currentPath);
  else out.append(el("div", { class: "card what bad" }, r.error.message));
}
$("replay-go").addEventListener("click", replay);
