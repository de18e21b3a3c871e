// The Build view at 360×740: a file the form cannot show is kept, with why; a small board built
// by taps (two players, a unit each, a battlefield Ben controls) writes the YAML the format
// expects, which replays without problems; every control is a 44 px target and nothing is wider
// than the screen; typing in the YAML updates the form; what may happen next becomes buttons
// that write actions, and Undo takes them back; the form comes back after a reload.
module.exports = async ({ page, check, shot, text, fits }) => {
  await page.click("#tab-replay");
  // A Chain written in block style: the form says it cannot show it, and keeps the text.
  const block = "format: 1\nplayers: [Ana, Ben]\nchain:\n  - id: a\n    name: Spell A\n    controller: Ana\n    kind: spell\nactions: []\n";
  await page.fill("#replay-text", block);
  if ((await page.getAttribute("#replay-build", "aria-pressed")) !== "true") await page.click("#replay-build");
  await page.waitForSelector("#build-cannot");
  check(/cannot show this situation \(line \d+: the form reads one object per line/.test(await text("#build-cannot")) && (await page.inputValue("#replay-text")) === block,
    `Build: a file the form cannot show is kept, saying why (${await text("#build-cannot p")})`);

  // A new board, by taps: the defaults are two players and two uncontrolled battlefields.
  await page.click("#build-new");
  await page.waitForSelector("#build [data-sec=units]");
  const sec = (k) => `#build [data-sec=${k}]`;
  await page.selectOption(`${sec("battlefields")} select[aria-label="Battlefield 1's controller"]`, "1");
  await page.click(`${sec("players")} .bitem[data-i="0"] button[aria-label="Points plus one"]`);
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 1's name"]`, "Vanguard");
  await page.click(`${sec("units")} .bitem[data-i="0"] button[aria-label="Might plus one"]`);
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 2's name"]`, "Loyal Poro");
  await page.selectOption(`${sec("units")} select[aria-label="Unit 2's place"]`, "0");
  await page.click(`${sec("units")} .bitem[data-i="1"] button.toggle >> text=Tank`);
  await page.click(`${sec("units")} .bitem[data-i="1"] button[aria-label="Shield plus one"]`);
  const want = "format: 1\ntitle: Built on the page\nrules: both\nplayers: [Ana, Ben]\nturn: Ana\npoints: { Ana: 1, Ben: 0 }\nboard:\n" +
    "  - { name: Battlefield 1, kind: battlefield, controller: Ben }\n  - { name: Battlefield 2, kind: battlefield, controller: none }\n" +
    "  - { name: Vanguard, kind: unit, controller: Ana, might: 4 }\n" +
    "  - { name: Loyal Poro, kind: unit, controller: Ben, at: Battlefield 1, might: 3, tank: true, shield: 1 }\nactions: []\n";
  const yaml = await page.inputValue("#replay-text");
  check(yaml === want, "Build: the taps write the YAML the format expects" + (yaml === want ? "" : `:\n${yaml}`));
  check((await page.$$("#replay-undo")).length === 1, "Build: the replaced text can be had back (Undo)");
  // It replays, with no problem and nothing refused.
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary, #replay-out .diagnostics");
  const report = await page.evaluate((t) => JSON.parse(W.replay_json("situation.yaml", t, "")), yaml);
  check((await page.$$("#replay-out .diagnostics")).length === 0 && !report.error && report.editions.length === 2,
    `Build: the built board replays under both editions (${report.error ? report.error.message : report.editions.join(", ")})`);

  // Thumb-sized: every control in the form at least 44 px tall; nothing wider than the screen.
  const small = await page.$$eval("#build button, #build select, #build input, #build summary, #build-next button", (xs) => xs
    .filter((x) => x.offsetParent !== null && x.getBoundingClientRect().height < 44).map((x) => x.getAttribute("aria-label") || x.textContent));
  check(small.length === 0, `Build: every control is at least 44 px tall (${small.slice(0, 4).join(", ")})`);
  await fits("Build");
  await shot("build");
  await shot("build-full", true);

  // Typing in the YAML is read into the form.
  await page.fill("#replay-text", want.replace("might: 4", "might: 6"));
  check((await text(`${sec("units")} .bitem[data-i="0"] output`)) === "6", "Build: an edit in the YAML shows in the form");
  await page.fill("#replay-text", want);

  // What may happen next: the engine's answer (`next_json`), as buttons.
  check(await page.evaluate(() => typeof W.next_json === "function"), "Build: the engine answers `next`");
  await page.waitForSelector("#build-who");
  check(/^Ana acts$/.test(await text("#build-who")), `Build: the player who acts is shown (${await text("#build-who")})`);
  await page.click("#build-next button[data-action=move]");
  await page.click("#build-sheet button.move-to >> text=Battlefield 1");
  await page.waitForSelector("#replay-out .summary");
  const moved = await page.inputValue("#replay-text");
  check(moved === want.replace("actions: []\n", "actions:\n  - move: { units: vanguard, to: Battlefield 1 }\n"), "Build: a tap on move, a unit and a place writes the move");
  check(/combat|Combat/.test(await text("#replay-out .summary")), "Build: and the page replays it at once: the move starts a combat");
  await fits("Build, next");
  await shot("build-next");
  {
    // The combat began: Ana, the attacker, holds Focus; her pass is written at once.
    await page.waitForSelector("#build-next button[data-action=pass]");
    await page.click("#build-next button[data-action=pass]");
    check((await page.inputValue("#replay-text")).endsWith("  - pass: Ana\n"), "Build: a tap on pass writes it");
    await page.click("#build-undo");
    check((await page.inputValue("#replay-text")) === moved, "Build: Undo takes the last action back");
    // Play opens a short form: the name typed, the kind and the timing keyword offered. In a
    // showdown the first play offered is an Action item (308.1.a, 806).
    await page.waitForSelector("#build-next button[data-action=play]");
    await page.click("#build-next button[data-action=play]");
    check((await page.inputValue("#play-timing")) === "action", `Build: play's form starts at the timing next gave (${await page.inputValue("#play-timing")})`);
    await page.fill("#play-name", "Void Bolt");
    await page.click("#play-add");
    check((await page.inputValue("#replay-text")).endsWith("  - play: { name: Void Bolt, controller: Ana, kind: spell, keyword: action }\n"), "Build: the play is written with its timing keyword");
    await page.click("#build-undo");
  }
  // A unit renamed: the move naming it follows.
  await page.fill(`${sec("units")} input[aria-label="Unit 1's name"]`, "Vanguard Captain");
  check((await page.inputValue("#replay-text")).includes("  - move: { units: vanguard-captain, to: Battlefield 1 }"), "Build: a unit renamed, the written move names its new id");
  await page.fill(`${sec("units")} input[aria-label="Unit 1's name"]`, "Vanguard");

  // The form and its situation come back after a reload.
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await page.click("#tab-replay");
  check((await page.inputValue("#replay-text")) === moved && (await page.inputValue(`${sec("units")} input[aria-label="Unit 2's name"]`)) === "Loyal Poro",
    "Build: the form reads the situation back after a reload");
  await page.click("#replay-build");
  check(await page.$eval("#build", (b) => b.hidden), "Build: the Build button puts the form away");
};
