// The situation being edited: kept in local storage (with whether it was replayed, so a reload
// shows the replay again), replaced by a bundled ruling, a blank template or a shared link
// with an Undo for the judge's own edits, and shared as a link that carries it in the
// fragment (the part after #, which the browser never sends anywhere).

const BLANK = "format: 1\ntitle: My situation\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\n# The Chain, oldest item first; each player passes unless `actions` says otherwise.\nchain:\n  - { id: a, name: Spell A, controller: Ana, kind: spell }\n  - { id: b, name: Reply, controller: Ben, kind: spell, keyword: reaction }\nactions: []\n";
let currentPath = "situation.yaml";
function save() {
  localStorage.setItem("chainjudge.situation", $("replay-text").value);
  localStorage.setItem("chainjudge.path", currentPath);
}
const edited = () => localStorage.getItem("chainjudge.edited") === "1";
// Puts `text` in the editor. The judge's own edits it replaces can be had back with Undo.
function setText(text, path, what) {
  const ta = $("replay-text");
  const before = { text: ta.value, path: currentPath };
  const had = edited() && before.text !== text;
  ta.value = text;
  currentPath = path || "situation.yaml";
  localStorage.setItem("chainjudge.edited", "0");
  localStorage.removeItem("chainjudge.replayed");
  save();
  const notice = $("replay-notice");
  notice.replaceChildren();
  if (had) {
    notice.append(el("div", { class: "card notice" }, el("p", {}, what + "; your edited situation was replaced."),
      el("button", { class: "plain", id: "replay-undo", type: "button", onclick: () => {
        ta.value = before.text;
        currentPath = before.path;
        localStorage.setItem("chainjudge.edited", "1");
        save();
        notice.replaceChildren();
        $("replay-out").replaceChildren();
      } }, "Undo")));
  }
}
function openRuling(id) {
  setText(W.ruling_situation(id), "rulings/" + id + ".yaml", "Opened ruling " + id);
  $("replay-pick").value = id;
  navigate("replay");
  replay();
}
$("replay-text").addEventListener("input", () => {
  // An edited ruling is the judge's own situation now: named so in the report.
  currentPath = "situation.yaml";
  $("replay-pick").value = "";
  localStorage.setItem("chainjudge.edited", "1");
  localStorage.removeItem("chainjudge.replayed");
  save();
});
$("replay-blank").addEventListener("click", () => { setText(BLANK, "situation.yaml", "A blank situation"); $("replay-out").replaceChildren(); });
$("replay-pick").addEventListener("change", (e) => { if (e.target.value) openRuling(e.target.value); });

// The link that carries the editor's text: this page's address, then #s= and the text as
// base64url (UTF-8).
function shareLink() {
  const bytes = new TextEncoder().encode($("replay-text").value);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return location.href.split("#")[0] + "#s=" + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
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
    el("p", { class: "muted" }, "This link carries the situation after the #, which never leaves the phone. It opens in this page where the page is saved at the same place; otherwise send the YAML."),
    input, el("div", { class: "row" }, buttons)));
  input.select();
});

// On opening: a shared link's situation (the judge's own kept for Undo, and the link cleared
// from the address bar so a reload keeps later edits), else the stored one, replayed again
// if it was.
function restore() {
  const m = location.hash.match(/^#s=([A-Za-z0-9_-]*)$/);
  const stored = localStorage.getItem("chainjudge.situation");
  $("replay-text").value = stored === null ? BLANK : stored;
  currentPath = localStorage.getItem("chainjudge.path") || "situation.yaml";
  const rule = JSON.parse(localStorage.getItem("chainjudge.rule") || "null");
  if (rule) { $("rule-q").value = rule.q; $("rule-ed").value = rule.ed; findRule(); }
  const ruling = localStorage.getItem("chainjudge.ruling");
  if (ruling) { $("ruling-q").value = ruling; findRuling(); }
  if (m) {
    let text = null;
    try {
      const bin = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
      text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    } catch (e) {
      $("replay-notice").append(el("div", { class: "card what bad" }, "This link's situation could not be read (the link may be cut short)."));
    }
    history.replaceState(null, "", location.href.split("#")[0]);
    if (text !== null) {
      if (stored !== null && stored !== text) localStorage.setItem("chainjudge.edited", "1");
      setText(text, "shared.yaml", "Opened a shared situation");
      localStorage.setItem("chainjudge.replayed", JSON.stringify({ rules: "" }));
    }
    show("replay");
  } else {
    show(localStorage.getItem("chainjudge.view") || "rules");
  }
  history.replaceState(current(), "");
  const replayed = JSON.parse(localStorage.getItem("chainjudge.replayed") || "null");
  if (replayed) { $("replay-rules").value = replayed.rules; replay(); }
}
