// The Replay view's report: the answer at the top (the text report's Answer block), the full
// summary (each edition's outcome, the board's for a board file, the verdict of the comparison)
// a tap away, the situation as the file sets it up, then one card per step: the compact view's
// steps by default (routine ones folded, each told short), every step a tap away, with a chip
// for each step where the editions part. The words are the text report's own (the `view` of
// `replay_page_json`); the rule numbers are links made from the JSON report's citations.

// A step the editions take differently: an outcome (one colour), or a route or a step taken
// under one edition only (another), each used once: the card's edge (its badge is neutral). A
// renumbered rule is no difference: only its rule number is marked, muted (≠).
const FLAG = { outcome_differs: ["outcome differs", "outcome"], steps_differ: ["steps differ", "differs"], route_differs: ["route differs", "differs"] };
const PARTS = (flag) => !!FLAG[flag];
function citeLinks(cites, edition) {
  if (!cites.length) return "none";
  // A number and its mark, kept with its comma on one line.
  return commaList(cites, (c) => c.number ? nowrap(ruleLink(c.number, edition), c.status === "inferred" ? " (inferred)" : "")
    : c.status === "unconfirmed" ? ["unconfirmed ", nowrap("(July ", ruleLink(c.july, "july"), ")")] : c.title || c.key);
}
// The rules of a step on one line, as the CLI's compact view writes them: in July's numbers
// where both editions cite the same rules, each marked ≠ where October renumbered it and °
// where October's number is unconfirmed (the Rules view gives each rule's other number);
// "Oct" before the numbers of a step October alone takes; each edition's list where they cite
// different rules.
function rulesLine(step, editions) {
  const eds = editions.filter((e) => step[e]);
  const keys = (e) => step[e].cites.map((c) => c.key).join();
  let rules;
  if (eds.length === 2 && keys("july") === keys("october") && step.july.cites.every((c) => c.number)) {
    rules = step.july.cites.length ? commaList(step.july.cites, (c) => {
      const o = step.october.cites.find((x) => x.key === c.key);
      const mark = o.status === "unconfirmed" ? "°" : o.number !== c.number ? "≠" : "";
      return nowrap(ruleLink(c.number, "july"), c.status === "inferred" ? " (inferred)" : "", mark ? el("span", { class: "mark" }, mark) : "");
    }) : "none";
  } else if (eds.length === 2) {
    rules = eds.map((e, i) => [i ? " · " : "", EDITION[e] + " ", citeLinks(step[e].cites, e)]);
  } else {
    rules = [editions.length > 1 && eds[0] === "october" ? "Oct " : "", citeLinks(step[eds[0]].cites, eds[0])];
  }
  return el("span", { class: "rules muted" }, " · ", rules);
}
// Priority and Focus, as the view writes them ("Ana", "- / Ana", "-"), read as [priority, focus].
function holders(h) {
  if (/July|October/.test(h)) return null;
  const [p, f] = h.split(" / ");
  return [p, f === undefined ? "-" : f].map((x) => (x === "-" ? "nobody" : x));
}
// What changed with a step, against the step before it: "→ Showdown Open; Focus: Ana".
function change(line, before) {
  if (!before) return null;
  const parts = [];
  if (line.state !== before.state) parts.push(line.state);
  if (line.holders !== before.holders) {
    const [a, b] = [holders(line.holders), holders(before.holders)];
    if (!a || !b) parts.push("Priority / Focus: " + line.holders);
    else {
      if (a[0] !== b[0]) parts.push("Priority: " + a[0]);
      if (a[1] !== b[1]) parts.push("Focus: " + a[1]);
    }
  }
  return parts.length ? el("span", { class: "change" }, " → " + parts.join("; ")) : null;
}
// A step's note, a tap away: "Note [1] (July only)" (numbered as the answer names the notes:
// in order of first use), then its words.
function noteLine(n, number) {
  const m = n.match(/^Note([^:]{0,30}): (.*)$/s);
  return el("details", { class: "note" }, el("summary", {}, "Note [" + number + "]" + (m ? m[1] : "")), el("p", { class: "muted" }, inline(m ? m[2] : n)));
}
const unbracket = (t) => t.replace(/^\[(July|October) only\] /, "");
// One step: "#7 · Ana", its badges and what happened on one line (short in the compact view,
// whole in the full one), what changed, then its rules.
function stepCard(line, step, editions, before, notes) {
  const both = editions.length > 1;
  const flag = FLAG[line.flag];
  const what = unbracket(line.what);
  const tone = /refused|countered/.test(what) ? " bad" : /resolves/.test(what) ? " good" : "";
  const octWhat = both && step.july && step.october && step.july.what !== step.october.what ? step.october.what : null;
  const head = [el("span", { class: "num" }, "#" + line.n + (line.who === "-" || what.startsWith(line.who + " ") ? "" : " · " + line.who)),
    line.only ? el("span", { class: "badge only" }, EDITION[line.only] + " only") : null,
    // A step one edition alone takes differs in its steps: its edition's badge says so.
    flag && !(line.only && line.flag === "steps_differ") ? el("span", { class: "badge " + flag[1] }, flag[0]) : null, " "];
  const moved = change(line, before.full);
  return el("div", { class: "card step" + (flag ? " " + flag[1] : "") + (line.only ? " only" : "") + (line.folded ? " folded" : ""), "data-n": line.n, id: "step-" + line.n },
    el("p", { class: "what line" + tone }, head,
      el("span", { class: "short" }, inline(unbracket(line.short || line.what)), change(line, line.folded ? before.full : before.shown), rulesLine(step, editions)),
      el("span", { class: "full" }, octWhat ? el("strong", {}, "July: ") : null, inline(what), octWhat ? null : [moved, rulesLine(step, editions)])),
    octWhat ? el("p", { class: "what full" }, el("strong", {}, "October: "), inline(octWhat), moved, rulesLine(step, editions)) : null,
    line.notes.map((n) => noteLine(n, notes.get(n))));
}
// The Answer block of a report's view (the Build view shows it under its buttons too).
function answerBlock(view) {
  const differing = view.answer_differing || [];
  return el("div", { class: "answer" }, el("h4", {}, "Answer"), view.answer.map((a, i) => el("p", {
    class: differing.includes(i) ? "differs" : /^(Notes after the steps|\d+ steps? cites?)/.test(a) ? "muted" : "",
  }, inline(a))));
}
let shownView = null;          // the view of the report shown, or null
function summaryCard(report, view, path) {
  shownView = view;
  const header = new Map(view.header);
  const card = el("div", { class: "card summary" }, el("h3", {}, view.title || path));
  // The answer first: the same lines as the text report's Answer block, the lines the editions
  // differ on marked; then the rest of the summary a tap away.
  if (view.answer && view.answer.length) card.append(answerBlock(view));
  if (report.error) card.append(el("p", { class: "what bad" }, "The replay stopped: " + report.error.message));
  if (view.expect) card.append(expectLine(view.expect));
  const full = el("details", { class: "full-summary" }, el("summary", {}, "Full summary"), kv([["Rules", header.get("Rules")]], "rules-line"));
  const value = (k, v) => (k === "Resolved, in order" ? el("span", { class: "resolved" }, v) : inline(v));
  if (view.summaries.length === 2) full.append(mergedSummary(view.summaries, value));
  else for (const s of view.summaries) full.append(el("div", { class: "summary-block" }, kv(s.lines.map(([k, v]) => [k, value(k, v)]))));
  for (const d of view.differences) {
    const bad = /^OUTCOMES DIFFER/.test(d) || /^ {2}/.test(d);
    full.append(el("p", { class: "verdict" + (bad ? " what bad" : "") }, d.trim()));
  }
  // Without an answer block the summary is the answer: shown.
  if (!(view.answer && view.answer.length)) full.open = true;
  card.append(full);
  for (const h of view.hints || []) card.append(el("p", { class: "muted note hint" }, inline("Hint, " + h)));
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
  const steps = el("div", { class: "steps compact" });
  // Each step's "before": the step above it (the full view), the shown step above it (the
  // compact view), for what changed with it.
  const before = [];
  const notes = new Map();
  for (const line of view.steps) for (const n of line.notes) if (!notes.has(n)) notes.set(n, notes.size + 1);
  let full = null;
  let shown = null;
  for (const line of view.steps) {
    before.push({ full, shown });
    full = line;
    if (!line.folded) shown = line;
  }
  // A long replay shows its first steps, the rest a tap away: hundreds of cards would make
  // the editor above slow to type in on a phone.
  let rendered = 0;
  let moreButton = null;
  const more = (from) => {
    const to = Math.min(view.steps.length, from + STEPS_AT_ONCE);
    view.steps.slice(from, to).forEach((line, i) => steps.append(stepCard(line, byN.get(line.n), eds, before[from + i], notes)));
    rendered = to;
    if (moreButton) moreButton.remove();
    moreButton = null;
    if (to < view.steps.length) {
      moreButton = el("button", { class: "plain more", type: "button", onclick: () => more(to) }, `Show steps ${to + 1} to ${Math.min(view.steps.length, to + STEPS_AT_ONCE)} of ${view.steps.length}`);
      steps.append(moreButton);
    }
  };
  // A step's card, its batch shown first; a folded step is revealed in the compact view.
  const jump = (n) => {
    const at = view.steps.findIndex((l) => l.n === n);
    while (rendered <= at) more(rendered);
    const card = steps.querySelector(`.step[data-n="${n}"]`);
    if (!card) return;
    card.classList.add("revealed");
    for (const c of steps.querySelectorAll(".step.target")) c.classList.remove("target");
    card.classList.add("target");
    card.scrollIntoView({ block: "start" });
  };
  jumpToStep = jump;
  const folded = view.steps.filter((l) => l.folded).length;
  const tools = el("div", { class: "steps-tools" });
  if (folded) {
    const toggle = el("button", { class: "plain fold", type: "button", "aria-pressed": "false", onclick: () => {
      const compact = steps.classList.toggle("compact");
      for (const c of steps.querySelectorAll(".step.revealed")) c.classList.remove("revealed");
      toggle.textContent = compact ? "Show every step" : "Show the steps that matter";
      toggle.setAttribute("aria-pressed", String(!compact));
      heading.textContent = stepsHeading(compact);
    } }, "Show every step");
    tools.append(toggle);
  } else steps.classList.remove("compact");
  const stepsHeading = (compact) => compact && folded ? `${view.steps.length - folded} of ${view.steps.length} steps` : `All ${view.steps.length} steps`;
  const heading = el("h4", { class: "steps-heading" }, stepsHeading(true));
  // Where the editions part: the first step of each run of steps they take differently, and
  // the first step of a run whose outcome differs.
  const parts = [];
  view.steps.forEach((l, i) => {
    if (!PARTS(l.flag)) return;
    const prev = view.steps[i - 1];
    const runStart = !prev || !PARTS(prev.flag);
    let firstOutcome = false;
    if (l.flag === "outcome_differs" && !runStart) {
      firstOutcome = true;
      for (let j = i - 1; j >= 0 && PARTS(view.steps[j].flag); j--) if (view.steps[j].flag === "outcome_differs") firstOutcome = false;
    }
    if (runStart || firstOutcome) parts.push(l);
  });
  if (parts.length) {
    const chips = (el("div", { class: "chips" }, el("span", { class: "muted" }, "Editions part at"),
      parts.map((l) => el("button", { class: "chip " + FLAG[l.flag][1], type: "button", "data-n": l.n, onclick: () => jump(l.n) },
        "#" + l.n + " " + (l.flag === "outcome_differs" ? "outcome" : l.flag === "steps_differ" ? "steps" : "route")))));
    tools.append(chips);
  }
  // The marks' meanings (unconfirmed, inferred) before the steps that use them.
  if (view.footnotes.length) {
    tools.append(el("details", { class: "footnotes" }, el("summary", {}, eds.length > 1 ? "Rules in July's numbers: ≠ renumbered in October, ° unconfirmed" : "What “unconfirmed” and “inferred” mean"),
      view.footnotes.map((f) => el("p", { class: "muted footnote" }, f))));
  }
  out.append(el("div", { class: "steps-top" }, el("div", { class: "steps-head" }, heading, tools.querySelector("button.fold")), tools));
  out.append(steps);
  more(0);
}
const STEPS_AT_ONCE = 100;
// The shown replay's jump to step n (its card shown, a folded one revealed), for the tests.
let jumpToStep = null;
// Replays the editor's situation, or shows its problems at their lines. Tapped (`scroll`), the
// page goes to the answer.
function replay(scroll) {
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
  else if (r.report) {
    showReport(out, r, currentPath);
    if (scroll === true) out.scrollIntoView({ block: "start" });
  } else out.append(el("div", { class: "card what bad" }, r.error.message));
}
$("replay-go").addEventListener("click", () => replay(true));
