// The Build view's second half: the page asks the engine what may happen next (`next`, the
// CLI's `chainjudge next FILE --format json`), shows the player who acts in large type and a
// button for each legal action; a tap writes that action at the end of `actions`, replays, and
// asks again. Actions needing choices (which units move where, a card's name and kind, damage
// to assign, an order, a showdown to begin) open a short form first. Every action can be undone.

// The engine's answer for the editor's text, or null when this page's engine has no `next`.
function nextAnswer() {
  if (!W || typeof W.next_json !== "function") return null;
  return JSON.parse(W.next_json(currentPath, $("replay-text").value, $("replay-rules").value, 0));
}
// Adds `action` (one key: its value) to the model's actions, writes, replays and asks again.
function addAction(action) {
  BM.actions.push(action);
  writeModel();
  drawBuild();
  replay(false);
  askNext();
}
const undoAction = () => { BM.actions.pop(); changed(); };
// The ids the file gives the model's objects (for moves and assignments).
const idOf = (o) => modelIds(BM).get(o);
// A unit `next` names by id, by the name the form knows it by: a board unit's, else a played one's.
const unitName = (id) => {
  const u = BM.units.find((x) => idOf(x) === id) || writtenPlays().find((p) => p.kind === "unit" && playId(p) === id);
  return u ? u.name : id;
};
// A place `next` names by id (`battlefield-1`), as the judge wrote it: its name; base stays base.
const placeName = (id) => { const b = BM.battlefields.find((x) => idOf(x) === id || x.name === id); return b ? b.name : id; };
const oneOrList = (xs) => (xs.length === 1 ? xs[0] : xs);
const asId = (x) => (typeof x === "string" ? x : x.id || x.unit || x.name);

