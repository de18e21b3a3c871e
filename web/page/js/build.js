// The Build view: a form beside the YAML editor, for one thumb at 360 px, that sets up a board
// (players, points, battlefields and who controls them, units with Might and keywords, gear,
// legends, an optional Chain) and writes the situation into the editor on every tap. The YAML
// stays the source of truth: the form reads it back (buildyaml.js), and a file the form cannot
// show is said so and kept as it is.

let BM = null;                 // the model the form shows, or null
let buildWrote = null;         // the text the form last wrote (or read), to tell the judge's edits
const buildOpen = new Set(["players", "battlefields", "units"]); // sections shown open

// Writes the model into the editor. The first write over a text the form did not write itself
// (a file read with comments, say) replaces it with an Undo, as Blank does.
function writeModel() {
  const text = modelYaml(BM);
  const ta = $("replay-text");
  if (ta.value === text) return;
  if (ta.value !== buildWrote) setText(text, "situation.yaml", "The Build form rewrote the situation");
  else {
    ta.value = text;
    ta.dispatchEvent(new CustomEvent("input", { detail: "build" }));
  }
  buildWrote = text;
  localStorage.setItem("chainjudge.edited", "1");
  save();
}
// After a change in the form: the YAML written, the form drawn again (unless only a text was
// typed), a report shown replayed again at once (not put away), what may happen next asked again.
function changed(redraw) {
  writeModel();
  if (redraw !== false) drawBuild();
  if ($("replay-out").childElementCount) replay(false);
  askNext();
}

// Small controls, each at least 44 px tall.
const stepperControl = (label, value, set, min) => el("span", { class: "stepper" }, el("span", { class: "slabel" }, label),
  el("button", { class: "plain step-", type: "button", "aria-label": label + " minus one", ...dis(min !== undefined && value <= min),
    onclick: () => { set(value - 1); changed(); } }, "−"),
  el("output", { class: "sval" }, String(value)),
  el("button", { class: "plain step+", type: "button", "aria-label": label + " plus one", onclick: () => { set(value + 1); changed(); } }, "+"));
const toggleChip = (label, on, set) => el("button", { class: "toggle", type: "button", "aria-pressed": String(!!on), onclick: () => { set(!on); changed(); } }, label);
// A name, typed: written at each key, and shown in the menus that offer it (`option`, "bf" or
// "player" and its index), without drawing the form again under the judge's thumb.
const nameInput = (o, label, option) => el("input", { class: "bname", type: "text", value: o.name, "aria-label": label, autocomplete: "off",
  oninput: (e) => {
    const v = e.target.value.trim();
    if (!v) return;
    renaming(() => {
      o.name = v;
      // A Chain item's id follows its name: one the file or the Blank template wrote (`a`)
      // would name the renamed item in the answer and the buttons.
      if (BM.chain.includes(o)) delete o.id;
    });
    if (option) for (const x of document.querySelectorAll(`#build option[data-${option}]`)) x.textContent = v;
    changed(false);
  } });
const dis = (off) => (off ? { disabled: "" } : {});
function buildSelect(label, value, options, set) {
  const s = el("select", { "aria-label": label, onchange: (e) => { set(e.target.value); changed(); } },
    options.map(([v, t, data]) => el("option", { value: String(v), ...(data ? { ["data-" + data]: "" } : {}) }, t)));
  s.value = String(value);
  return s;
}
const playerOptions = (none) => [...(none ? [[-1, "nobody"]] : []), ...BM.players.map((p, i) => [i, p, "player-" + i])];
const placeOptions = () => [["base", "base"], ...BM.battlefields.map((b, i) => [i, b.name, "bf-" + i])];
const removeButton = (list, o, what) => el("button", { class: "plain remove", type: "button", "aria-label": "Remove " + what, onclick: () => {
  const at = list.indexOf(o);
  list.splice(at, 1);
  // The units at a battlefield removed go to base; those at later ones keep their place.
  if (list === BM.battlefields) for (const u of BM.units) if (u.at !== "base") u.at = u.at === at ? "base" : u.at > at ? u.at - 1 : u.at;
  changed();
} }, "✕");
// A change of names (`change`), with the written actions following it: each name and id they
// use that changed with it (an object renamed, another whose id moved because of it) is
// renamed, all at once, so two ids that trade places stay apart.
function renaming(change) {
  const objects = [...BM.battlefields, ...BM.units, ...BM.gear, ...BM.legends, ...BM.chain];
  const names = objects.map((o) => o.name);
  const players = [...BM.players];
  const ids = modelIds(BM);
  change();
  const now = modelIds(BM);
  const map = new Map();
  objects.forEach((o, k) => { if (o.name !== names[k]) map.set(names[k], o.name); });
  players.forEach((p, k) => { if (BM.players[k] !== p) map.set(p, BM.players[k]); });
  for (const [o, id] of ids) if (now.get(o) !== id && !map.has(id)) map.set(id, now.get(o));
  const swap = (v) => (Array.isArray(v) ? v.map(swap) : v && typeof v === "object"
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [map.has(k) && k !== "name" ? map.get(k) : k, swap(x)]))
    : map.has(v) ? map.get(v) : v);
  if (map.size) BM.actions = BM.actions.map(swap);
}
// The player with the fewest objects in `list`, for a new one's controller.
const fewest = (list) => BM.players.map((p, i) => i).sort((a, b) => list.filter((o) => o.controller === a).length - list.filter((o) => o.controller === b).length)[0];
function buildSection(key, title, body, add) {
  const d = el("details", { class: "card bsec", "data-sec": key, ontoggle: () => (d.open ? buildOpen.add(key) : buildOpen.delete(key)) },
    el("summary", {}, title), body, add || null);
  d.open = buildOpen.has(key);
  return d;
}
const addButton = (id, label, onclick) => el("button", { class: "plain add", id, type: "button", onclick: () => { onclick(); changed(); } }, label);

