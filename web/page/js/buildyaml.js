// The Build view's situation: a model of the board a judge builds by taps, written as YAML in
// the format's own keys, one line per object (the style `chainjudge new --board` writes), and
// read back from such YAML: a small reader of that line style, which says what it cannot take
// rather than guess (the YAML stays the source of truth).

// A new board: two players, the two battlefields 485.4 asks for with two players.
function newModel() {
  return { title: "Built on the page", rules: "both", players: ["Ana", "Ben"], turn: 0, points: [0, 0],
    battlefields: [{ name: "Battlefield 1", controller: -1 }, { name: "Battlefield 2", controller: -1 }],
    units: [], gear: [], legends: [], chain: [], actions: [] };
}
// A unit's keys, in the order they are written, with the value that is not written.
const UNIT_FLAGS = ["tank", "backline", "ganking", "temporary", "stunned", "exhausted"];
const UNIT_NUMBERS = ["assault", "shield", "damage"];
const newUnit = (name, controller) => ({ name, controller, at: "base", might: 3, tank: false, backline: false, assault: 0, shield: 0,
  ganking: false, temporary: false, stunned: false, exhausted: false, damage: 0 });

// The format's default id of a name (situation-format.md, "Ids").
const idSlug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
// A scalar as YAML: plain where YAML reads it back as the same string, else double-quoted
// (a JSON string is a YAML one).
function yamlScalar(v) {
  if (typeof v !== "string") return String(v);
  return /^[A-Za-z_][A-Za-z0-9 _'.-]*$/.test(v) && !/ $/.test(v) && !/^(null|true|false)$/i.test(v) ? v : JSON.stringify(v);
}
// Any value, in YAML's flow style: { a: 1, b: [x, y] }.
function flowYaml(v) {
  if (Array.isArray(v)) return "[" + v.map(flowYaml).join(", ") + "]";
  if (v && typeof v === "object") return "{ " + Object.entries(v).map(([k, x]) => yamlScalar(k) + ": " + flowYaml(x)).join(", ") + " }";
  return yamlScalar(v);
}
// The ids the file will give its objects: the slug of each name, or, where two would be the
// same (or a player's name), the slug with -2, -3... written as `id:`.
function modelIds(m) {
  const seen = new Set(m.players.map((p) => p));
  const out = new Map();
  for (const o of [...m.battlefields, ...m.units, ...m.gear, ...m.legends, ...m.chain]) {
    // An id the file wrote is kept (actions name it).
    if (o.id && !seen.has(o.id)) { seen.add(o.id); out.set(o, o.id); continue; }
    let id = idSlug(o.name) || "x";
    for (let k = 2; seen.has(id); k++) id = (idSlug(o.name) || "x") + "-" + k;
    seen.add(id);
    out.set(o, id);
  }
  return out;
}
// The model as a situation file.
function modelYaml(m) {
  const ids = modelIds(m);
  const who = (i) => (i < 0 ? "none" : m.players[i]);
  const idKey = (o) => (ids.get(o) === idSlug(o.name) ? {} : { id: ids.get(o) });
  const lines = ["format: 1", "title: " + yamlScalar(m.title), "rules: " + m.rules, "players: " + flowYaml(m.players),
    "turn: " + yamlScalar(m.players[m.turn])];
  // A Chain with no battlefields and no units is a format-1 file: no points, no board keys.
  const board = m.battlefields.length || m.units.length;
  if (board || m.points.some((p) => p)) lines.push("points: " + flowYaml(Object.fromEntries(m.players.map((p, i) => [p, m.points[i]]))));
  if (board || m.gear.length || m.legends.length) lines.push("board:");
  for (const b of m.battlefields) lines.push("  - " + flowYaml({ ...idKey(b), name: b.name, kind: "battlefield", controller: who(b.controller) }));
  for (const u of m.units) {
    const o = { ...idKey(u), name: u.name, kind: "unit", controller: who(u.controller) };
    if (u.at !== "base") o.at = m.battlefields[u.at] ? m.battlefields[u.at].name : "base";
    o.might = u.might;
    for (const k of UNIT_FLAGS) if (u[k]) o[k] = true;
    for (const k of UNIT_NUMBERS) if (u[k] > 0) o[k] = u[k];
    lines.push("  - " + flowYaml(o));
  }
  for (const [list, kind] of [[m.gear, "gear"], [m.legends, "legend"]]) {
    for (const g of list) lines.push("  - " + flowYaml({ ...idKey(g), name: g.name, kind, controller: who(g.controller) }));
  }
  if (m.chain.length) {
    lines.push("chain:");
    for (const c of m.chain) {
      const o = { ...idKey(c), name: c.name, controller: who(c.controller), kind: c.kind };
      if (c.keyword && c.kind !== "triggered") o.keyword = c.keyword;
      if (c.kind === "unit") o.might = c.might;
      // Finalized is the format's default, not written; a unit or gear is always pending.
      if (c.status === "pending" || c.kind === "unit" || c.kind === "gear") o.status = "pending";
      lines.push("  - " + flowYaml(o));
    }
  }
  lines.push(m.actions.length ? "actions:" : "actions: []");
  for (const a of m.actions) {
    const [k, v] = Object.entries(a)[0];
    lines.push("  - " + k + ": " + flowYaml(v));
  }
  return lines.join("\n") + "\n";
}

// Reading back. A flow value (plain or double-quoted scalar, [...], {...}) from `s` at `i`.
function readFlow(s) {
  let i = 0;
  const ws = () => { while (s[i] === " ") i++; };
  const fail = (what) => { throw new Error(what + " at column " + (i + 1)); };
  const value = (inFlow) => {
    ws();
    if (s[i] === "[" || s[i] === "{") {
      const close = s[i] === "[" ? "]" : "}";
      const out = close === "]" ? [] : {};
      i++;
      ws();
      while (s[i] !== close) {
        if (close === "]") out.push(value(true));
        else {
          const k = value(true);
          ws();
          if (s[i] !== ":") fail("a `:` expected");
          i++;
          out[k] = value(true);
        }
        ws();
        if (s[i] === ",") { i++; ws(); } else if (s[i] !== close) fail("a `,` expected");
      }
      i++;
      return out;
    }
    if (s[i] === '"') {
      const m = s.slice(i).match(/^"(?:[^"\\]|\\.)*"/);
      if (!m) fail("an unclosed quote");
      i += m[0].length;
      return JSON.parse(m[0]);
    }
    const m = s.slice(i).match(inFlow ? /^[^,:[\]{}]*?(?=\s*(?:[,\]}]|:(?:\s|$)|$))/ : /^.*?(?=\s*$)/);
    const t = m ? m[0] : "";
    if (!t || /^['&*!|>%@`]/.test(t)) fail("a value the form cannot read");
    i += t.length;
    return /^-?\d+$/.test(t) ? Number(t) : t === "true" ? true : t === "false" ? false : t;
  };
  const v = value(false);
  ws();
  if (i < s.length) fail("more than one value");
  return v;
}
// A line without its comment (a # after a space, outside quotes).
function uncomment(line) {
  let q = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"' && line[i - 1] !== "\\") q = !q;
    if (!q && line[i] === "#" && (i === 0 || line[i - 1] === " ")) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}