// The short form an action opens, in place of the buttons, with its own Add and Cancel.
function actionSheet(title, body, add) {
  const box = $("build-sheet");
  box.replaceChildren(el("div", { class: "card sheet" }, el("h4", {}, title), body,
    el("div", { class: "row" }, add, el("button", { class: "plain", type: "button", onclick: () => box.replaceChildren() }, "Cancel"))));
  box.scrollIntoView({ block: "nearest" });
}
// A play's short form is in buildplay.js.
function moveSheet(e, player) {
  const units = (e.units || []).map((u) => ({ id: asId(u), to: u.to }));
  const chosen = new Set(units.length === 1 ? [units[0].id] : []);
  // The places every chosen unit may go to (all of them move together, 144.3.a).
  const common = () => {
    const picked = units.filter((u) => chosen.has(u.id) && u.to);
    const all = [...new Set([...(e.to || []), ...units.flatMap((u) => u.to || [])])];
    return (picked.length ? all.filter((t) => picked.every((u) => u.to.includes(t))) : all).map(asId);
  };
  const draw = (to = common()) => actionSheet("Move " + player + "'s units", [
    el("p", { class: "muted" }, "Units (ready ones only):"),
    el("div", { class: "brow chips" }, units.map((u) => el("button", { class: "toggle", type: "button", "aria-pressed": String(chosen.has(u.id)),
      onclick: () => { if (chosen.has(u.id)) chosen.delete(u.id); else chosen.add(u.id); draw(); } }, unitName(u.id)))),
    el("p", { class: "muted" }, "To:"),
    el("div", { class: "brow" }, to.map((t) => el("button", { class: "plain move-to", type: "button", ...dis(!chosen.size),
      onclick: () => { $("build-sheet").replaceChildren(); addAction({ move: { units: oneOrList([...chosen]), to: placeName(t) } }); } }, placeName(t))))], null);
  draw();
}
function assignSheet(e, player) {
  // The units assigned to, each with the damage that is lethal to it where `next` gives it.
  const targets = (e.units || e.to || []).map((u) => ({ id: asId(u), lethal: u.lethal, tank: u.tank, backline: u.backline, start: Number(u.default || 0) }));
  const units = targets.map((t) => t.id);
  const label = (t) => unitName(t.id) + (t.lethal ? " (lethal " + t.lethal + (t.tank ? ", Tank" : "") + (t.backline ? ", Backline" : "") + ")" : "");
  const total = Number(e.total || 0);
  // Started at the engine's default (465.2.c), which `next` gives per unit: one tap on Add
  // writes it, the steppers change it.
  const to = Object.fromEntries(targets.map((t) => [t.id, t.start]));
  const draw = () => {
    const left = total - Object.values(to).reduce((a, b) => a + b, 0);
    actionSheet("Combat damage " + player + " assigns: " + total, [el("p", { class: "muted", id: "assign-left" },
      (left ? left + " left to assign" : "All " + total + " assigned") + ". It starts at the default: lethal to each in turn, the rest to the first."),
      targets.map(({ id: u }, i) => el("div", { class: "brow" }, el("span", { class: "stepper" }, el("span", { class: "slabel" }, label(targets[i])),
        el("button", { class: "plain", type: "button", ...dis(!to[u]), onclick: () => { to[u]--; draw(); } }, "−"), el("output", { class: "sval" }, String(to[u])),
        el("button", { class: "plain", type: "button", ...dis(!left), onclick: () => { to[u]++; draw(); } }, "+"))))],
    el("button", { class: "act", id: "assign-add", type: "button", ...dis(left), onclick: () => { $("build-sheet").replaceChildren(); addAction({ assign: { by: player, to: { ...to } } }); } },
      left ? "Add the assignment (" + left + " left to assign)" : "Add the assignment"));
  };
  draw();
}
function orderSheet(e) {
  const ids = (e.triggers || []).map(asId);
  const order = [];
  const draw = () => actionSheet("Order: tap the one put on the Chain first (it resolves last), then the next", [
    el("div", { class: "brow chips" }, ids.map((t) => el("button", { class: "toggle", type: "button", "aria-pressed": String(order.includes(t)),
      onclick: () => { if (order.includes(t)) order.splice(order.indexOf(t), 1); else order.push(t); draw(); } }, (order.includes(t) ? order.indexOf(t) + 1 + ". " : "") + t)))],
  el("button", { class: "act", type: "button", ...dis(order.length !== ids.length), onclick: () => { $("build-sheet").replaceChildren(); addAction({ order: [...order] }); } }, "Add the order"));
  draw();
}
// What a tap on each kind of action does.
function takeAction(e, player) {
  $("build-sheet").replaceChildren();
  if (e.action === "pass" || e.action === "end_turn") addAction({ [e.action]: player });
  else if (e.action === "play" || e.action === "activate") playSheet(e, player);
  else if (e.action === "move") moveSheet(e, player);
  else if (e.action === "assign") assignSheet(e, player);
  else if (e.action === "order") orderSheet(e);
  else if (e.action === "begin") {
    const bfs = (e.battlefields || []).map(asId);
    actionSheet("Begin which showdown or combat first?", el("div", { class: "brow" }, bfs.map((b) => el("button", { class: "plain", type: "button",
      onclick: () => { $("build-sheet").replaceChildren(); addAction({ begin: b }); } }, placeName(b)))), null);
  }
}
// `neutral-open` as the rules write it: Neutral Open.
const words = (s) => s.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
// One answer: the player who acts, large; the holders, state and phase; a button per action.
function answerCard(a, many) {
  const eds = (a.editions || []).map((x) => EDITION[x] || x).join(" and ");
  const who = a.over ? "The game is over" : a.player ? a.player + " acts" : "Nobody acts";
  const facts = [a.priority ? "Priority: " + a.priority : null, a.focus ? "Focus: " + a.focus : null, a.state && words(a.state), a.phase ? words(a.phase) + " Phase" : null].filter(Boolean).join(" · ");
  return el("div", { class: "card next-answer" }, many ? el("p", { class: "muted" }, "Under " + eds) : null,
    el("p", { class: "who", ...(many ? {} : { id: "build-who" }) }, who), facts ? el("p", { class: "muted" }, facts) : null,
    a.showdown ? el("p", { class: "showdown" }, a.showdown[0].toUpperCase() + a.showdown.slice(1)) : null,
    a.why ? el("p", { class: "muted" }, inline(a.why)) : null,
    el("div", { class: "may" }, (a.may || []).map((e) => el("button", { class: "plain may-" + e.action, type: "button", "data-action": e.action,
      onclick: () => takeAction(e, e.player || a.player) }, el("span", { class: "may-what" }, inline(e.what || e.action)),
      e.cites && e.cites.length ? el("span", { class: "muted cites" }, " " + e.cites.join(", ")) : null))),
    a.not_now && a.not_now.length ? el("details", { class: "not-now" }, el("summary", {}, "Not now (" + a.not_now.length + ")"),
      a.not_now.map((n) => el("p", { class: "muted" }, n.action + ": ", inline(n.why || ""), n.cites && n.cites.length ? " (" + n.cites.join(", ") + ")" : ""))) : null);
}
// Asks `next` for the editor's text and shows the answer, the actions so far and their Undo.
function askNext() {
  const box = $("build-next");
  if (!BM) { box.replaceChildren(); return; }
  const done = BM.actions.length ? el("div", { class: "card actions-so-far" }, el("h4", {}, "Actions so far (" + BM.actions.length + ")"),
    el("ol", {}, BM.actions.map((a) => { const [k, v] = Object.entries(a)[0]; return el("li", {}, el("code", {}, k + ": " + flowYaml(v))); })),
    el("button", { class: "plain", id: "build-undo", type: "button", onclick: undoAction }, "Undo the last action")) : null;
  const head = el("h3", { class: "next-head" }, "What may happen next");
  const show = (...kids) => box.replaceChildren(...kids.flat().filter(Boolean));
  const r = nextAnswer();
  if (r === null) {
    // Without `next`, at least whether the situation loads, and its first problem.
    const p = JSON.parse(W.replay_page_json(currentPath, $("replay-text").value, $("replay-rules").value));
    const first = p.problems && p.problems.places[0];
    show(head, el("p", { class: "muted", id: "build-no-next" }, "This page's engine cannot say yet who acts and what they may do (it has no `next`). Write actions in the YAML, or replay."),
      p.problems ? el("div", { class: "card what bad", id: "build-error" }, first ? "Line " + first.line + ": " + first.message + ". Replay shows where." : p.problems.message) : null,
      done, el("div", { id: "build-sheet" }));
    return;
  }
  if (r.error) {
    show(head, el("div", { class: "card what bad", id: "build-error" }, "The situation does not load: " + r.error.message + " Replay shows where."), done, el("div", { id: "build-sheet" }));
    return;
  }
  const answers = r.answers || [];
  const legend = r.legend ? el("p", { class: "muted", id: "build-legend" }, r.legend) : null;
  show(head, answers.map((a) => answerCard(a, answers.length > 1)), legend, el("div", { id: "build-sheet" }), replayAnswer(), done);
}
// The shown replay's Answer block, under the buttons (the report itself is below the editor, off
// a phone's screen): after each tap the judge sees what the actions so far come to.
function replayAnswer() {
  if (!document.querySelector("#replay-out .summary .answer") || !shownView) return null;
  return el("div", { class: "card replay-answer", id: "build-answer" }, answerBlock(shownView),
    el("button", { class: "link", type: "button", onclick: () => $("replay-out").scrollIntoView({ block: "start" }) }, "The whole report"));
}
