// The Build view's play form: the card's name (suggested from the `cards:` names of the bundled
// rulings), its kind and timing keyword (as `next` offered the play), and its effects, picked
// from a menu, each effect's targets picked by tapping the board's units or the Chain's items.
// It writes one `play` action (situation-format.md, "Chain items" and "Effects"; board-format.md
// 3.6). A facedown card played (Hidden, 811) names which one; a unit with Ambush, where it enters.

let cardNames = null;
const knownCards = () => {
  if (cardNames === null) cardNames = W && typeof W.card_names_json === "function" ? JSON.parse(W.card_names_json()).cards : [];
  return cardNames;
};
// Up to four card names for what is typed: those that start with it, then those that contain it.
function suggestCards(typed) {
  const t = typed.trim().toLowerCase();
  if (t.length < 2) return [];
  const all = knownCards();
  const starts = all.filter((n) => n.toLowerCase().startsWith(t));
  const has = all.filter((n) => !starts.includes(n) && n.toLowerCase().includes(t));
  return [...starts, ...has].filter((n) => n.toLowerCase() !== t).slice(0, 4);
}
// The plays written so far, as [item] (for ids in use, and what an effect may target).
const writtenPlays = () => BM.actions.filter((a) => a.play).map((a) => a.play);
const playId = (p) => String(p.id || idSlug(p.name));
// A new play's id: its name's slug, or the slug with -2, -3... where that is taken (a board
// object, a Chain item, a player, an earlier play), written as `id:` (situation-format.md, "Ids").
function freshId(name) {
  const used = new Set([...modelIds(BM).values(), ...BM.players, ...writtenPlays().map(playId)]);
  const base = idSlug(name) || "card";
  let id = base;
  for (let k = 2; used.has(id); k++) id = base + "-" + k;
  return id;
}
// What an effect may target: the board's units and units played in the written actions; the
// Chain's items and the spells and abilities played (the replay says when one is gone).
const targetUnits = () => [...BM.units.map((u) => ({ id: idOf(u), label: u.name, who: u.controller })),
  ...writtenPlays().filter((p) => p.kind === "unit").map((p) => ({ id: playId(p), label: p.name, who: BM.players.indexOf(p.controller) }))];
const targetItems = () => [...BM.chain.map((c) => ({ id: idOf(c), label: c.name + " (" + BM.players[c.controller] + ")" })),
  ...writtenPlays().filter((p) => p.kind !== "unit" && p.kind !== "gear").map((p) => ({ id: playId(p), label: p.name + " (" + p.controller + ")" }))];