function playersPart() {
  const rows = BM.players.map((p, i) => el("div", { class: "bitem", "data-i": i },
    el("div", { class: "brow" }, el("input", { class: "bname", type: "text", value: p, "aria-label": "Player " + (i + 1) + "'s name", autocomplete: "off",
      oninput: (e) => {
        const v = e.target.value.trim();
        if (!v || BM.players.some((x, j) => j !== i && x === v)) return;
        renaming(() => { BM.players[i] = v; });
        for (const x of document.querySelectorAll(`#build option[data-player-${i}]`)) x.textContent = v;
        changed(false);
      } }),
    toggleChip("Turn", BM.turn === i, () => { BM.turn = i; })),
    el("div", { class: "brow" }, stepperControl("Points", BM.points[i], (v) => { BM.points[i] = v; }, 0))));
  const count = el("div", { class: "brow" }, stepperControl("Players", BM.players.length, (n) => {
    if (n > BM.players.length && n <= 4) {
      BM.players.push(["Ana", "Ben", "Cho", "Dev", "Eve"].find((x) => !BM.players.includes(x)));
      BM.points.push(0);
    } else if (n < BM.players.length && n >= 2) {
      const last = BM.players.length - 1;
      // The last player goes with what they control.
      for (const list of [BM.units, BM.gear, BM.legends, BM.chain]) for (const o of [...list]) if (o.controller === last) list.splice(list.indexOf(o), 1);
      for (const b of BM.battlefields) if (b.controller === last) b.controller = -1;
      BM.players.pop();
      BM.points.pop();
      if (BM.turn === last) BM.turn = 0;
    }
  }, 2));
  const title = el("input", { class: "bname", type: "text", value: BM.title, "aria-label": "Title", autocomplete: "off",
    oninput: (e) => { BM.title = e.target.value.trim() || "Built on the page"; changed(false); } });
  return buildSection("players", "Players and points", [el("label", { class: "muted" }, "Title ", title), count, rows]);
}
function battlefieldsPart() {
  const rows = BM.battlefields.map((b, i) => el("div", { class: "bitem", "data-i": i }, el("div", { class: "brow" }, nameInput(b, "Battlefield " + (i + 1) + "'s name", "bf-" + i), removeButton(BM.battlefields, b, "battlefield " + (i + 1))),
    el("div", { class: "brow" }, el("span", { class: "slabel" }, "Controller"), buildSelect("Battlefield " + (i + 1) + "'s controller", b.controller, playerOptions(true), (v) => { b.controller = Number(v); }))));
  return buildSection("battlefields", "Battlefields (" + BM.battlefields.length + ")", rows,
    addButton("build-add-battlefield", "+ Battlefield", () => BM.battlefields.push({ name: "Battlefield " + (BM.battlefields.length + 1), controller: -1 })));
}
function unitsPart() {
  const rows = BM.units.map((u, i) => el("div", { class: "bitem unit", "data-i": i },
    el("div", { class: "brow" }, nameInput(u, "Unit " + (i + 1) + "'s name"), removeButton(BM.units, u, "unit " + (i + 1))),
    el("div", { class: "brow" }, buildSelect("Unit " + (i + 1) + "'s controller", u.controller, playerOptions(false), (v) => { u.controller = Number(v); }),
      buildSelect("Unit " + (i + 1) + "'s place", u.at, placeOptions(), (v) => { u.at = v === "base" ? "base" : Number(v); })),
    el("div", { class: "brow" }, stepperControl("Might", u.might, (v) => { u.might = v; })),
    el("div", { class: "brow chips" }, [["Tank", "tank"], ["Backline", "backline"], ["Ganking", "ganking"], ["Temporary", "temporary"], ["stunned", "stunned"], ["exhausted", "exhausted"]]
      .map(([t, k]) => toggleChip(t, u[k], (v) => { u[k] = v; }))),
    el("div", { class: "brow" }, stepperControl("Assault", u.assault, (v) => { u.assault = v; }, 0), stepperControl("Shield", u.shield, (v) => { u.shield = v; }, 0),
      stepperControl("damage", u.damage, (v) => { u.damage = v; }, 0))));
  return buildSection("units", "Units (" + BM.units.length + ")", rows,
    addButton("build-add-unit", "+ Unit", () => BM.units.push(newUnit("Unit " + (BM.units.length + 1), fewest(BM.units)))));
}
function ownedPart(key, title, list, kind) {
  const rows = list.map((g, i) => el("div", { class: "bitem", "data-i": i }, el("div", { class: "brow" }, nameInput(g, kind + " " + (i + 1) + "'s name"), removeButton(list, g, kind + " " + (i + 1))),
    el("div", { class: "brow" }, buildSelect(kind + " " + (i + 1) + "'s controller", g.controller, playerOptions(false), (v) => { g.controller = Number(v); }))));
  return buildSection(key, title + " (" + list.length + ")", rows,
    addButton("build-add-" + key, "+ " + kind, () => list.push({ name: kind + " " + (list.length + 1), controller: fewest(list) })));
}
// A Chain item's status, both words shown and the current one marked: pending or finalized
// (the format's default, written as no `status`). A unit or gear is pending, and says so.
const statusChip = (n, c, must) => el("span", { class: "status-chip", role: "group", "aria-label": n + "'s status" },
  ["pending", "finalized"].map((w) => el("button", { class: "toggle", type: "button", "data-status": w, "aria-pressed": String((must || c.status === "pending") === (w === "pending")),
    ...dis(must && w === "finalized"), onclick: () => { if (c.status !== w) { c.status = w; changed(); } } }, w)),
  must ? el("span", { class: "muted" }, "a " + c.kind + " on the Chain is pending until it resolves") : null);
