// Replay: a bundled ruling replays with its resolution order at the top, both editions
// compared; a board ruling shows the board's outcome and the steps taken under one edition
// only; a dated file says which edition was in force; a 20-item and a 1.2 MB situation replay.
module.exports = async ({ page, check, timing, BUDGET, shot, text, fits }) => {
  await page.click("#tab-replay");
  await page.selectOption("#replay-pick", "crumbling-sands-counters-first-of-two");
  await page.waitForSelector("#replay-out .summary");
  // The ruling's answer: Sands counters Spell A, then B resolves (Vendetta Rules FAQ).
  check((await text("#replay-out .summary .resolved")) === "sands, b", `Replay: resolution order sands, b (${await text("#replay-out .summary .resolved")})`);
  check(/Outcomes: the same under July and October\./.test(await text("#replay-out .summary")), "Replay: the summary says the outcomes agree");
  check(/expected outcome \(expect\) holds under July and October/.test(await text("#replay-out .summary .expect")), "Replay: the file's expect is checked, and holds");
  const steps = await page.$$eval("#replay-out .step", (s) => s.length);
  check(steps >= 10, `Replay: ${steps} steps listed`);
  // Its editions differ only in rule numbers (steps 5 and 6): no step is marked as a
  // difference and no chip offers to jump; the renumbered rules carry a muted ≠.
  const flagged = await page.$$eval("#replay-out .step.differs, #replay-out .step.outcome, #replay-out button.chip", (s) => s.length);
  const renumbered = await page.$$eval("#replay-out .step .short .rules .mark", (m) => m.map((x) => x.textContent).filter((x) => x === "≠").length);
  check(flagged === 0 && renumbered >= 2, `Replay: renumbered rules are no difference (${flagged} marked; ${renumbered} rules marked ≠)`);
  check(!/\[object|undefined|NaN|null/.test(await text("#replay-out")), "Replay: every field is written out");
  await fits("Replay");
  await shot("replay");
  await shot("replay-full", true);

  // The same file with its expected order swapped: the expect fails, and says what it got.
  const original = await page.inputValue("#replay-text");
  await page.fill("#replay-text", original.replace("resolved: [sands, b]", "resolved: [b, sands]"));
  await page.click("#replay-go");
  // Waits for the new report: the old one's summary is still on the page until it comes.
  const failed = await page.waitForSelector("#replay-out .summary .expect.bad", { timeout: 5000 }).then(() => text("#replay-out .summary .expect"), () => "");
  check(/does not hold/.test(failed) && /July: resolved: expected \[b, sands\], got \[sands, b\]/.test(failed) && /October: resolved: expected \[b, sands\], got \[sands, b\]/.test(failed),
    `Replay: an edited expect that fails is named, per edition (${failed})`);

  // A board ruling: its answer (Riot's Spiritforged FAQ, in the file) is that Ana reaches 7 points
  // and the conquer draws her a card instead of the final point. Whether the editions' outcomes
  // differ is the engine's to say; the page must say what the report says.
  await page.selectOption("#replay-pick", "board-win-combat-point-before-conquer");
  await page.waitForSelector("#replay-out .summary");
  const summary = await text("#replay-out .summary");
  check(/PointsAna 7, Ben 5/.test(summary) && /ConqueredAna at battlefield-1 \(a card drawn instead of the point\)/.test(summary),
    "Board: the points and the conquer's card drawn are shown");
  const report = await page.evaluate(() => JSON.parse(W.replay_json("rulings/board-win-combat-point-before-conquer.yaml", W.ruling_situation("board-win-combat-point-before-conquer"), "")));
  const differing = await page.$$eval("#replay-out .summary dt.differs", (d) => d.map((x) => x.textContent));
  check(report.outcomes_differ === /OUTCOMES DIFFER/.test(summary) && report.outcomes_differ === (differing.length > 0),
    `Board: the lines the editions differ on are given per edition exactly when the report's outcomes differ (${report.outcomes_differ}: ${differing.join(", ")})`);
  check(differing.every((x) => /\((July|October)\)$/.test(x)) && differing.length % 2 === 0 && !/Points \((July|October)\)/.test(differing.join()),
    "Board: a line both editions agree on is given once");
  const only = await page.$$eval("#replay-out .step.only .badge.only", (b) => b.map((x) => x.textContent));
  check(only.length > 0 && only.every((x) => /^(July|October) only$/.test(x)), `Board: ${only.length} steps labelled July only or October only`);
  check(!/\[July only\]|\[October only\]/.test(await text("#replay-out")), "Board: the label is a badge, not bracketed text");
  await shot("replay-board");

  // A dated file: the edition in force that day is named with the rules.
  const dated = "format: 1\ndate: 2026-10-20\nrules: both\nplayers: [Ana, Ben]\nchain:\n  - { id: a, name: A, controller: Ana, kind: spell }\n";
  await page.fill("#replay-text", dated);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  check(/in force on 2026-10-20: October/.test(await text("#replay-out .summary .rules-line")), `Replay: the file's date and the edition in force are shown (${await text("#replay-out .summary .rules-line")})`);

  // A 20-item situation replays within the budget.
  let twenty = "format: 1\nplayers: [Ana, Ben]\nchain:\n";
  for (let i = 0; i < 20; i++) twenty += `  - { id: s${i}, name: Spell ${i}, controller: ${i % 2 ? "Ben" : "Ana"}, kind: spell, keyword: reaction }\n`;
  await page.fill("#replay-text", twenty);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  timing("replayMs", Number(await page.getAttribute("#replay-out", "data-ms")), BUDGET.replayMs, "a 20-item replay");
  check(/^s19, s18/.test(await text("#replay-out .summary .resolved")), "Replay: 20 items resolve newest first");

  // A large paste (over 1 MB, which the CLI frees on another thread) replays too.
  let big = "format: 1\nplayers: [Ana, Ben]\nchain:\n";
  for (let i = 0; i < 200; i++) big += `  - { id: b${i}, name: Big ${i}, controller: ${i % 2 ? "Ben" : "Ana"}, kind: spell, keyword: reaction }\n`;
  big += "# a comment line to make the file large\n".repeat(30000);
  // Set as a paste would, at once (typing a megabyte would take the test minutes).
  await page.evaluate((x) => { const ta = document.getElementById("replay-text"); ta.value = x; ta.dispatchEvent(new Event("input")); }, big);
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary", { timeout: 20000 });
  check(/^b199, b198/.test(await text("#replay-out .summary .resolved")), `Replay: a ${(big.length / 1e6).toFixed(1)} MB paste replays`);
  // Typing in the editor stays quick after it (the report shows its first 100 steps).
  const typed = await page.evaluate(() => {
    const ta = document.getElementById("replay-text");
    const t0 = performance.now();
    ta.focus();
    ta.setSelectionRange(ta.value.length, ta.value.length);
    document.execCommand("insertText", false, "#");
    return performance.now() - t0;
  });
  timing("typeAfterBigMs", typed, 1000, "a key typed in the 1.2 MB situation");
  check((await page.$$eval("#replay-out .step", (s) => s.length)) === 100 && /^Show steps 101 to 200 of \d+$/.test(await text("#replay-out button.more")),
    "Replay: a long replay shows its first 100 steps, the next a tap away");
  // The editor is emptied by hand: playwright's fill waits on a megabyte textarea far longer
  // than a judge's typing does (measured just above).
  await page.evaluate(() => { document.getElementById("replay-text").value = ""; });
};
