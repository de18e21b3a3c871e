// The situation being edited: kept in local storage (with whether it was replayed, so a reload
// shows the replay again), replaced by a bundled ruling, a blank template or a shared link
// with an Undo for the judge's own edits, and shared as a link that carries it in the
// fragment (the part after #, which the browser never sends anywhere).

const BLANK = "# Every key is in the Format guide (the button above).\nformat: 1\ntitle: My situation\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\n# The Chain, oldest item first; each player passes unless `actions` says otherwise.\nchain:\n  - { id: a, name: Spell A, controller: Ana, kind: spell }\n  - { id: b, name: Reply, controller: Ben, kind: spell, keyword: reaction }\nactions: []\n";
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
// Puts `text` in the editor. The judge's own edits it replaces can be had back with Undo.
function setText(text, path, what) {
  const ta = $("replay-text");
  const before = { text: ta.value, path: currentPath, replayed: localStorage.getItem("chainjudge.replayed") };
  const had = edited() && before.text !== text;
  ta.value = text;
  currentPath = path || "situation.yaml";
  localStorage.setItem("chainjudge.edited", "0");
  localStorage.removeItem("chainjudge.replayed");
  save();
  const notice = $("replay-notice");
  // The Undo of earlier edits stays until the judge edits again.
  if (had) {
    notice.replaceChildren();
    notice.append(el("div", { class: "card notice" }, el("p", {}, what + "; your edited situation was replaced."),
      el("button", { class: "plain", id: "replay-undo", type: "button", onclick: () => {
        ta.value = before.text;
        currentPath = before.path;
        $("replay-pick").value = "";
        localStorage.setItem("chainjudge.edited", "1");
        save();
        notice.replaceChildren(el("div", { class: "card muted" }, "Your edited situation is back."));
        $("replay-out").replaceChildren();
        if (before.replayed) { localStorage.setItem("chainjudge.replayed", before.replayed); replay(); }
      } }, "Undo")));
  }
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
  save();
});
$("replay-blank").addEventListener("click", () => { setText(BLANK, "situation.yaml", "A blank situation"); $("replay-out").replaceChildren(); });
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
// A shared link followed in a tab where the page is already open.
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#s=")) return;
  openShared(sharedText(location.hash), $("replay-text").value);
  navigate("replay");
  if (localStorage.getItem("chainjudge.replayed")) replay();
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
  if (shared) {
    openShared(shared, stored);
    show("replay");
  } else {
    show(localStorage.getItem("chainjudge.view") || "rules");
  }
  history.replaceState(current(), "");
  const replayed = JSON.parse(localStorage.getItem("chainjudge.replayed") || "null");
  if (replayed) { $("replay-rules").value = replayed.rules; replay(); }
}
