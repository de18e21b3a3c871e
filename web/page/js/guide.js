// The Guide view: the situation format (docs/situation-format.md, embedded by build.sh as
// GUIDE_MD) for writing a situation at the table. Each section folds; a word typed in the
// find box opens the sections holding it; a link to a section opens it.

// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
const slug = (h) => h.toLowerCase().replace(/[^a-z0-9 _-]/g, "").replace(/ /g, "-");
// Inline Markdown: `code`, **bold**, *emphasis*, [text](link) (a section link opens it).
function md(text) {
  const out = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let at = 0;
  for (let m; (m = re.exec(text)); at = re.lastIndex) {
    out.push(text.slice(at, m.index));
    if (m[1] !== undefined) out.push(el("code", {}, m[1]));
    else if (m[2] !== undefined) out.push(el("strong", {}, m[2]));
    else if (m[3] !== undefined) out.push(el("em", {}, m[3]));
    else if (m[5].startsWith("#")) out.push(el("button", { class: "link", type: "button", onclick: () => openGuide(m[5].slice(1)) }, m[4]));
    else out.push(m[4]);
  }
  out.push(text.slice(at));
  return out;
}
// A Markdown table as one small card per row: the first cell as its title, the others under
// their column's heading (a table does not fit 360 pixels).
function table(rows) {
  const cells = (r) => r.replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
  const head = cells(rows[0]);
  return el("div", { class: "gtable" }, rows.slice(2).map((r) => {
    const c = cells(r);
    return el("div", { class: "grow" }, el("div", {}, el("strong", {}, md(c[0]))),
      el("dl", { class: "kv" }, head.slice(1).map((h, i) => (c[i + 1] ? [el("dt", {}, h), el("dd", {}, md(c[i + 1]))] : null))));
  }));
}
// The blocks of a section's lines: paragraphs, lists, tables, code, quotes, small headings.
function blocks(lines) {
  const out = [];
  for (let i = 0; i < lines.length;) {
    const l = lines[i];
    if (!l.trim()) { i++; continue; }
    if (l.startsWith("```")) {
      let j = i + 1;
      while (j < lines.length && !lines[j].startsWith("```")) j++;
      const code = lines.slice(i + 1, j).join("\n") + "\n";
      out.push(el("pre", { class: "src" }, code));
      // A whole situation can be tried at once.
      if (/^format: 1$/m.test(code)) out.push(el("button", { class: "plain try", type: "button", onclick: () => { setText(code, "situation.yaml", "The guide's example"); navigate("replay"); replay(); } }, "Replay this example"));
      i = j + 1;
    } else if (l.startsWith("|")) {
      let j = i;
      while (j < lines.length && lines[j].startsWith("|")) j++;
      out.push(table(lines.slice(i, j)));
      i = j;
    } else if (/^#{3,} /.test(l)) {
      const h = l.replace(/^#+ /, "");
      out.push(el("h4", { id: "guide-" + slug(h) }, md(h)));
      i++;
    } else if (/^\s*(- |\d+\. )/.test(l)) {
      const ul = el(/^\s*\d/.test(l) ? "ol" : "ul", {});
      let item = null;
      while (i < lines.length && lines[i].trim() && !lines[i].startsWith("|")) {
        const m = lines[i].match(/^\s*(?:- |\d+\. )(.*)$/);
        if (m) { item = [m[1]]; ul.append(el("li", {})); } else item.push(lines[i].trim());
        ul.lastChild.replaceChildren(...md(item.join(" ")));
        i++;
      }
      out.push(ul);
    } else {
      let j = i;
      while (j < lines.length && lines[j].trim() && !/^(```|\||#|\s*- |\s*\d+\. )/.test(lines[j])) j++;
      const text = lines.slice(i, Math.max(j, i + 1)).map((x) => x.replace(/^> ?/, "")).join(" ");
      out.push(el("p", l.startsWith(">") ? { class: "muted" } : {}, md(text)));
      i = Math.max(j, i + 1);
    }
  }
  return out;
}
let guideBuilt = false;
// Lays the guide out once: a part title for each "#" heading, a folding section for each "##".
function buildGuide() {
  if (guideBuilt) return;
  guideBuilt = true;
  const out = $("guide-out");
  // The format's text speaks of the command line; on this page, Replay is both commands.
  out.append(el("p", { class: "gintro" }, md("On this page, **Replay** reads a situation as `chainjudge replay` does and checks its `expect` as `chainjudge verify` does; “Replay this example” under an example tries it there.")));
  let lines = [];
  let head = null;
  const flush = () => {
    if (head === null) { out.append(el("div", { class: "gintro" }, blocks(lines))); return; }
    const sec = el("details", { class: "card gsec", id: "guide-" + slug(head) }, el("summary", {}, md(head)), blocks(lines));
    // Find reads the text as shown, not its Markdown (`**` finds nothing).
    sec.dataset.text = sec.textContent.toLowerCase();
    out.append(sec);
  };
  for (const l of GUIDE_MD.split("\n")) {
    if (/^#{1,2} /.test(l)) {
      flush();
      lines = [];
      if (l.startsWith("# ")) { head = null; out.append(el("h3", { class: "gintro", id: "guide-" + slug(l.slice(2)) }, md(l.slice(2)))); } else head = l.slice(3);
    } else lines.push(l);
  }
  flush();
}
// Opens the guide at section `anchor` (a heading's slug), or at the top.
function openGuide(anchor) {
  if ($("view-guide").hidden) navigate("guide", buildGuide);
  const target = anchor && document.getElementById("guide-" + anchor);
  if (!target) return;
  if (target.closest("[hidden]")) { $("guide-q").value = ""; findInGuide(); }
  const sec = target.closest("details") || target;
  if (sec.tagName === "DETAILS") sec.open = true;
  target.scrollIntoView({ block: "start" });
  window.scrollBy(0, -document.querySelector("header").offsetHeight - 8);
}
// Opens the sections holding every word of the find box, and folds and hides the others (and
// the introductions); an empty box shows the whole guide again, folded.
function findInGuide() {
  const words = $("guide-q").value.toLowerCase().split(/\s+/).filter(Boolean);
  let found = 0;
  for (const s of document.querySelectorAll("#guide-out details.gsec")) {
    const hit = words.length > 0 && words.every((w) => s.dataset.text.includes(w));
    s.open = hit;
    s.hidden = words.length > 0 && !hit;
    markWords(s, hit ? words : []);
    if (hit) found++;
  }
  // While finding, only the sections found are shown, the first at the top.
  for (const x of document.querySelectorAll("#guide-out .gintro")) x.hidden = words.length > 0;
  window.scrollTo(0, 0);
  $("guide-found").textContent = words.length ? (found ? `${found} section${found === 1 ? "" : "s"} hold “${words.join(" ")}”` : `No section holds “${words.join(" ")}”`) : "";
}
// Marks each of `words` (lower case) in section `sec`'s text, after taking the last marks away.
function markWords(sec, words) {
  for (const m of sec.querySelectorAll("mark")) m.replaceWith(m.textContent);
  sec.normalize();
  if (!words.length) return;
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
  const walk = document.createTreeWalker(sec, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n; (n = walk.nextNode());) if (n.nodeValue.match(re)) nodes.push(n);
  for (const n of nodes) {
    const parts = [];
    let at = 0;
    for (const m of n.nodeValue.matchAll(re)) {
      parts.push(n.nodeValue.slice(at, m.index), el("mark", {}, m[0]));
      at = m.index + m[0].length;
    }
    parts.push(n.nodeValue.slice(at));
    n.replaceWith(...parts);
  }
}
$("guide-form").addEventListener("submit", (e) => { e.preventDefault(); findInGuide(); });
$("replay-guide").addEventListener("click", () => openGuide());
