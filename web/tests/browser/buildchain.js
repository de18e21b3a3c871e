// The Build view's Chain form at 360×740, from the Blank Chain template (items `a` and `b`):
// a Chain item renamed takes its new name's id, the written actions following it (also when
// typed key by key past another item's id).
"use strict";
module.exports = async ({ page, check, text, fits, shot }) => {
  const sec = (k) => `#build [data-sec=${k}]`;
  await page.click("#tab-replay");
  await page.click("#replay-blank");
  await page.click("#blank-chain");
  if ((await page.getAttribute("#replay-build", "aria-pressed")) !== "true") await page.click("#replay-build");
  await page.waitForSelector("#build-who");
  if (!(await page.$eval(sec("chain"), (d) => d.open))) await page.click(`${sec("chain")} summary`);
  const yaml = () => page.inputValue("#replay-text");
  const item = (i) => `${sec("chain")} .bitem[data-i="${i}"]`;

  // A renamed item takes its new name's id, the actions naming it following.
  const counter = (id) => `actions:\n  - play: { name: Nope, controller: Ben, kind: spell, keyword: reaction, effects: [{ counter: ${id} }] }\n`;
  await page.fill("#replay-text", (await yaml()).replace("actions: []\n", counter("a")));
  await page.fill(`${item(0)} input[aria-label="Chain item 1's name"]`, "Bolt");
  const renamed = await yaml();
  check(renamed.includes("  - { name: Bolt, controller: Ana, kind: spell }\n") && renamed.endsWith(counter("bolt")),
    "Build, Chain: Spell A renamed Bolt is written with the id bolt, and the action countering it follows" + (renamed.endsWith(counter("bolt")) ? "" : `:\n${renamed}`));
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary .answer");
  check(/Countered: bolt\b/.test(await text("#replay-out .summary .answer")), `Build, Chain: the answer names the renamed item (${await text("#replay-out .summary .answer")})`);
  // Typed key by key, the name passes `B`, the other item's id: each action keeps its item.
  await page.fill("#replay-text", renamed.replace(counter("bolt"), counter("b")));
  const name = `${item(0)} input[aria-label="Chain item 1's name"]`;
  await page.fill(name, "X");
  await page.click(name, { clickCount: 3 });
  await page.keyboard.type("Bolt");
  const typed = await yaml();
  check(typed.includes("  - { name: Bolt, controller: Ana, kind: spell }\n  - { id: b, name: Reply,") && typed.endsWith(counter("b")),
    "Build, Chain: typed key by key past another item's id, the action still counters that item" + (typed.endsWith(counter("b")) ? "" : `:\n${typed}`));
};
