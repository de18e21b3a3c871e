// The page in a real browser, with the network off: headless Chromium (Debian's package,
// /usr/bin/chromium, or $CHROMIUM) driven by playwright-core. Opens web/dist/chainjudge.html
// from a file at phone width (360 px) and checks every view, the budgets, and that nothing
// was fetched. Screenshots go to web/dist/screenshots/, the timings (reported, not checked) to
// web/dist/browser-results.json.
// Usage: node web/tests/browser.js   (after web/build.sh)
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const root = path.join(__dirname, "..", "..");
const pageFile = path.join(root, "web/dist/chainjudge.html");
const shots = path.join(root, "web/dist/screenshots");
const url = "file://" + pageFile;
const BUDGET = { bytes: 3e6, readyMs: 1000, replayMs: 50, searchMs: 50 };

let failures = 0;
const check = (ok, what) => {
  console.log((ok ? "ok    " : "FAIL  ") + what);
  if (!ok) failures++;
};
// Timings are measured and reported, never a pass or a fail: a loaded machine is slower, and
// the README's budget table comes from these lines (the project measures speed, it does not
// time its tests).
const timing = (ms, budget, what) => {
  console.log((ms <= budget ? "time  " : "SLOW  ") + `${what}: ${ms.toFixed(1)} ms (budget ${budget} ms)`);
};

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const bytes = fs.statSync(pageFile).size;
  check(bytes <= BUDGET.bytes, `the page is ${(bytes / 1e6).toFixed(2)} MB (budget 3 MB)`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  // The network is off: anything but the file itself is refused, and counted.
  await context.setOffline(true);
  const fetched = [];
  await context.route("**/*", (route) => {
    const u = route.request().url();
    if (u.startsWith("file:")) return route.continue();
    fetched.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

  // Ready: from the start of navigation to the engine answering.
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 10000 });
  const readyMs = await page.evaluate(() => performance.now());
  timing(readyMs, BUDGET.readyMs, "from opening the file to ready");
  const about = await page.textContent("#about");
  check(/July 2026 Core Rules/.test(about) && /October 2026 Core Rules/.test(about) && /rulings/.test(about),
    "the page says which editions and rules data it carries");

  // Rules: a misspelt word finds the rule; a number is a tap away from its sub-rules.
  await page.click("#tab-rules");
  await page.fill("#rule-q", "deathnell");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out .hit");
  const hits = await page.textContent("#rule-out");
  check(/Deathknell/.test(hits), "Rules: `deathnell` (misspelt) finds Deathknell");
  const searchMs = Number(await page.getAttribute("#rule-out", "data-ms"));
  timing(searchMs, BUDGET.searchMs, "a rule search");
  await page.screenshot({ path: path.join(shots, "rules-search.png"), fullPage: false });
  // A rule with no October number links to its July number: no empty link anywhere.
  await page.selectOption("#rule-ed", "october");
  await page.fill("#rule-q", "finalise");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out .hit");
  const links = await page.$$eval("#rule-out button.rule", (b) => b.map((x) => x.textContent));
  check(links.length > 0 && links.every((t) => /^\d{3}/.test(t)), `Rules: every result links to a rule number (${links.join(" ")})`);
  await page.fill("#rule-q", "337");
  await page.selectOption("#rule-ed", "july");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out h3");
  check(/337 Finalize/.test(await page.textContent("#rule-out h3")), "Rules: 337 shows its title");
  await page.click("#rule-out button.rule >> text=337.1");
  check(/337\.1 /.test(await page.textContent("#rule-out h3")), "Rules: a sub-rule opens on a tap");
  check(/October/.test(await page.textContent("#rule-out")), "Rules: the status in the other edition is shown");
  await page.screenshot({ path: path.join(shots, "rules-rule.png") });

  // Rulings: a card name finds its rulings, with answer and source; a ruling opens its replay.
  await page.click("#tab-rulings");
  await page.fill("#ruling-q", "crumbling sands");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  const ruling = await page.textContent("#ruling-out .ruling");
  check(/Crumbling Sands/.test(ruling) && /Official: Riot Games/.test(ruling) && /A\. /.test(ruling), "Rulings: answer, source and date shown");
  const rulingMs = Number(await page.getAttribute("#ruling-out", "data-ms"));
  timing(rulingMs, BUDGET.searchMs, "a ruling search");
  await page.screenshot({ path: path.join(shots, "rulings.png") });
  // Unconfirmed and inferred October numbers keep their marks and their July number's link.
  await page.fill("#ruling-q", "hidden");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  const hidden = await page.textContent("#ruling-out");
  const rulingLinks = await page.$$eval("#ruling-out button.rule", (b) => b.map((x) => x.textContent));
  check(rulingLinks.every((t) => /^\d{3}/.test(t)) && !/null|undefined/.test(hidden), `Rulings: every cited rule is a number (${rulingLinks.slice(0, 6).join(" ")})`);
  check(/unconfirmed \(July \d/.test(hidden) || /\(inferred\)/.test(hidden), "Rulings: October marks kept");

  // Replay: a bundled ruling replays and shows its resolution order, both editions compared.
  await page.click("#tab-replay");
  await page.selectOption("#replay-pick", "crumbling-sands-counters-first-of-two");
  await page.waitForSelector("#replay-out .summary");
  const july = await page.textContent("#replay-out .resolved[data-edition=july]");
  const october = await page.textContent("#replay-out .resolved[data-edition=october]");
  check(july === "sands, b" && october === "sands, b", `Replay: resolution order sands, b (July: ${july}; October: ${october})`);
  const steps = await page.$$eval("#replay-out .step", (s) => s.length);
  check(steps >= 10, `Replay: ${steps} steps listed`);
  const flagged = await page.$$eval("#replay-out .step.differs", (s) => s.length);
  check(flagged >= 1, `Replay: ${flagged} step(s) flagged where the editions differ`);
  // Every step fits the phone's width: nothing scrolls sideways.
  const out = await page.textContent("#replay-out");
  check(!/\[object|undefined|NaN/.test(out), "Replay: every field is written out");
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 360, `Replay: the page is ${wide} px wide at a 360 px screen`);
  await page.screenshot({ path: path.join(shots, "replay.png") });
  await page.screenshot({ path: path.join(shots, "replay-full.png"), fullPage: true });

  // A 20-item situation replays within the budget.
  let twenty = "format: 1\nplayers: [Ana, Ben]\nchain:\n";
  for (let i = 0; i < 20; i++) twenty += `  - { id: s${i}, name: Spell ${i}, controller: ${i % 2 ? "Ben" : "Ana"}, kind: spell, keyword: reaction }\n`;
  await page.fill("#replay-text", twenty);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  const replayMs = Number(await page.getAttribute("#replay-out", "data-ms"));
  timing(replayMs, BUDGET.replayMs, "a 20-item replay");
  check(/s19, s18/.test(await page.textContent("#replay-out .summary")), "Replay: 20 items resolve newest first");

  // A large paste (over 1 MB, which the CLI frees on another thread) replays too, and the page
  // keeps working after it.
  let big = "format: 1\nplayers: [Ana, Ben]\nchain:\n";
  for (let i = 0; i < 200; i++) big += `  - { id: b${i}, name: Big ${i}, controller: ${i % 2 ? "Ben" : "Ana"}, kind: spell, keyword: reaction }\n`;
  big += "# a comment line to make the file large\n".repeat(30000);
  // Set as a paste would, at once (typing a megabyte would take the test minutes).
  await page.evaluate((t) => { document.getElementById("replay-text").value = t; }, big);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary", { timeout: 20000 });
  check(/b199, b198/.test(await page.textContent("#replay-out .summary")), `Replay: a ${(big.length / 1e6).toFixed(1)} MB paste replays`);

  // A broken file: the diagnostic at its line, as the CLI shows it.
  const broken = "format: 1\nplayers: [Ana, Ben]\nchain:\n  - { name: Spell, controler: Ana, kind: spell }\n";
  await page.fill("#replay-text", broken);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .diagnostics");
  const first = await page.textContent("#replay-out .first-problem");
  check(/^Line 4, column 20: unknown key `controler`/.test(first), `Diagnostics: ${first}`);
  check(/did you mean `controller`/.test(await page.textContent("#replay-out pre.diag")), "Diagnostics: the fix is shown");
  check((await page.getAttribute("#replay-text", "data-line")) === "4", "Diagnostics: the editor selects line 4");
  await page.screenshot({ path: path.join(shots, "diagnostic.png") });

  // The situation survives a reload.
  const kept = "format: 1\ntitle: kept across a reload\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: A, controller: Ana, kind: spell }\n";
  await page.fill("#replay-text", kept);
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  check((await page.inputValue("#replay-text")) === kept, "Replay: the situation survives a reload");

  // A shared link carries the situation in its fragment.
  await page.click("#tab-replay");
  await page.click("#replay-share");
  const link = page.url();
  check(/#s=/.test(link), "Share: the link carries the situation after #");
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector("body[data-ready]");
  check((await other.inputValue("#replay-text")) === kept, "Share: the link opens the same situation");
  check(/A/.test(await other.textContent("#replay-out .summary")), "Share: and replays it");

  check(fetched.length === 0, `nothing fetched from the network (${fetched.length}: ${fetched.slice(0, 3).join(", ")})`);
  check(errors.length === 0, `no errors in the page (${errors.slice(0, 3).join("; ")})`);
  await browser.close();
  fs.writeFileSync(path.join(root, "web/dist/browser-results.json"), JSON.stringify({ bytes, readyMs, searchMs, rulingMs, replayMs, failures }, null, 2) + "\n");
  console.log(failures ? `${failures} check(s) failed` : "every check passed");
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
