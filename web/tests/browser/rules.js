// Rules: a misspelt word finds its rule; a number shows its parents, sub-rules, references
// and its number in the other edition, each a tap away; Back returns to the previous rule.
module.exports = async ({ page, check, timing, BUDGET, shot, text }) => {
  check(/^in force today: October$/.test(await text("#rule-ed option[value='']")), "Rules: the edition in force today is named");
  await page.click("#tab-rules");
  await page.fill("#rule-q", "deathnell");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out .hit");
  check(/Deathknell/.test(await text("#rule-out")), "Rules: `deathnell` (misspelt) finds Deathknell");
  timing("searchMs", Number(await page.getAttribute("#rule-out", "data-ms")), BUDGET.searchMs, "a rule search");
  await shot("rules-search");
  // A rule with no October number links to its July number: no empty link anywhere.
  await page.selectOption("#rule-ed", "october");
  await page.fill("#rule-q", "finalise");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out .hit");
  const links = await page.$$eval("#rule-out button.rule", (b) => b.map((x) => x.textContent));
  check(links.length > 0 && links.every((x) => /^\d{3}/.test(x)), `Rules: every result links to a rule number (${links.join(" ")})`);
  // Each result is marked as the JSON marks it: an October number no source quotes
  // "(inferred)", a July rule with none "removed (July n)" or "unconfirmed (July n)".
  await page.fill("#rule-q", "deathnell");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out .hit");
  const hitsJson = await page.evaluate(() => JSON.parse(W.rule_json("deathnell", "october", "", false, 10)).hits);
  const want = hitsJson.map(({ rule: r }) => (r.number ? r.number + (r.standing === "inferred" ? " (inferred)" : "") : r.standing + " (July " + r.july_number + ")") + " " + r.title);
  const got = await page.$$eval("#rule-out .hit h3", (h) => h.map((x) => x.textContent));
  check(JSON.stringify(got) === JSON.stringify(want) && got.some((x) => /\(inferred\)/.test(x)) && got.some((x) => /^removed \(July/.test(x)),
    `Rules: results carry their October marks (${got.slice(0, 3).join("; ")})`);
  // A tap on a July number from October results shows the July rule; the menu follows, and
  // the page says so.
  await page.click("#rule-out .hit h3 >> text=/^unconfirmed|^removed/ >> button.rule");
  check(/July 2026 Core Rules/.test(await text("#rule-out .card .muted")) && (await page.inputValue("#rule-ed")) === "july" && /now says July/.test(await text("#rule-out .switched")),
    "Rules: a July number tapped from October results opens in July, and the menu says July");
  // Finding the same thing again adds no step to Back.
  const depth = await page.evaluate(() => history.length);
  await page.click("#rule-form button[type=submit]");
  await page.click("#rule-form button[type=submit]");
  check((await page.evaluate(() => history.length)) === depth, "Rules: Find again on the same rule adds nothing to Back");
  // An October number asked in July: the July rule it was is a tap away, and so is October.
  await page.fill("#rule-q", "420.4.b");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out h3");
  const help = await text("#rule-out .card p");
  check(/it is July 419\.4\.b\. Look 420\.4\.b up in October$/.test(help) && !/--rules/.test(help), `Rules: a number of the other edition, in the page's words (${help})`);
  await page.click("#rule-out .card p button.plain");
  check(/^420\.4\.b /.test(await text("#rule-out h3")) && (await page.inputValue("#rule-ed")) === "october", "Rules: and the button finds it in October");
  await page.fill("#rule-q", "337");
  await page.selectOption("#rule-ed", "july");
  await page.click("#rule-form button[type=submit]");
  await page.waitForSelector("#rule-out h3");
  check(/337 Finalize/.test(await text("#rule-out h3")), "Rules: 337 shows its title");
  await page.click("#rule-out button.rule >> text=337.1");
  check(/^337\.1 /.test(await text("#rule-out h3")), "Rules: a sub-rule opens on a tap");
  check(/Refers to: 329\.2/.test(await text("#rule-out .refs")), "Rules: the rules it refers to are listed");
  // The edition data pairs July 337.1 with October 337.1, the same rule.
  check(/^October: 337\.1, the same rule$/.test(await text("#rule-out .other")), `Rules: the status in the other edition is shown (${await text("#rule-out .other")})`);
  await shot("rules-rule");
  await page.click("#rule-out .other button.rule");
  check(/October 2026 Core Rules/.test(await text("#rule-out .card .muted")) && /^337\.1 /.test(await text("#rule-out h3")),
    "Rules: the other edition's number opens that rule in that edition");
  await page.goBack();
  await page.waitForFunction(() => /July 2026/.test(document.querySelector("#rule-out .card .muted").textContent), null, { timeout: 3000 }).catch(() => {});
  check(/^337\.1 /.test(await text("#rule-out h3")), "Rules: Back returns to the July rule");
  await page.goBack();
  await page.waitForFunction(() => /^337 /.test(document.querySelector("#rule-out h3").textContent), null, { timeout: 3000 }).catch(() => {});
  check(/^337 Finalize/.test(await text("#rule-out h3")), "Rules: Back again returns to 337");
};
