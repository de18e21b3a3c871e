// The situation being edited: kept in local storage (with whether it was replayed, so a reload
// shows the replay again), replaced by a bundled ruling, a blank template or a shared link
// with an Undo for the judge's own edits, and shared as a link that carries it in the
// fragment (the part after #, which the browser never sends anywhere).

const BLANK = "# Every key is in the Format guide (the button above).\nformat: 1\ntitle: My situation\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\n# The Chain, oldest item first; each player passes unless `actions` says otherwise.\nchain:\n  - { id: a, name: Spell A, controller: Ana, kind: spell }\n  - { id: b, name: Reply, controller: Ben, kind: spell, keyword: reaction }\nactions: []\n";
// A board to start from: a move into a battlefield Ben holds, and the combat it begins.
const BLANK_BOARD = "# Every key is in the Format guide (the button above); a board file under \"Board files\".\nformat: 1\ntitle: My board situation\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\npoints: { Ana: 0, Ben: 0 }\n# Battlefields and units; a unit without `at` is at its controller's base.\nboard:\n  - { name: Battlefield 1, kind: battlefield, controller: Ben }\n  - { name: Battlefield 2, kind: battlefield, controller: none }\n  - { name: Scout, controller: Ana, kind: unit, might: 2 }\n  - { name: Guard, controller: Ben, kind: unit, at: Battlefield 1, might: 2 }\nactions:\n  - move: { units: scout, to: Battlefield 1 }\n  - pass: Ana\n  - pass: Ben\n";
let currentPath = "situation.yaml";
// Keeps the editor's text for the next visit. A text larger than the browser lets a page
// keep (about 5 MB) is not kept, and the notice says so.
function save() {
  const text = $("replay-text").value;
  let kept = true;
  try {
    localStorage.setItem("chainjudge.situation", text);
    localStorage.setItem("chainjudge.path", currentPath);
  } catch (e) {
    kept = false;
  }
  const warn = $("replay-unkept");
  if (kept && warn) warn.remove();
  if (!kept && !warn) {
    $("replay-notice").append(el("div", { class: "card what bad", id: "replay-unkept" },
      `This situation (${(text.length / 1e6).toFixed(1)} MB) is too large for the browser to keep: it replays, but a reload brings back the last one kept.`));
  }
}
const edited = () => localStorage.getItem("chainjudge.edited") === "1";
// Puts `text` in the editor. The judge's own edits it replaces can be had back with Undo,
// across a reload too: they are kept (chainjudge.undo) until the judge edits again.
function setText(text, path, what) {
  const ta = $("replay-text");
  const before = { text: ta.value, path: currentPath, replayed: localStorage.getItem("chainjudge.replayed"), what };
  const had = edited() && before.text !== text;
  ta.value = text;
  currentPath = path || "situation.yaml";
  localStorage.setItem("chainjudge.edited", "0");
  localStorage.removeItem("chainjudge.replayed");
  save();
  buildSync();
  // The Undo of earlier edits stays until the judge edits again.
  if (had) {
    try {
      localStorage.setItem("chainjudge.undo", JSON.stringify(before));
    } catch (e) {
      localStorage.removeItem("chainjudge.undo");
    }
    offerUndo(before);
  }
}
// The notice with the Undo that puts `before` (the judge's replaced situation) back.
function offerUndo(before) {
  const ta = $("replay-text");
  const notice = $("replay-notice");
  notice.replaceChildren(el("div", { class: "card notice" }, el("p", {}, before.what + "; your edited situation was replaced."),
    el("button", { class: "plain", id: "replay-undo", type: "button", onclick: () => {
      ta.value = before.text;
      currentPath = before.path;
      $("replay-pick").value = "";
      localStorage.setItem("chainjudge.edited", "1");
      localStorage.removeItem("chainjudge.undo");
      save();
      buildSync();
      notice.replaceChildren(el("div", { class: "card muted" }, "Your edited situation is back."));
      $("replay-out").replaceChildren();
      if (before.replayed) { localStorage.setItem("chainjudge.replayed", before.replayed); replay(); }
    } }, "Undo")));
}
function openRuling(id) {
  setText(W.ruling_situation(id), "rulings/" + id + ".yaml", "Opened ruling " + id);
  $("replay-pick").value = id;
  navigate("replay");
  replay(true);
}
$("replay-text").addEventListener("input", () => {
  // Typing puts the share box away; an Undo stays until the next replacement.
  const box = document.querySelector("#replay-notice .sharebox");
  if (box) box.remove();
  // An edited ruling is the judge's own situation now: named so in the report.
  currentPath = "situation.yaml";
  $("replay-pick").value = "";
  localStorage.setItem("chainjudge.edited", "1");
  localStorage.removeItem("chainjudge.replayed");
  // The replaced situation is kept for a reload's Undo until this edit.
  localStorage.removeItem("chainjudge.undo");
  save();
});
// Blank offers two templates: a Chain, or a board (battlefields, units, a combat).
$("replay-blank").addEventListener("click", () => {
  const open = $("blank-pick");
  if (open) { open.remove(); return; }
  const blank = (text, what) => () => { $("blank-pick").remove(); setText(text, "situation.yaml", what); $("replay-out").replaceChildren(); };
  $("replay-notice").before(el("div", { class: "card notice", id: "blank-pick" }, el("p", {}, "Start from a blank:"),
    el("button", { class: "plain", id: "blank-chain", type: "button", onclick: blank(BLANK, "A blank Chain") }, "A Chain"),
    el("button", { class: "plain", id: "blank-board", type: "button", onclick: blank(BLANK_BOARD, "A blank board") }, "A board"),
    el("button", { class: "plain", type: "button", onclick: () => $("blank-pick").remove() }, "Cancel")));
});
$("replay-pick").addEventListener("change", (e) => { if (e.target.value) openRuling(e.target.value); });

