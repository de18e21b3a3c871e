// The editor: a broken file's problems at their lines (source line, caret, fix), the editor
// scrolled to the line; the situation and its replay kept across a reload; Blank with an Undo
// for the judge's own edits; long lines scroll instead of wrapping; a shared link.
module.exports = async ({ page, context, check, shot, text, fits, watch }) => {
  await page.click("#tab-replay");
  // A misspelt key on line 4, column 20 (`controler`), the CLI's unknown_key with its fix.
  const broken = "format: 1\nplayers: [Ana, Ben]\nchain:\n  - { name: Spell, controler: Ana, kind: spell }\n";
  await page.fill("#replay-text", broken);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .diagnostics");
  const first = await text("#replay-out .first-problem");
  check(/^Line 4, column 20: unknown key controler in a chain item$/.test(first), `Diagnostics: ${first}`);
  const src = await page.$eval("#replay-out .problem pre.src", (p) => p.textContent.split("\n"));
  // Column 20 is far enough right that the line is shown from shortly before it, cut with "…".
  check(src.some((l) => l === "4 │ …Spell, controler: Ana, kind: spell }") && src.some((l) => /^ {2}│ {9}\^{9} unknown key$/.test(l)),
    `Diagnostics: the source line with a caret under \`controler\` (${JSON.stringify(src)})`);
  check(/did you mean `controller`|did you mean controller/.test(await text("#replay-out .problem .fix")), "Diagnostics: the fix is shown");
  // The editor goes to the problem just after the tap (see showProblems).
  const onLine = (n) => page.waitForSelector(`#replay-text[data-line="${n}"]`, { timeout: 3000 }).then(() => true, () => false);
  check(await onLine(4), "Diagnostics: the editor selects line 4");
  await fits("Diagnostics");
  await shot("diagnostic");
  // A label too long to follow its carets on the screen goes under the excerpt, whole, and the
  // editor keeps the starts of its lines in view (the marked word is on the screen already).
  await page.fill("#replay-text", "format: 1\nplayers: [Ana, Ben]\npoints: { Ana: three }\n");
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .problem p.caret-label");
  const label = await text("#replay-out .problem p.caret-label");
  const clipped = await page.$eval("#replay-out .problem pre.src", (p) => p.scrollWidth > p.clientWidth);
  check(/^\^ expected a whole number/.test(label) && !clipped, `Diagnostics: a long label is shown whole under the excerpt (${label}; excerpt clipped: ${clipped})`);
  check((await onLine(3)) && (await page.$eval("#replay-text", (t) => t.scrollLeft)) === 0, "Diagnostics: the editor is not scrolled sideways for a mark already in view");
  // A problem far down the file: the editor scrolls to it.
  const far = "format: 1\nplayers: [Ana, Ben]\nchain:\n" + "# filler\n".repeat(60) + "  - { name: Spell, controler: Ana, kind: spell }\n";
  await page.fill("#replay-text", far);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .diagnostics");
  const marked = await page.waitForFunction(() => { const t = document.getElementById("replay-text"); return t.value.slice(t.selectionStart, t.selectionEnd) === "controler"; }, null, { timeout: 3000 }).then(() => true, () => false);
  check(marked, "Diagnostics: after Replay the editor selects the marked text, `controler`");
  const scrolled = await page.$eval("#replay-text", (t) => t.scrollTop);
  check((await page.getAttribute("#replay-text", "data-line")) === "64" && scrolled > 0, `Diagnostics: the editor scrolls to line 64 (scrollTop ${scrolled})`);
  await page.click("#replay-out .problem button.plain");
  check(await page.evaluate(() => document.activeElement.id === "replay-text"), "Diagnostics: Go to line puts the editor on the line");
  // A ruling-only file: the page's fix, not a command-line one.
  const onlyRuling = require("fs").readFileSync(require("path").join(__dirname, "../../../rulings/2v2-teammates-need-different-legends-and-battlefields.yaml"), "utf8");
  await page.fill("#replay-text", onlyRuling);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .diagnostics");
  const fix = await text("#replay-out .problem .fix");
  check(/no situation/.test(await text("#replay-out .first-problem")) && !/chainjudge/.test(fix), `Diagnostics: a page-sized fix (${fix})`);

  // A long line scrolls in the editor instead of wrapping, and the page keeps its width.
  await page.fill("#replay-text", "format: 1\ntitle: " + "a very long title ".repeat(20) + "\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: A, controller: Ana, kind: spell }\n");
  check(await page.$eval("#replay-text", (t) => t.scrollWidth > t.clientWidth), "Editor: a long line scrolls sideways");
  await fits("Editor");

  // A situation too large for local storage (about 5 MB) still replays, and the page says it
  // will not be kept; a reload brings back the last one kept.
  const huge = "format: 1\ntitle: too large to keep\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: A, controller: Ana, kind: spell }\n" + "# filler to pass the storage quota\n".repeat(200000);
  await page.evaluate((x) => { const ta = document.getElementById("replay-text"); ta.value = x; ta.dispatchEvent(new Event("input")); }, huge);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary", { timeout: 30000 });
  check(/too large to keep/.test(await text("#replay-out .summary h3")) && /too large for the browser to keep/.test(await text("#replay-notice")),
    `Editor: a ${(huge.length / 1e6).toFixed(1)} MB situation replays and says it is not kept`);
  await page.evaluate(() => { document.getElementById("replay-text").value = ""; });

  // The situation and its replay survive a reload, as do the searches.
  const kept = "format: 1\ntitle: kept across a reload\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: A, controller: Ana, kind: spell }\n";
  await page.fill("#replay-text", kept);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  check((await page.inputValue("#replay-text")) === kept, "Replay: the situation survives a reload");
  check(/kept across a reload/.test(await text("#replay-out .summary h3")), "Replay: and so does its replay");
  check((await page.inputValue("#ruling-q")) === "hidden" && (await page.$$eval("#ruling-out .ruling", (r) => r.length)) > 0, "Rulings: the last search is shown again");

  // Blank replaces the judge's edits, and Undo brings them back.
  await page.click("#tab-replay");
  await page.fill("#replay-text", kept + "# my edit\n");
  await page.click("#replay-blank");
  await page.click("#blank-chain");
  check(/title: My situation/.test(await page.inputValue("#replay-text")), "Editor: Blank offers a Chain template, and puts it in");
  // The board template replays as a board: its combat is fought.
  await page.click("#replay-blank");
  await page.click("#blank-board");
  check((await page.$$("#replay-undo")).length === 1, "Editor: a second Blank keeps the Undo of the edits");
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  check(/title: My board situation/.test(await page.inputValue("#replay-text")) && /Killed: scout, guard/.test(await text("#replay-out .summary .answer")),
    `Editor: Blank offers a board template, which replays (${await text("#replay-out .summary .answer")})`);
  // The Undo survives a reload: the replaced situation is kept until the next edit.
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  check((await page.$$("#replay-undo")).length === 1, "Editor: the Undo survives a reload");
  await page.click("#tab-replay");
  await page.click("#replay-undo");
  check((await page.inputValue("#replay-text")) === kept + "# my edit\n", "Editor: Undo brings the edits back, after the reload");
  // An edit after a replacement ends the Undo a reload would offer.
  await page.click("#replay-blank");
  await page.click("#blank-chain");
  await page.type("#replay-text", "#");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  check((await page.$$("#replay-undo")).length === 0, "Editor: after an edit, a reload offers no Undo");
  await page.click("#tab-replay");

  // A shared link carries the situation, and opening it replays it.
  await page.fill("#replay-text", kept);
  await page.click("#replay-share");
  const link = await page.inputValue("#share-link");
  check(/#s=\d+\.[A-Za-z0-9_-]+$/.test(link), "Share: the link carries the situation after #, with its length");
  await shot("share");
  await page.click("#replay-notice button >> text=Close");
  check((await page.$$("#replay-notice .sharebox")).length === 0, "Share: Close puts the link away");
  const other = watch(await context.newPage());
  await other.goto(link);
  await other.waitForSelector("body[data-ready]");
  check((await other.inputValue("#replay-text")) === kept, "Share: the link opens the same situation");
  check(/kept across a reload/.test(await other.textContent("#replay-out .summary h3")), "Share: and replays it");
  check(!/#/.test(other.url()), "Share: the address bar drops the link's situation, so a reload keeps later edits");
  await other.close();
  // A link followed in a tab that has the page open already opens its situation too.
  await page.fill("#replay-text", "format: 1\ntitle: something else\nplayers: [Ana, Ben]\nchain: []\n");
  await page.evaluate((l) => { location.href = l; }, link);
  await page.waitForFunction(() => /kept across a reload/.test(document.getElementById("replay-text").value), null, { timeout: 5000 }).catch(() => {});
  check((await page.inputValue("#replay-text")) === kept && (await page.$$("#replay-undo")).length === 1, "Share: a link followed in an open page opens it, with an Undo");
  // A link cut short says so, rather than replaying half a file.
  const cutShort = watch(await context.newPage());
  await cutShort.goto(link.slice(0, -12));
  await cutShort.waitForSelector("body[data-ready]");
  check(/cut short/.test(await cutShort.textContent("#replay-notice")), `Share: a link cut short says so (${await cutShort.textContent("#replay-notice")})`);
  await cutShort.close();

  // The box for a pasted link opens a link from the page saved at another address, and a code.
  const other2 = "format: 1\ntitle: before the paste\nplayers: [Ana, Ben]\nchain: []\n";
  const paste = async (value) => {
    await page.click("#replay-paste");
    await page.fill("#paste-link", value);
    await page.click("#paste-box button[type=submit]");
  };
  // Before each paste another situation is replayed, so the pasted one's replay is new.
  const fresh = async () => {
    await page.fill("#replay-text", other2);
    await page.click("#replay-go");
    await page.waitForFunction(() => /before the paste/.test((document.querySelector("#replay-out .summary h3") || {}).textContent || ""), null, { timeout: 5000 });
  };
  const opened = () => page.waitForFunction(() => /kept across a reload/.test((document.querySelector("#replay-out .summary h3") || {}).textContent || ""), null, { timeout: 5000 }).then(() => true, () => false);
  await fresh();
  await paste("file:///somewhere/else/chainjudge.html" + link.slice(link.indexOf("#")));
  check((await opened()) && (await page.inputValue("#replay-text")) === kept && (await page.$$("#paste-box")).length === 0,
    "Paste: a link pasted from the page saved elsewhere opens its situation and replays it");
  await fresh();
  await paste(link.slice(link.indexOf("#") + 1));
  check((await opened()) && (await page.inputValue("#replay-text")) === kept, "Paste: a pasted code (s=…) opens too");
  await page.fill("#replay-text", other2);
  await paste("not a link at all");
  check(/not a chainjudge link/.test(await text("#replay-notice")) && (await page.inputValue("#replay-text")) === other2, "Paste: something else is refused, saying why, the editor untouched");
  await page.click("#paste-box button >> text=Cancel");

  // A bad link followed while the page is open: its error in view, the old replay put away.
  await page.fill("#replay-text", kept);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.evaluate((l) => { location.href = l; }, link.slice(0, -12));
  await page.waitForSelector("#replay-notice .shared-error", { timeout: 5000 }).catch(() => {});
  const bad = await page.evaluate(() => {
    const e = document.querySelector("#replay-notice .shared-error");
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { text: e.textContent, top: r.top, bottom: r.bottom, header: document.querySelector("header").getBoundingClientRect().bottom, out: document.getElementById("replay-out").children.length };
  });
  check(!!bad && /cut short/.test(bad.text) && bad.top >= bad.header && bad.bottom <= 740 && bad.out === 0,
    `Share: a bad link followed in an open page shows why in view and clears the old replay (${JSON.stringify(bad)})`);
};
