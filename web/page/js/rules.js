// The Rules view: a rule by number (its parents, sub-rules, references and its number in the
// other edition, each a tap away) or a typo-tolerant search by words, in either edition.

// A tap on a rule number: that rule, in `edition`, as a new history entry. The edition menu
// follows the rule shown, and the rule's card says so when the tap changed it.
function ruleLink(number, edition) {
  return el("button", { class: "link rule", type: "button", onclick: () => navigate("rules", () => {
    $("rule-q").value = number;
    findRule(edition || "");
  }) }, number);
}
// A rule reference of a search result, parent or sub-rule, marked as the CLI marks it: its
// number in `edition` ("808 (inferred)" where no source quotes the October number), or, with
// none there, "removed (July 323.4)" or "unconfirmed (July 808.2)", the July number a link.
function refLink(r, edition) {
  if (r.number) return nowrap(ruleLink(r.number, edition), r.standing === "inferred" ? " (inferred)" : "");
  return [(r.standing === "removed" ? "removed" : "unconfirmed") + " ", nowrap("(July ", ruleLink(r.july_number, "july"), ")")];
}
// The other edition's line ("July: 337.1, the same rule"), its number a link.
function otherLine(r) {
  const v = r.rule;
  const other = v.edition === "july" ? "october" : "july";
  const n = v.other && v.other.number;
  const text = r.other_edition;
  const at = n ? text.indexOf(n) : -1;
  if (at < 0) return text;
  return [text.slice(0, at), ruleLink(n, other), text.slice(at + n.length)];
}
// Looks the query up in `edition` (`july`, `october`, or "" for the edition menu's choice).
// The help of a number not found, in the page's terms: "it is July 419.4.b (try `--rules
// october`)" becomes a link to July 419.4.b and a button that looks the number up in October.
function notFoundHelp(help) {
  const m = help.match(/^(.*)it is July (\S+) \(try `--rules october`\)$/);
  if (!m) return inline(help);
  const n = $("rule-q").value.trim();
  return [m[1], "it is July ", ruleLink(m[2], "july"), ". ",
    el("button", { class: "plain", type: "button", onclick: () => navigate("rules", () => findRule("october")) }, "Look " + n + " up in October")];
}
function findRule(edition) {
  const q = $("rule-q").value.trim();
  const menu = $("rule-ed").value;
  const ed = edition === undefined || edition === "" ? menu : edition;
  const out = $("rule-out");
  out.replaceChildren();
  // The menu follows the edition asked for, saying so when that changes what it showed.
  const inForce = (e) => e || IN_FORCE;
  if (inForce(ed) !== inForce(menu)) {
    $("rule-ed").value = ed;
    localStorage.setItem("chainjudge.rule-ed", ed);
    out.append(el("p", { class: "muted switched" }, "The edition menu now says " + EDITION[ed] + " 2026, the edition of the rule tapped."));
  }
  $("rule-q").dataset.shown = q;
  out.dataset.ed = ed;
  localStorage.setItem("chainjudge.rule", JSON.stringify({ q, ed }));
  if (!q) return;
  const t0 = performance.now();
  const r = JSON.parse(W.rule_json(q, ed, today(), false, 10));
  out.dataset.ms = String(performance.now() - t0);
  if (r.rule) {
    const v = r.rule;
    const e = v.edition;
    out.append(el("div", { class: "card" },
      el("h3", {}, v.number + (v.standing === "inferred" ? " (inferred) " : " ") + v.title),
      el("div", { class: "muted" }, EDITION[e] + " 2026 Core Rules", v.parents.length ? " · " : "", v.parents.map((p, i) => [i ? " › " : "", refLink(p, e), " " + p.title])),
      v.notes.map((n) => el("p", { class: "muted" }, n)),
      el("p", {}, v.summary),
      v.official ? el("p", { class: "muted" }, "Official text (imported): " + v.official) : null,
      v.refs.length || v.external_refs.length ? el("p", { class: "refs" }, "Refers to: ", v.refs.map((x, i) => [i ? ", " : "", refLink(x, e)]), v.external_refs.map((x, i) => (i || v.refs.length ? ", " : "") + x)) : null,
      v.children.length ? el("div", {}, el("strong", {}, "Sub-rules"), v.children.map((c) => el("div", {}, refLink(c, e), " " + c.title))) : null,
      el("p", { class: "muted other" }, otherLine(r))));
  } else if (r.error) {
    out.append(el("div", { class: "card" }, el("h3", {}, "No rule " + r.error.number), el("p", {}, notFoundHelp(r.error.help)),
      r.error.nearest.length ? el("div", {}, "Nearest: ", r.error.nearest.map((n, i) => [i ? " · " : "", refLink(n, r.error.edition), " " + n.title])) : null));
  } else if (r.hits.length === 0) {
    out.append(el("div", { class: "card" }, "No rule matches “" + q + "”.", (r.suggestions || []).length ? el("div", {}, "Nearest titles: ", r.suggestions.map((n) => [refLink(n, r.edition), " " + n.title + " "])) : null));
  } else {
    for (const h of r.hits) out.append(el("div", { class: "card hit" }, el("h3", {}, refLink(h.rule, r.edition), " " + h.rule.title), el("p", {}, h.summary)));
  }
}
$("rule-form").addEventListener("submit", (e) => { e.preventDefault(); navigate("rules", () => findRule()); });
// A new edition asks again, in that edition.
$("rule-ed").addEventListener("change", () => {
  localStorage.setItem("chainjudge.rule-ed", $("rule-ed").value);
  if ($("rule-q").value.trim()) navigate("rules", () => findRule());
});
