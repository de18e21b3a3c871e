// Views and the browser's history. Each view change, rule lookup and ruling search is a
// history entry that remembers where the page was scrolled, so Back returns to the place a
// judge left (a rule tapped in a ruling, then Back: the ruling again, at the same height).
function show(view) {
  if (view === "guide") buildGuide();
  for (const b of document.querySelectorAll("nav button")) b.setAttribute("aria-selected", String(b.dataset.view === view));
  for (const s of document.querySelectorAll("main section")) s.hidden = s.id !== "view-" + view;
  localStorage.setItem("chainjudge.view", view);
}
const current = () => ({
  view: localStorage.getItem("chainjudge.view") || "rules",
  rule: { q: $("rule-q").dataset.shown || "", ed: $("rule-out").dataset.ed || "" },
  ruling: $("ruling-q").dataset.shown || "",
});
// Goes to `view`, after `change` (which may look a rule up or search the rulings): a new
// history entry, the old one keeping its scroll position.
// Asking again for what is on screen (the same Find, the tab already open) adds no entry.
function navigate(view, change) {
  const before = current();
  history.replaceState({ ...before, y: window.scrollY }, "");
  if (change) change();
  show(view);
  const after = current();
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    history.pushState(after, "");
    window.scrollTo(0, 0);
  }
}
window.addEventListener("popstate", (e) => {
  const s = e.state;
  if (!s) return;
  if (s.rule.q !== ($("rule-q").dataset.shown || "") || s.rule.ed !== ($("rule-out").dataset.ed || "")) {
    $("rule-q").value = s.rule.q;
    findRule(s.rule.ed);
  }
  if (s.ruling !== ($("ruling-q").dataset.shown || "")) {
    $("ruling-q").value = s.ruling;
    findRuling();
  }
  show(s.view);
  window.scrollTo(0, s.y || 0);
});
for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => navigate(b.dataset.view));
