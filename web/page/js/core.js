// chainjudge's page: the helpers every view uses. The engine is `W` (the wasm-bindgen module,
// set by boot.js); every answer comes from it as a JSON document, the CLI's own.
"use strict";
const $ = (id) => document.getElementById(id);
const today = () => new Date().toISOString().slice(0, 10);
const EDITION = { july: "July", october: "October" };
const STATE = { "neutral-open": "Neutral Open", "neutral-closed": "Neutral Closed", "showdown-open": "Showdown Open", "showdown-closed": "Showdown Closed" };
let W = null;
// The edition in force today (`july`, `october`), set by boot.js.
let IN_FORCE = "october";

// An element with attributes (`class`, `onclick`...) and children (nodes, strings, arrays).
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids.flat(Infinity)) if (k !== null && k !== undefined && k !== false) e.append(k instanceof Node ? k : String(k));
  return e;
};

// Text the CLI writes with `backticks` for what to type, as code; `chainjudge ruling ID`
// (a CLI command) becomes a tap that opens that ruling here, and docs/situation-format.md a
// tap that opens the Guide.
function inline(text) {
  return String(text).split(/(`[^`]*`)/).map((part) => {
    const m = part.match(/^`chainjudge ruling ([a-z0-9-]+)`$/);
    if (m) return rulingLink(m[1]);
    if (/^`.*`$/.test(part)) return el("code", {}, part.slice(1, -1));
    // The format's reference is on the page too: the Guide view.
    return part.split(/(docs\/situation-format\.md)/).map((x) => (x === "docs/situation-format.md"
      ? el("button", { class: "link", type: "button", onclick: () => openGuide() }, "the format guide") : x));
  });
}

// A label and value list (`dl`): rows of [label, value].
const kv = (rows, cls) => el("dl", { class: "kv" + (cls ? " " + cls : "") }, rows.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));

// Pieces kept on one line (a link and its mark or comma).
const nowrap = (...kids) => el("span", { class: "nowrap" }, kids);
// A list of links, comma-separated, each comma kept on its link's line.
const commaList = (items, link) => items.map((x, i) => {
  const parts = [].concat(link(x));
  const last = parts.pop();
  return [i ? " " : "", parts, nowrap(last, i < items.length - 1 ? "," : "")];
});
