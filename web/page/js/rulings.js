// The Rulings view: search by card name, keyword, rule number or words; each ruling shows its
// question and answer, its warnings (a line each), what happens, nuances, the rules in the edition in force
// today (each a tap away), its sources with their dates, and opens its situation in Replay.

// A tap that searches the rulings for `id` (the ruling's own id finds it first).
function rulingLink(id) {
  return el("button", { class: "link", type: "button", onclick: () => navigate("rulings", () => { $("ruling-q").value = id; findRuling(); }) }, id);
}
// A rule as a ruling lists it: "420.4.b", "426.1.a (inferred)", "unconfirmed (July 811.1.b)"
// or "removed (July 323.4)".
function citedLink(text, edition) {
  const u = text.match(/^(unconfirmed|removed) \(July (\S+)\)$/);
  if (u) return [u[1] + " (July ", ruleLink(u[2], "july"), ")"];
  const i = text.match(/^(\S+) \(inferred\)$/);
  if (i) return [ruleLink(i[1], edition), " (inferred)"];
  return ruleLink(text, edition);
}
const citedList = (list, edition) => commaList(list, (n) => citedLink(n, edition));
// What a source is, and what a ruling is from its sources (official, from the Core Rules,
// community), as the CLI says them.
const SOURCE_KIND = { official: "Riot's answer", rules: "The rules text", community: "A community answer" };
const RULING_KIND = { official: "official", rules: "from the Core Rules", community: "community" };
function sourceLine(s) {
  return el("div", {}, SOURCE_KIND[s.kind] + ": " + s.publisher + ", “" + s.title + "”" + (s.date ? ", " + s.date : ", undated (" + s.undated + ")"),
    s.heading ? ", under the heading “" + s.heading + "”" : "",
    s.url ? [" · ", el("a", { class: "source", href: s.url, target: "_blank", rel: "noreferrer" }, "the source (online)")] : null);
}
// A warning in one line ("Checked against July; October in force"), whole a tap away.
function warningLine(w, every) {
  const m = w.match(/^Checked against the (\w+) 2026 Core Rules; on \S+ the (\w+) 2026 Core Rules are in force/);
  const short = m ? `Checked against ${m[1]}; ${m[2]} in force` : w;
  return el("details", { class: "warnbox warning" }, el("summary", {}, el("strong", {}, every ? "Warning, every ruling here: " : "Warning: "), short),
    el("p", {}, inline(w)));
}
// One ruling: title, kind, question and answer, then its warnings in a line each (the best
// match also the warnings every ruling shown carries); then, open for the best match and a tap
// away for the others, what happens, nuances, rules, cards and keywords, sources, and its
// situation to replay.
function rulingCard(hit, open, said, first) {
  const x = hit.ruling.ruling;
  const inEd = hit.ruling.rules_in_edition;
  const others = inEd.other_july_rules || [];
  const details = el("details", { class: "full" },
    el("summary", {}, "What happens, nuances, rules, sources"),
    x.sequence.length ? el("div", {}, el("strong", {}, "What happens"), el("ol", { class: "seq" }, x.sequence.map((s) => el("li", {}, inline(s))))) : null,
    x.nuances.length ? el("div", { class: "nuances" }, el("strong", {}, "Nuances"), el("ul", { class: "nuances" }, x.nuances.map((s) => el("li", {}, inline(s))))) : null,
    inEd.rules.length ? el("div", { class: "muted rules" }, "Rules (" + EDITION[inEd.edition] + "): ", citedList(inEd.rules, inEd.edition),
      others.length ? ["; its other July rules under October: ", citedList(others, inEd.edition)] : null) : null,
    x.cards.length ? el("div", { class: "muted" }, "Cards: " + x.cards.join(", ")) : null,
    x.keywords.length ? el("div", { class: "muted" }, "Keywords: " + x.keywords.join(", ")) : null,
    el("div", { class: "muted" }, "Checked against: the " + EDITION[x.checked_against] + " 2026 Core Rules", x.set ? "; set: " + x.set : ""));
  if (open) details.open = true;
  return el("div", { class: "card ruling", "data-id": x.id },
    el("h3", {}, x.title, el("span", { class: "badge" }, RULING_KIND[hit.ruling.kind])),
    el("p", {}, el("strong", {}, "Q. "), x.question),
    el("p", {}, el("strong", {}, "A. "), inline(x.answer)),
    hit.ruling.warnings.filter((w) => first || !said.includes(w)).map((w) => warningLine(w, first && said.includes(w))),
    el("div", { class: "muted" }, x.sources.map(sourceLine)),
    details,
    x.superseded_by ? el("div", {}, "Overturned by: ", rulingLink(x.superseded_by)) : null,
    x.situation ? el("button", { class: "plain", type: "button", onclick: () => openRuling(x.id) }, "Replay this situation") : null);
}
// How many rulings a search shows; "Show more" adds as many again.
const RULINGS_AT_ONCE = 20;
function findRuling(limit) {
  const q = $("ruling-q").value.trim();
  const out = $("ruling-out");
  out.replaceChildren();
  $("ruling-q").dataset.shown = q;
  localStorage.setItem("chainjudge.ruling", q);
  if (!q) return;
  const n = limit || RULINGS_AT_ONCE;
  const t0 = performance.now();
  const r = JSON.parse(W.ruling_json(q, "", today(), n));
  out.dataset.ms = String(performance.now() - t0);
  if (r.hits.length === 0) { out.append(el("div", { class: "card" }, "No ruling matches “" + q + "”.")); return; }
  out.append(el("p", { class: "muted" }, r.total > r.hits.length ? `The best ${r.hits.length} of ${r.total} rulings` : r.total === 1 ? "1 ruling" : `${r.total} rulings`, ", read on " + r.date + " (" + EDITION[r.edition] + " rules in force)"));
  // A warning every ruling shown carries is said once, under the best match's answer.
  const said = r.hits[0].ruling.warnings.filter((w) => r.hits.length > 1 && r.hits.every((h) => h.ruling.warnings.includes(w)));
  r.hits.forEach((h, i) => out.append(rulingCard(h, i === 0, said, i === 0)));
  if (r.total > r.hits.length) {
    out.append(el("button", { class: "plain more", type: "button", onclick: () => { const y = window.scrollY; findRuling(n + RULINGS_AT_ONCE); window.scrollTo(0, y); } },
      `Show ${Math.min(RULINGS_AT_ONCE, r.total - r.hits.length)} more of ${r.total}`));
  }
}
$("ruling-form").addEventListener("submit", (e) => { e.preventDefault(); navigate("rulings", () => findRuling()); });
