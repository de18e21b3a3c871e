// The page in a real browser, with the network off: headless Chromium (Debian's package,
// /usr/bin/chromium, or $CHROMIUM) driven by playwright-core. Opens web/dist/chainjudge.html
// from a file at phone width (360 px) and runs the checks in browser/ (one file per view),
// then checks that nothing was fetched and the page raised no error. Screenshots go to
// web/dist/screenshots/, the timings (reported, not checked) to web/dist/browser-results.json.
// Usage: node web/tests/browser.js   (after web/build.sh)
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const root = path.join(__dirname, "..", "..");
const pageFile = path.join(root, "web/dist/chainjudge.html");
const shots = path.join(root, "web/dist/screenshots");
const BUDGET = { bytes: 3e6, readyMs: 1000, replayMs: 50, searchMs: 50 };
// SUITES=build,editor runs only those (while working on one view).
const SUITES = process.env.SUITES ? process.env.SUITES.split(",") : ["rules", "rulings", "replay", "compact", "editor", "guide", "build", "buildchain", "buildcombat", "buildplay"];

let failures = 0;
const check = (ok, what) => {
  console.log((ok ? "ok    " : "FAIL  ") + what);
  if (!ok) failures++;
};
// Timings are measured and reported, never a pass or a fail: a loaded machine is slower, and
// the README's budget table comes from these lines (the project measures speed, it does not
// time its tests).
const results = {};
const timing = (key, ms, budget, what) => {
  results[key] = ms;
  console.log((ms <= budget ? "time  " : "SLOW  ") + `${what}: ${ms.toFixed(1)} ms (budget ${budget} ms)`);
};

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const bytes = fs.statSync(pageFile).size;
  results.bytes = bytes;
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
  const errors = [];
  const watch = (p) => {
    p.on("pageerror", (e) => errors.push(String(e)));
    p.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    return p;
  };
  const page = watch(await context.newPage());
  const url = "file://" + pageFile;
  // Ready: from the start of navigation to the engine answering.
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 10000 });
  timing("readyMs", await page.evaluate(() => performance.now()), BUDGET.readyMs, "from opening the file to ready");
  const t = {
    page, context, url, check, timing, BUDGET, watch,
    shot: (name, full) => page.screenshot({ path: path.join(shots, name + ".png"), fullPage: !!full }),
    text: (sel) => page.textContent(sel),
    // Nothing on the page is wider than the phone.
    fits: async (what) => {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      check(wide <= 360, `${what}: the page is ${wide} px wide at a 360 px screen`);
    },
  };
  for (const s of SUITES) await require("./browser/" + s + ".js")(t);

  check(fetched.length === 0, `nothing fetched from the network (${fetched.length}: ${fetched.slice(0, 3).join(", ")})`);
  check(errors.length === 0, `no errors in the page (${errors.slice(0, 3).join("; ")})`);
  await browser.close();
  fs.writeFileSync(path.join(root, "web/dist/browser-results.json"), JSON.stringify({ ...results, failures }, null, 2) + "\n");
  console.log(failures ? `${failures} check(s) failed` : "every check passed");
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
