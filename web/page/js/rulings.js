// The Rulings view: search by card name, keyword, rule number or words; each ruling shows its
// warnings, question and answer, what happens, nuances, the rules in the edition in force
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
const citedList = (list, edition) => list.map((n, i) => [i ? ", " : "", citedLink(n, edition)]);
function sourceLine(s) {
  return el("div", {}, (s.official ? "Official: " : "Community: ") + s.publisher + ", “" + s.title + "”" + (s.date ? ", " + s.date : ""),
    s.heading ? ", under the heading “" + s.heading + "”" : "",
    s.url ? [" · ", el("a", { href: s.url, rel: "noreferrer" }, "source")] : null);
}
function rulingCard(hit) {
  const x = hit.ruling.ruling;
  const inEd = hit.ruling.rules_in_edition;
  const others = inEd.other_july_rules || [];
  return el("div", { class: "card ruling", "data-id": x.id },
    el("h3", {}, x.title, el("span", { class: "badge" }, hit.ruling.official ? "official" : "community")),
    hit.ruling.warnings.map((w) => el("div", { class: "warnbox warning" }, el("strong", {}, "Warning: "), inline(w))),
    el("p", {}, el("strong", {}, "Q. "), x.question),
    el("p", {}, el("strong", {}, "A. "), x.answer),
    x.sequence.length ? el("div", {}, el("strong", {}, "What happens"), el("ol", { class: "seq" }, x.sequence.map((s) => el("li", {}, s)))) : null,
    x.nuances.length ? el("div", { class: "nuances" }, el("strong", {}, "Nuances"), el("ul", { class: "nuances" }, x.nuances.map((s) => el("li", {}, s)))) : null,
    inEd.rules.length ? el("div", { class: "muted rules" }, "Rules (" + EDITION[inEd.edition] + "): ", citedList(inEd.rules, inEd.edition),
      others.length ? ["; its other July rules under October: ", citedList(others, inEd.edition)] : null) : null,
    el("div", { class: "muted" }, x.sources.map(sourceLine)),
    el("div", { class: "muted" }, "Checked against: the " + EDITION[x.checked_against] + " 2026 Core Rules", x.set ? "; set: " + x.set : ""),
    x.superseded_by ? el("div", {}, "Overturned by: ", rulingLink(x.superseded_by)) : null,
    x.situation ? el("button", { class: "plain", type: "button", onclick: () => openRuling(x.id) }, "Replay this situation") : null);
}
function findRuling() {
  const q = $("ruling-q").value.trim();
  const out = $("ruling-out");
  out.replaceChildren();
  $("ruling-q").dataset.shown = q;
  localStorage.setItem("chainjudge.ruling", q);
  if (!q) return;
  const t0 = performance.now();
  const r = JSON.parse(W.ruling_json(q, "", today(), 20));
  out.dataset.ms = String(performance.now() - t0);
  if (r.hits.length === 0) { out.append(el("div", { class: "card" }, "No ruling matches “" + q + "”.")); return; }
  out.append(el("p", { class: "muted" }, r.total > r.hits.length ? `The best ${r.hits.length} of ${r.total} rulings` : r.total === 1 ? "1 ruling" : `${r.total} rulings`, ", read on " + r.date + " (" + EDITION[r.edition] + " rules in force)"));
  for (const h of r.hits) out.append(rulingCard(h));
}
$("ruling-form").addEventListener("submit", (e) => { e.preventDefault(); navigate("rulings", findRuling); });
