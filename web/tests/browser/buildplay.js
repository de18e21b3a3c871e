// The Build view's play form at 360×740, by taps (names typed): a card name suggested from the
// rulings' `cards:` names, a damage effect whose target is a unit tapped on the board: the play
// is written, passes `chainjudge check`, replays, and the unit takes the damage. Then one play
// with every effect of the menu (each target tapped, a Chain item to counter) passes `check`
// and replays with nothing refused; every control is a 44 px target, nothing wider than the screen.
// A unit played with Ambush into a combat: its place and then the unit are shown by name.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

// `chainjudge check` on a text: "" when it passes, else what it says (web/test.sh builds the CLI).
const root = path.join(__dirname, "..", "..", "..");
const cli = path.join(process.env.CARGO_TARGET_DIR ? path.resolve(process.env.CARGO_TARGET_DIR) : path.join(root, "target"), "release", "chainjudge");
function cliCheck(text) {
  if (!fs.existsSync(cli)) return "no CLI at " + cli + " (cargo build --release)";
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cj-")), "built.yaml");
  fs.writeFileSync(file, text);
  try {
    execFileSync(cli, ["check", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return "";
  } catch (e) {
    return (e.stdout || "") + (e.stderr || "") || String(e);
  }
}

module.exports = async ({ page, check, text, fits, shot }) => {
  await page.click("#tab-replay");
  if ((await page.getAttribute("#replay-build", "aria-pressed")) !== "true") await page.click("#replay-build");
  await page.click("#build-fresh");
  const sec = (k) => `#build [data-sec=${k}]`;
  await page.selectOption(`${sec("battlefields")} select[aria-label="Battlefield 1's controller"]`, "1");
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 1's name"]`, "Darius");
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 2's name"]`, "Garen");
  await page.selectOption(`${sec("units")} select[aria-label="Unit 2's place"]`, "0");
  const board = await page.inputValue("#replay-text");

  // Ana acts in a Neutral Open State: she plays Void Bolt, dealing 2 to Garen.
  await page.waitForSelector("#build-next button[data-action=play]");
  await page.click("#build-next button[data-action=play]");
  await page.fill("#play-name", "void b");
  await page.click("#play-suggest button >> text=Void Bolt");
  check((await page.inputValue("#play-name")) === "Void Bolt", "Build, play: a tap on a suggested card name writes it");
  await page.selectOption("#play-effect", "damage");
  check(await page.$eval("#effect-add", (b) => b.disabled), "Build, play: an effect with no target cannot be added");
  await page.click("#play-effects button[data-target=garen]");
  check((await text("#effect-amount")) === "2", "Build, play: damage starts at 2");
  await page.click("#effect-add");
  const small = await page.$$eval("#build-sheet button, #build-sheet select, #build-sheet input", (xs) => xs
    .filter((x) => x.offsetParent !== null && x.getBoundingClientRect().height < 44).map((x) => x.getAttribute("aria-label") || x.textContent));
  check(small.length === 0, `Build, play: every control of the form is at least 44 px tall (${small.slice(0, 4).join(", ")})`);
  await fits("Build, play");
  await shot("build-play");
  await page.click("#play-add");
  const played = await page.inputValue("#replay-text");
  const line = "  - play: { name: Void Bolt, controller: Ana, kind: spell, effects: [{ damage: { target: garen, amount: 2 } }] }\n";
  check(played === board.replace("actions: []\n", "actions:\n" + line), "Build, play: the play is written with its damage effect" + (played.endsWith(line) ? "" : `:\n${played}`));
  const said = cliCheck(played);
  check(said === "", "Build, play: the written play passes `chainjudge check`" + (said ? `: ${said}` : ""));
  const out = await page.evaluate((t) => JSON.parse(W.replay_json("situation.yaml", t, "")), played);
  check(!out.error && ["july", "october"].every((ed) => out.outcome[ed].board.damage.garen === 2 && out.outcome[ed].resolved.includes("void-bolt")),
    `Build, play: it replays, and Garen takes the 2 damage (${out.error ? out.error.message : JSON.stringify(out.outcome.july.board.damage)})`);
  // The controller of the newest item holds Priority (337.4): Ana may add a Reaction or pass.
  check((await text("#build-who")) === "Ana acts" && /Reaction/.test(await text("#build-next .may")),
    `Build, play: then Ana holds Priority on a Closed Chain (${await text("#build-who")})`);

  // Every effect of the menu in one play: a Chain item to counter first (Ana's Spell 1).
  await page.click("#build-undo");
  if (!(await page.$eval(sec("chain"), (d) => d.open))) await page.click(`${sec("chain")} summary`);
  await page.click("#build-add-chain");
  await page.waitForSelector("#build-next button[data-action=play]");
  await page.click("#build-next button[data-action=play]");
  check((await page.inputValue("#play-timing")) === "reaction", "Build, play: on a Chain, the play offered is a Reaction item");
  await page.fill("#play-name", "Every Effect");
  const effect = async (kind, taps, more) => {
    await page.selectOption("#play-effect", kind);
    for (const t of taps) await page.click(`#play-effects button[data-target="${t}"]`);
    if (more) await more();
    await page.click("#effect-add");
  };
  await effect("damage", ["garen", "darius"], () => page.click("#play-effects button[aria-label='Amount plus one']"));
  await effect("kill", ["garen"]);
  await effect("counter", ["spell-1"]);
  await effect("might-turn", ["darius"], async () => { for (let i = 0; i < 3; i++) await page.click("#play-effects button[aria-label='Amount minus one']"); });
  await effect("might-combat", ["darius"]);
  await effect("stun", ["garen"]);
  await effect("recall", ["garen"]);
  // A move's units are one player's: Garen is out of reach once Darius is picked.
  await effect("move", ["darius"], async () => {
    check(await page.$eval("#play-effects button[data-target=garen]", (b) => b.disabled), "Build, play: a move effect takes one player's units");
    await page.selectOption("#effect-to", "Battlefield 2");
  });
  await effect("text", [], () => page.fill("#effect-text", "Draw 1, then discard 1"));
  const listed = await page.$$eval("#play-effects .effect code", (xs) => xs.map((x) => x.textContent));
  check(listed.length === 9 && listed[2] === "{ counter: spell-1 }", `Build, play: the form lists the effects written so far (${listed.length})`);
  await fits("Build, play with every effect");
  await shot("build-play-effects");
  await page.click("#play-add");
  const all = await page.inputValue("#replay-text");
  const want = "  - play: { name: Every Effect, controller: Ana, kind: spell, keyword: reaction, effects: [{ damage: { target: [garen, darius], amount: 3 } }, " +
    "{ kill: garen }, { counter: spell-1 }, { might: { target: darius, amount: -2, duration: turn } }, { might: { target: darius, amount: 1, duration: combat } }, " +
    "{ stun: garen }, { recall: garen }, { move: { target: darius, to: Battlefield 2 } }, { text: \"Draw 1, then discard 1\" }] }\n";
  check(all.endsWith(want), "Build, play: every effect of the menu is written" + (all.endsWith(want) ? "" : `:\n${all}`));
  const said2 = cliCheck(all);
  check(said2 === "", "Build, play: the play with every effect passes `chainjudge check`" + (said2 ? `: ${said2}` : ""));
  const out2 = await page.evaluate((t) => JSON.parse(W.replay_json("situation.yaml", t, "")), all);
  check(!out2.error && out2.outcome.july.refused.length === 0 && out2.outcome.july.countered.includes("spell-1"),
    `Build, play: it replays with nothing refused, Spell 1 countered (${out2.error ? out2.error.message : JSON.stringify(out2.outcome.july.countered)})`);
  check((await page.$$("#build-cannot")).length === 0, "Build, play: the form reads the play back");
  await page.click("#build-undo");

  // A unit played with Ambush into a combat: the sheets name it as the play did, not by its id.
  await page.fill("#replay-text", board.replace("actions: []\n", "actions:\n  - move: { units: darius, to: Battlefield 1 }\n  - pass: Ana\n"));
  await page.waitForSelector("#build-next button[data-action=play] >> text=Ambush");
  await page.click("#build-next button[data-action=play] >> text=Ambush");
  const where = await page.$eval("#play-where", (s) => s.options[s.selectedIndex].textContent);
  check(where === "Battlefield 1", `Build, play: Ambush's place is shown by its name (${where})`);
  await page.fill("#play-name", "Ambush Poro");
  await page.click("#play-add");
  for (let i = 0; i < 2; i++) {
    await page.waitForSelector("#build-next button[data-action=pass]");
    await page.click("#build-next button[data-action=pass]");
  }
  await page.click("#build-next button[data-action=assign]");
  const labels = await page.$$eval("#build-sheet .stepper .slabel", (xs) => xs.map((x) => x.textContent));
  check(labels.length === 2 && labels[1].startsWith("Ambush Poro (lethal"), `Build, play: the assign sheet names the unit played as it was played (${labels.join(", ")})`);
  await page.click("#build-sheet button >> text=Cancel");
};