// The file's top-level keys as values: `key: value`, or `key:` then `  - value` items (an item
// may be `key: value`, one pair). Anything else throws, naming its line.
function readTop(text) {
  const top = {};
  let list = null;
  text.split("\n").forEach((raw, n) => {
    const line = uncomment(raw);
    if (!line.trim()) return;
    const at = (e) => { throw new Error("line " + (n + 1) + ": " + e); };
    try {
      const item = line.match(/^ {2}- (.*)$/);
      if (item && list) {
        const pair = item[1].match(/^([a-z_]+): (.*)$/);
        list.push(pair ? { [pair[1]]: readFlow(pair[2]) } : readFlow(item[1]));
        return;
      }
      const kv = line.match(/^([a-z_]+):(?: (.*))?$/);
      if (!kv) at("the form reads one object per line, as it writes them");
      if (top[kv[1]] !== undefined) at("`" + kv[1] + "` twice");
      if (kv[2] === undefined) list = top[kv[1]] = [];
      else { list = null; top[kv[1]] = readFlow(kv[2]); }
    } catch (e) {
      if (/^line /.test(e.message)) throw e;
      at(e.message);
    }
  });
  return top;
}
// The model of `text`, or throws with what the form cannot show.
function yamlModel(text) {
  const t = readTop(text);
  const no = (what) => { throw new Error("the form has no place for " + what); };
  for (const k of Object.keys(t)) if (!["format", "title", "rules", "players", "turn", "points", "board", "chain", "actions"].includes(k)) no("`" + k + "`");
  if (t.format !== undefined && t.format !== 1) no("format " + t.format);
  const m = newModel();
  m.title = t.title === undefined ? "Built on the page" : String(t.title);
  m.rules = t.rules || "both";
  if (!Array.isArray(t.players) || t.players.length < 2 || t.players.length > 4) no("this many players");
  m.players = t.players.map(String);
  const player = (p, none) => {
    if (none && p === "none") return -1;
    const i = m.players.indexOf(String(p));
    if (i < 0) no("the player " + p);
    return i;
  };
  m.turn = t.turn === undefined ? 0 : player(t.turn);
  const points = t.points || {};
  m.points = m.players.map((p) => Number(points[p] || 0));
  // An `id` other than the name's slug is kept, so that the actions naming it still do.
  const withId = (o, x) => (o.id !== undefined && String(o.id) !== idSlug(o.name) ? { ...x, id: String(o.id) } : x);
  const keys = (o, allowed, what) => { for (const k of Object.keys(o)) if (!allowed.includes(k)) no("`" + k + "` on " + what); };
  const board = t.board || [];
  m.battlefields = [];
  for (const o of board.filter((x) => x.kind === "battlefield")) {
    keys(o, ["id", "name", "kind", "controller"], "a battlefield");
    m.battlefields.push(withId(o, { name: String(o.name), controller: player(o.controller, true) }));
  }
  const place = (at) => {
    if (at === undefined || at === "base") return "base";
    const i = m.battlefields.findIndex((b) => b.name === at || (b.id || idSlug(b.name)) === at);
    if (i < 0) no("a unit at " + at);
    return i;
  };
  for (const o of board.filter((x) => x.kind !== "battlefield")) {
    if (o.kind === "unit") {
      keys(o, ["id", "name", "kind", "controller", "at", "might", ...UNIT_FLAGS, ...UNIT_NUMBERS], "a unit");
      const u = newUnit(String(o.name), player(o.controller));
      u.at = place(o.at);
      u.might = Number(o.might || 0);
      for (const k of UNIT_FLAGS) u[k] = o[k] === true;
      for (const k of UNIT_NUMBERS) u[k] = Number(o[k] || 0);
      m.units.push(withId(o, u));
    } else if (o.kind === "gear" || o.kind === "legend") {
      keys(o, ["id", "name", "kind", "controller"], "a " + o.kind);
      (o.kind === "gear" ? m.gear : m.legends).push(withId(o, { name: String(o.name), controller: player(o.controller) }));
    } else no("a board entry of kind " + o.kind);
  }
  for (const o of t.chain || []) {
    keys(o, ["id", "name", "controller", "kind", "keyword", "status", "might"], "a chain item");
    m.chain.push(withId(o, { name: String(o.name), controller: player(o.controller), kind: o.kind, keyword: o.keyword || "", status: o.status || "finalized", might: Number(o.might || 0) }));
  }
  m.actions = (t.actions || []).map((a) => {
    if (!a || typeof a !== "object" || Array.isArray(a) || Object.keys(a).length !== 1) no("this action");
    return a;
  });
  return m;
}