function chainPart() {
  const rows = BM.chain.map((c, i) => {
    const n = "Chain item " + (i + 1);
    const must = c.kind === "unit" || c.kind === "gear";
    return el("div", { class: "bitem", "data-i": i }, el("div", { class: "brow" }, nameInput(c, n + "'s name"), removeButton(BM.chain, c, n.toLowerCase())),
      el("div", { class: "brow" }, buildSelect(n + "'s controller", c.controller, playerOptions(false), (v) => { c.controller = Number(v); }),
        buildSelect(n + "'s kind", c.kind, ["spell", "unit", "gear", "activated", "triggered"].map((k) => [k, k]), (v) => {
          c.kind = v;
          if (v === "unit" || v === "gear") c.status = "pending";
        })),
      el("div", { class: "brow" }, c.kind === "triggered" ? null : buildSelect(n + "'s timing", c.keyword, [["", "no keyword"], ["action", "Action"], ["reaction", "Reaction"]], (v) => { c.keyword = v; }),
        statusChip(n, c, must)),
      c.kind === "unit" ? el("div", { class: "brow" }, stepperControl("Might", c.might || 0, (v) => { c.might = v; })) : null);
  });
  return buildSection("chain", "Chain, oldest first (" + BM.chain.length + ")", [BM.chain.length ? null : el("p", { class: "muted" }, "No Chain: an Open State."), rows],
    addButton("build-add-chain", "+ Chain item", () => BM.chain.push({ name: "Spell " + (BM.chain.length + 1), controller: BM.turn, kind: "spell", keyword: "", status: "finalized", might: 3 })));
}
// The form, drawn from the model; or, for a file the form cannot show, why, the YAML kept.
function drawBuild(why) {
  const box = $("build");
  if (!BM) {
    box.replaceChildren(el("div", { class: "card notice", id: "build-cannot" }, el("p", {}, "The form cannot show this situation (" + why + "). The YAML is kept as it is."),
      el("button", { class: "plain", id: "build-new", type: "button", onclick: () => { BM = newModel(); buildWrote = null; changed(); } }, "Start a new board in the form")));
    $("build-next").replaceChildren();
    return;
  }
  const fresh = el("div", { class: "brow" }, el("button", { class: "plain", id: "build-fresh", type: "button", onclick: () => { BM = newModel(); buildWrote = null; changed(); } }, "New board"));
  box.replaceChildren(fresh, playersPart(), battlefieldsPart(), unitsPart(), ownedPart("gear", "Gear", BM.gear, "Gear"),
    ownedPart("legends", "Legends", BM.legends, "Legend"), chainPart());
}
// Reads the editor's text into the form; a text it cannot show leaves the form empty, saying why.
function readIntoForm() {
  const text = $("replay-text").value;
  try {
    BM = yamlModel(text);
    buildWrote = text;
    drawBuild();
    askNext();
  } catch (e) {
    BM = null;
    drawBuild(e.message);
  }
}
function setBuild(on) {
  $("replay-build").setAttribute("aria-pressed", String(on));
  $("build").hidden = !on;
  $("build-next").hidden = !on;
  localStorage.setItem("chainjudge.build", on ? "1" : "0");
  if (on) readIntoForm();
}
$("replay-build").addEventListener("click", () => setBuild($("build").hidden));
// The judge's own typing in the editor is read into the form as it comes.
$("replay-text").addEventListener("input", (e) => { if (e.detail !== "build" && !$("build").hidden) readIntoForm(); });
function restoreBuild() {
  if (localStorage.getItem("chainjudge.build") === "1") setBuild(true);
}
// The editor's text replaced (a ruling, Blank, a link, an Undo): the form reads it again.
function buildSync() {
  if (!$("build").hidden) readIntoForm();
}
