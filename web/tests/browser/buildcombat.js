// The Build view at 360×740: a board combat built by taps only (names and numbers typed,
// nothing typed into the YAML): a battlefield Ben holds with his Garen (3, Shield 1) on it,
// Ana's Darius (5) at base; then, by `next`'s buttons, the move that starts the combat, both
// Focus passes and both damage assignments, each one tap on Add (the sheet starts at the
// engine's default). The card says which combat; the replay's answer stays shown under the
// buttons after each tap, and a form tap replays a shown report rather than put it away. Its
// replay is the replay of the same situation written by hand in block style with comments: the
// same steps and outcome (Garen dies, Darius lives; under October, Ana conquers; under July,
// read literally, a showdown is staged there first).
"use strict";
const HAND_WRITTEN = `# Darius attacks Garen at the Sunken Temple, written by hand
format: 1
players:
  - Ana   # the Turn Player
  - Ben
points:
  Ana: 0
  Ben: 0
board:
  - id: sunken-temple
    name: Sunken Temple
    kind: battlefield
    controller: Ben
  - name: Battlefield 2
    kind: battlefield
    controller: none
  - name: Darius
    kind: unit
    controller: Ana
    might: 5
  - name: Garen
    kind: unit
    controller: Ben
    at: sunken-temple
    might: 3
    shield: 1   # +1 while he defends
actions:
  - move:
      units: [darius]
      to: sunken-temple
  - pass: Ana   # Focus
  - pass: Ben
  - assign:
      by: Ana
      to:
        garen: 5
  - assign: { by: Ben, to: { darius: 4 } }
`;
module.exports = async ({ page, check, text, fits, shot }) => {
  const sec = (k) => `#build [data-sec=${k}]`;
  await page.click("#tab-replay");
  if ((await page.getAttribute("#replay-build", "aria-pressed")) !== "true") await page.click("#replay-build");
  await page.click("#build-fresh");
  await page.selectOption(`${sec("battlefields")} select[aria-label="Battlefield 1's controller"]`, "1");
  await page.fill(`${sec("battlefields")} input[aria-label="Battlefield 1's name"]`, "Sunken Temple");
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 1's name"]`, "Darius");
  for (let i = 0; i < 2; i++) await page.click(`${sec("units")} .bitem[data-i="0"] button[aria-label="Might plus one"]`);
  await page.click("#build-add-unit");
  await page.fill(`${sec("units")} input[aria-label="Unit 2's name"]`, "Garen");
  await page.selectOption(`${sec("units")} select[aria-label="Unit 2's place"]`, "0");
  await page.click(`${sec("units")} .bitem[data-i="1"] button[aria-label="Shield plus one"]`);
  // What may happen next, tap by tap.
  const tap = async (action) => {
    await page.waitForSelector(`#build-next button[data-action=${action}]`);
    await page.click(`#build-next button[data-action=${action}]`);
  };
  // A report shown before the first action: each tap keeps one shown.
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary");
  await tap("move");
  await page.click("#build-sheet button.move-to >> text=Sunken Temple");
  check(/^Ana acts$/.test(await text("#build-who")), "Build, combat: the attacker acts first in the combat");
  const answer = async () => ((await page.$$("#build-answer .answer")).length ? text("#build-answer .answer") : "none");
  const shown = async () => ((await page.$$("#replay-out .summary .answer")).length ? text("#replay-out .summary .answer") : "none");
  check(/^Answer/.test(await answer()) && (await answer()) === (await shown()),
    `Build, combat: after an action tap the replay's answer is shown under the buttons (${(await answer()).slice(0, 70)})`);
  // A form tap replays the shown report again at once rather than put it away.
  await page.click(`${sec("players")} .bitem[data-i="0"] button[aria-label="Points plus one"]`);
  check((await page.$$("#replay-out .summary")).length === 1 && (await page.$$("#build-answer")).length === 1,
    "Build, combat: a form tap keeps the report shown (replayed again)");
  await page.click(`${sec("players")} .bitem[data-i="0"] button[aria-label="Points minus one"]`);
  await tap("pass");
  check(/^Ben acts$/.test(await text("#build-who")), "Build, combat: Ana passed Focus, Ben acts");
  await tap("pass");
  // The card says which combat, as the JSON answer's `showdown` does.
  check(/A combat at sunken-temple: Ana attacks, Ben defends/.test(await text("#build-next .next-answer")),
    `Build, combat: the card names the combat (${(await text("#build-next .next-answer")).slice(0, 90)})`);
  for (const [who, unit, n] of [["Ana", "Garen", 5], ["Ben", "Darius", 4]]) {
    check((await text("#build-who")) === who + " acts", `Build, combat: ${who} assigns combat damage (${await text("#build-who")})`);
    await tap("assign");
    // The sheet starts at the default (lethal to each in turn, the rest to the first), by name.
    const rows = await page.$$eval("#build-sheet .stepper", (xs) => xs.map((x) => x.querySelector(".slabel").textContent + "=" + x.querySelector("output").textContent));
    check(rows.length === 1 && rows[0].startsWith(unit + " (lethal") && rows[0].endsWith("=" + n), `Build, combat: ${who}'s assignment starts at the default, ${n} to ${unit} (${rows})`);
    if (who === "Ana") {
      // One less: Add is disabled, looks so, and says why.
      await page.click("#build-sheet .stepper button >> text=−");
      const add = await page.$eval("#assign-add", (b) => ({ off: b.disabled, text: b.textContent, opacity: getComputedStyle(b).opacity }));
      check(add.off && add.text.includes("1 left to assign") && Number(add.opacity) < 1, `Build, combat: Add disabled looks so and says why (${add.text}, opacity ${add.opacity})`);
      const small = await page.$$eval("#build-sheet button", (xs) => xs.filter((x) => x.getBoundingClientRect().height < 44).map((x) => x.textContent));
      check(small.length === 0, `Build, combat: the assign sheet's buttons are at least 44 px tall (${small})`);
      await fits("Build, assign");
      await shot("build-assign");
      await page.click("#build-sheet .stepper button >> text=+");
    }
    await page.click("#assign-add");
  }
  const built = await page.inputValue("#replay-text");
  const ok = built.endsWith("actions:\n  - move: { units: darius, to: Sunken Temple }\n  - pass: Ana\n  - pass: Ben\n" +
    "  - assign: { by: Ana, to: { garen: 5 } }\n  - assign: { by: Ben, to: { darius: 4 } }\n");
  check(ok, "Build, combat: the taps wrote the move, the passes and the assignments" + (ok ? "" : `:\n${built}`));
  // The combat over, the editions part (board-format 5.1 and the replay's note): read
  // literally, July stages a showdown at the conquered battlefield; October is Neutral Open.
  const answers = await page.$$eval("#build-next .next-answer", (xs) => xs.map((x) => x.textContent));
  check(answers.length === 2 && /^Under July.*Ana acts.*Showdown Open/.test(answers[0]) && /^Under October.*Ana acts.*Neutral Open/.test(answers[1]),
    `Build, combat: the combat over, next answers per edition (${answers.map((a) => a.slice(0, 60)).join(" | ")})`);
  // The same replay as the hand-written file: steps and outcome, not the title, file or lines.
  const same = await page.evaluate(([a, b]) => {
    const strip = (t) => { const r = JSON.parse(W.replay_json("situation.yaml", t, "")); for (const k of ["title", "file", "board_model"]) delete r[k]; return r; };
    const [x, y] = [strip(a), strip(b)];
    return { same: JSON.stringify(x) === JSON.stringify(y), steps: x.steps.length, outcome: x.outcome, error: x.error || y.error };
  }, [built, HAND_WRITTEN]);
  const o = same.outcome && same.outcome.october;
  check(same.same && !same.error, `Build, combat: the built file replays as the hand-written one does (${same.steps} steps${same.error ? ", " + same.error.message : ""})`);
  check(o && JSON.stringify(o.board.conquered).includes("Ana") && o.killed.includes("garen") && !o.killed.includes("darius"),
    `Build, combat: under October, Ana conquers, Garen dies, Darius lives (${JSON.stringify(o && o.board.conquered)}, killed ${o && o.killed})`);
};