// The effect menu: what each writes, from the targets picked (ids), a number and a place.
const EFFECTS = [
  ["damage", "Deal N damage to units", (t, n) => ({ damage: { target: oneOrList(t), amount: n } })],
  ["kill", "Kill units", (t) => ({ kill: oneOrList(t) })],
  ["counter", "Counter a Chain item", (t) => ({ counter: t[0] })],
  ["might-turn", "Might this turn", (t, n) => ({ might: { target: oneOrList(t), amount: n, duration: "turn" } })],
  ["might-combat", "Might this combat", (t, n) => ({ might: { target: oneOrList(t), amount: n, duration: "combat" } })],
  ["stun", "Stun units", (t) => ({ stun: oneOrList(t) })],
  ["recall", "Recall units", (t) => ({ recall: oneOrList(t) })],
  ["move", "Move units", (t, n, to) => ({ move: { target: oneOrList(t), to } })],
  ["text", "A text effect (not modelled)", (t, n, to, text) => ({ text })],
];
// One effect's short form, in `box`: the targets as buttons, a number or a place where the
// effect takes one, and its Add, which hands the effect to `done`.
function effectForm(box, kind, done) {
  const [, title, make] = EFFECTS.find((x) => x[0] === kind);
  const items = kind === "counter";
  const targets = kind === "text" ? [] : items ? targetItems() : targetUnits();
  const picked = [];
  let n = kind === "damage" ? 2 : kind.startsWith("might") ? 1 : 0;
  let to = "base";
  const text = kind === "text" ? el("input", { class: "bname", id: "effect-text", type: "text", placeholder: "What it does", "aria-label": "The effect's text", autocomplete: "off" }) : null;
  const draw = () => {
    // A move's units are one player's (board-format 3.6): the others are put out of reach.
    const mover = kind === "move" && picked.length ? targets.find((x) => x.id === picked[0]).who : null;
    const ok = kind === "text" || (picked.length && (kind !== "damage" || n >= 1) && (!kind.startsWith("might") || n !== 0));
    box.replaceChildren(el("div", { class: "card effect-form" }, el("h4", {}, title),
      targets.length ? el("p", { class: "muted" }, items ? "Tap the item it counters:" : "Tap its targets:") : null,
      kind !== "text" && !targets.length ? el("p", { class: "muted" }, items ? "No Chain item to counter: add one under Chain." : "No unit: add one under Units.") : null,
      el("div", { class: "brow chips" }, targets.map((x) => el("button", { class: "toggle", type: "button", "data-target": x.id, "aria-pressed": String(picked.includes(x.id)),
        ...dis(mover !== null && x.who !== mover), onclick: () => {
          if (picked.includes(x.id)) picked.splice(picked.indexOf(x.id), 1); else if (items) picked.splice(0, 1, x.id); else picked.push(x.id);
          draw();
        } }, x.label))),
      kind === "damage" || kind.startsWith("might") ? el("div", { class: "brow" }, el("span", { class: "stepper" }, el("span", { class: "slabel" }, kind === "damage" ? "Damage" : "Might"),
        el("button", { class: "plain", type: "button", "aria-label": "Amount minus one", ...dis(kind === "damage" && n <= 1), onclick: () => { n--; draw(); } }, "−"),
        el("output", { class: "sval", id: "effect-amount" }, (n > 0 && kind !== "damage" ? "+" : "") + n),
        el("button", { class: "plain", type: "button", "aria-label": "Amount plus one", onclick: () => { n++; draw(); } }, "+"))) : null,
      kind === "move" ? el("div", { class: "brow" }, el("span", { class: "slabel" }, "To"), (() => {
        const s = el("select", { id: "effect-to", "aria-label": "Moves to", onchange: (e) => { to = e.target.value; } },
          [["base", "base"], ...BM.battlefields.map((b) => [b.name, b.name])].map(([v, t]) => el("option", { value: v }, t)));
        s.value = to;
        return s;
      })()) : null,
      text ? el("div", { class: "brow" }, text) : null,
      el("div", { class: "row" }, el("button", { class: "act", id: "effect-add", type: "button", ...dis(!ok), onclick: () => {
        if (text && !text.value.trim()) { text.focus(); return; }
        done(make(picked, n, to, text && text.value.trim()));
      } }, "Add the effect"), el("button", { class: "plain", type: "button", onclick: () => done(null) }, "Cancel"))));
  };
  draw();
}
function playSheet(e, player) {
  const hidden = e.timing === "hidden";
  const ambush = e.timing === "ambush";
  const kinds = e.action === "activate" ? ["activated"] : ambush ? ["unit"] : hidden ? ["unit", "spell"] : ["spell", "unit", "gear"];
  const timings = [].concat(e.timing || []);
  const hints = el("div", { class: "brow chips", id: "play-suggest" });
  const name = el("input", { class: "bname", id: "play-name", type: "text", placeholder: "Card name", "aria-label": "Card name", autocomplete: "off",
    oninput: () => hints.replaceChildren(...suggestCards(name.value).map((n) => el("button", { class: "toggle", type: "button", "aria-pressed": "false",
      onclick: () => { name.value = n; hints.replaceChildren(); } }, n))) });
  const kind = el("select", { id: "play-kind", "aria-label": "Kind" }, kinds.map((k) => el("option", { value: k }, k)));
  const timing = el("select", { id: "play-timing", "aria-label": "Timing keyword" }, [["", "no keyword"], ["action", "Action"], ["reaction", "Reaction"]].map(([v, t]) => el("option", { value: v }, t)));
  timing.value = ["action", "reaction"].includes(timings[0]) ? timings[0] : "";
  // Where it comes from or enters: the facedown card, or the battlefield for Ambush.
  const where = hidden || ambush ? el("select", { id: "play-where", "aria-label": hidden ? "Facedown card" : "Enters at" },
    (hidden ? e.cards : e.to || []).map((x) => el("option", { value: asId(x) }, hidden ? asId(x) : placeName(asId(x))))) : null;
  // The effects written so far, each with its ✕, and the menu that adds one.
  const effects = [];
  const effBox = el("div", { id: "play-effects" });
  const drawEffects = () => {
    const menu = el("select", { id: "play-effect", "aria-label": "Add an effect", onchange: () => {
      if (menu.value) effectForm(effBox, menu.value, (fx) => { if (fx) effects.push(fx); drawEffects(); });
    } }, el("option", { value: "" }, "+ Effect…"), EFFECTS.map(([k, t]) => el("option", { value: k }, t)));
    effBox.replaceChildren(el("p", { class: "muted" }, effects.length ? "Effects, in order:" : "No effect yet (it only goes on the Chain and resolves)."),
      ...effects.map((fx, i) => el("div", { class: "brow effect" }, el("code", {}, flowYaml(fx)),
        el("button", { class: "plain remove", type: "button", "aria-label": "Remove effect " + (i + 1), onclick: () => { effects.splice(i, 1); drawEffects(); } }, "✕"))),
      el("div", { class: "brow" }, menu));
  };
  drawEffects();
  const add = el("button", { class: "act", id: "play-add", type: "button", onclick: () => {
    const cardName = name.value.trim() || "Card";
    const id = freshId(cardName);
    const item = { ...(id === idSlug(cardName) ? {} : { id }), name: cardName, controller: player, kind: kind.value };
    if (timing.value && !hidden && !ambush) item.keyword = timing.value;
    if (hidden) Object.assign(item, { from: "hidden", facedown: where.value });
    if (kind.value === "unit") item.might = 3;
    if (ambush) Object.assign(item, { ambush: true, at: where.value });
    if (effects.length) item.effects = [...effects];
    $("build-sheet").replaceChildren();
    addAction({ play: item });
  } }, "Add the play");
  actionSheet((e.action === "activate" ? "Activate" : "Play") + " for " + player, [el("div", { class: "brow" }, name), hints,
    el("div", { class: "brow" }, kind, hidden || ambush ? where : timing), effBox], add);
  name.focus();
}