// The link that carries the editor's text: this page's address, then #s=, the text's length
// in bytes, a dot, and the text as base64url (UTF-8). The length tells a link cut short.
function shareLink() {
  const bytes = new TextEncoder().encode($("replay-text").value);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return location.href.split("#")[0] + "#s=" + bytes.length + "." + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
// The text a link's fragment carries, or an error saying why it cannot be read.
function sharedText(fragment) {
  const m = fragment.match(/^#s=(?:(\d+)\.)?([A-Za-z0-9_-]*)$/);
  if (!m) return { error: "This link does not carry a situation this page can read." };
  let bytes;
  try {
    bytes = Uint8Array.from(atob(m[2].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch (e) {
    return { error: "This link's situation is damaged: it cannot be decoded." };
  }
  if (m[1] !== undefined && bytes.length !== Number(m[1])) {
    return { error: `This link is cut short: it carries ${bytes.length} of the situation's ${m[1]} bytes. Ask for the link again, or for the YAML.` };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch (e) {
    return { error: "This link's situation is damaged: it is not UTF-8 text." };
  }
}
// Copies `text`, saying so on `button`; where the clipboard is not offered (a page opened from
// a file may not have it), through a hidden selection.
function copy(text, button) {
  const done = () => { button.textContent = "Copied"; };
  const fallback = () => {
    const t = el("textarea", { class: "offscreen" }, text);
    document.body.append(t);
    t.select();
    const ok = document.execCommand("copy");
    t.remove();
    if (ok) done(); else button.textContent = "Select it and copy";
  };
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, fallback); else fallback();
}
$("replay-share").addEventListener("click", () => {
  const link = shareLink();
  const input = el("input", { id: "share-link", readonly: "", value: link, "aria-label": "Link to this situation" });
  const buttons = [el("button", { class: "plain", type: "button", onclick: (e) => { input.select(); copy(link, e.target); } }, "Copy link"),
    el("button", { class: "plain", type: "button", onclick: (e) => copy($("replay-text").value, e.target) }, "Copy the YAML")];
  buttons.push(el("button", { class: "plain", type: "button", onclick: () => $("replay-notice").replaceChildren() }, "Close"));
  if (navigator.share) buttons.splice(2, 0, el("button", { class: "plain", type: "button", onclick: () => navigator.share({ title: "chainjudge situation", url: link }).catch(() => {}) }, "Share…"));
  $("replay-notice").replaceChildren(el("div", { class: "card sharebox" },
    el("p", { class: "muted" }, "The situation travels inside this link, after the #: no server ever sees it. The link opens it in this page wherever the page is saved at the same address; otherwise send the YAML."),
    input, el("div", { class: "row" }, buttons)));
  input.select();
});

// On opening: a shared link's situation (the judge's own kept for Undo, and the link cleared
// from the address bar so a reload keeps later edits), else the stored one, replayed again
// if it was.
// A shared link's situation in the editor (the judge's own kept for Undo), replayed, and the
// link cleared from the address bar so a reload keeps later edits; or why it cannot be read.
function openShared(shared, stored) {
  history.replaceState(null, "", location.href.split("#")[0]);
  if (shared.text !== undefined) {
    if (stored !== null && stored !== shared.text) localStorage.setItem("chainjudge.edited", "1");
    setText(shared.text, "shared.yaml", "Opened a shared situation");
    localStorage.setItem("chainjudge.replayed", JSON.stringify({ rules: "" }));
  } else {
    $("replay-notice").replaceChildren(el("div", { class: "card what bad shared-error" }, shared.error));
  }
}
// A shared situation opened in the page already open (a link followed, or pasted in the box):
// replayed; or, where it cannot be read, why, in view, the old replay put away.
function openFragment(fragment) {
  const shared = sharedText(fragment);
  openShared(shared, $("replay-text").value);
  navigate("replay");
  if (shared.error) {
    $("replay-out").replaceChildren();
    localStorage.removeItem("chainjudge.replayed");
    $("replay-notice").scrollIntoView({ block: "start" });
  } else if (localStorage.getItem("chainjudge.replayed")) replay(true);
}
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#s=")) openFragment(location.hash);
});
// The fragment a pasted link carries, wherever the page it names is saved ("…#s=12.abc"),
// or a pasted code ("s=12.abc", "12.abc"); null for anything else.
function pastedFragment(v) {
  v = v.trim();
  const at = v.indexOf("#s=");
  if (at >= 0) return v.slice(at);
  if (/^s=/.test(v)) return "#" + v;
  if (/^\d+\.[A-Za-z0-9_-]+$/.test(v)) return "#s=" + v;
  return null;
}
$("replay-paste").addEventListener("click", () => {
  const open = $("paste-box");
  if (open) { open.remove(); return; }
  const input = el("input", { id: "paste-link", type: "text", inputmode: "url", autocapitalize: "off", spellcheck: "false", placeholder: "Paste a link or code", autocomplete: "off", "aria-label": "A shared link or code" });
  const form = el("form", { class: "card sharebox", id: "paste-box" },
    el("p", { class: "muted" }, "A situation's link (from Share, saved at any address) or its code, the part after #s="),
    input, el("div", { class: "row" }, el("button", { class: "act", type: "submit" }, "Open"),
      el("button", { class: "plain", type: "button", onclick: () => form.remove() }, "Cancel")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const fragment = pastedFragment(input.value);
    if (fragment === null) {
      $("replay-notice").replaceChildren(el("div", { class: "card what bad shared-error" }, "This is not a chainjudge link or code: a link from Share has #s= in it."));
      return;
    }
    form.remove();
    openFragment(fragment);
  });
  $("replay-notice").before(form);
  input.focus();
});
function restore() {
  const shared = location.hash.startsWith("#s=") ? sharedText(location.hash) : null;
  const stored = localStorage.getItem("chainjudge.situation");
  $("replay-text").value = stored === null ? BLANK : stored;
  currentPath = localStorage.getItem("chainjudge.path") || "situation.yaml";
  const rule = JSON.parse(localStorage.getItem("chainjudge.rule") || "null");
  $("rule-ed").value = localStorage.getItem("chainjudge.rule-ed") || "";
  if (rule) { $("rule-q").value = rule.q; findRule(rule.ed); }
  const ruling = localStorage.getItem("chainjudge.ruling");
  if (ruling) { $("ruling-q").value = ruling; findRuling(); }
  // An Undo offered before the reload is offered again.
  const undo = JSON.parse(localStorage.getItem("chainjudge.undo") || "null");
  if (undo) offerUndo(undo);
  if (shared) {
    openShared(shared, stored);
    show("replay");
  } else {
    show(localStorage.getItem("chainjudge.view") || "rules");
  }
  history.replaceState(current(), "");
  const replayed = JSON.parse(localStorage.getItem("chainjudge.replayed") || "null");
  if (replayed) { $("replay-rules").value = replayed.rules; replay(); }
  restoreBuild();
}
