// The Build view's Chain form at 360×740, from the Blank Chain template (items `a` and `b`):
// a Chain item renamed takes its new name's id, the written actions following it (also when
// typed key by key past another item's id); each item's status shows both words, pending and
// finalized, the current one marked (finalized written as no `status`), a unit item fixed to
// pending and saying so.
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
  const status = (i) => page.$$eval(`${item(i)} .status-chip button`, (xs) => xs.map((x) => x.textContent + (x.getAttribute("aria-pressed") === "true" ? "*" : "")).join(" | "));

  // Pending or finalized: both words, the current one marked; absent `status` reads finalized.
  check((await status(0)) === "pending | finalized*", `Build, Chain: an item without status shows both words, finalized marked (${await status(0)})`);
  await page.click(`${item(0)} .status-chip button[data-status=pending]`);
  check((await yaml()).includes("  - { id: a, name: Spell A, controller: Ana, kind: spell, status: pending }") && (await status(0)) === "pending* | finalized",
    `Build, Chain: a tap on pending writes status: pending (${await status(0)})`);
  await page.click(`${item(0)} .status-chip button[data-status=finalized]`);
  check((await yaml()).includes("  - { id: a, name: Spell A, controller: Ana, kind: spell }\n") && (await status(0)) === "pending | finalized*",
    "Build, Chain: a tap on finalized writes no status (the format's default)");
  // A unit on the Chain is pending, fixed, and says so.
  await page.click("#build-add-chain");
  await page.selectOption(`${item(2)} select[aria-label="Chain item 3's kind"]`, "unit");
  const unit = await page.$eval(`${item(2)} .status-chip`, (c) => ({ text: c.textContent, off: c.querySelector("[data-status=finalized]").disabled }));
  check((await status(2)) === "pending* | finalized" && unit.off && /unit on the Chain is pending/.test(unit.text) && (await yaml()).includes("kind: unit, might: 3, status: pending }"),
    `Build, Chain: a unit item is pending, fixed, saying so (${unit.text})`);
  const small = await page.$$eval(`${sec("chain")} button, ${sec("chain")} select, ${sec("chain")} input`, (xs) => xs
    .filter((x) => x.offsetParent !== null && x.getBoundingClientRect().height < 44).map((x) => x.getAttribute("aria-label") || x.textContent));
  check(small.length === 0, `Build, Chain: every control is at least 44 px tall (${small.slice(0, 4).join(", ")})`);
  await fits("Build, Chain");
  await page.$eval(item(1), (x) => x.scrollIntoView({ block: "start" }));
  await shot("build-chain");
  await page.click(`${item(2)} button.remove`);

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
