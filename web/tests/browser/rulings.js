// Rulings: a card name finds its rulings with answer, what happens, nuances, the warning of a
// ruling checked against July, sources and dates; a rule tap and Back return to the same place.
module.exports = async ({ page, check, timing, BUDGET, shot, text }) => {
  await page.click("#tab-rulings");
  await page.fill("#ruling-q", "crumbling sands");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  timing("rulingMs", Number(await page.getAttribute("#ruling-out", "data-ms")), BUDGET.searchMs, "a ruling search");
  const card = "#ruling-out .ruling[data-id=crumbling-sands-counters-first-of-two]";
  const ruling = await text(card);
  check(/Riot's answer: Riot Games, “Vendetta Rules FAQ and Clarifications”, 2026-08-14/.test(ruling) && /A\. Yes\./.test(ruling), "Rulings: answer, source and date shown");
  check(await text(card + " h3 .badge") === "official", "Rulings: an answer Riot gave is labelled official");
  // The ruling is checked against July; on any day from 2026-10-16 October is in force.
  check(/Checked against the July 2026 Core Rules/.test(await text("#ruling-out .warning")), "Rulings: the checked-against warning is shown");
  check(await page.$eval(card + " details.full", (d) => d.open), "Rulings: the best match is shown in full");
  // The question, then the answer, then the edition warning in one line (whole a tap away).
  const order = await page.$eval(card, (c) => {
    const at = (x) => (x ? c.innerHTML.indexOf(x.outerHTML) : -1);
    const ps = [...c.querySelectorAll(":scope > p")];
    return [at(ps.find((p) => /^Q\. /.test(p.textContent))), at(ps.find((p) => /^A\. /.test(p.textContent))), at(c.querySelector(".warning"))];
  });
  const warnHeight = await page.$eval(card + " .warning summary", (s) => s.getBoundingClientRect().height);
  check(order[0] >= 0 && order[0] < order[1] && order[1] < order[2] && warnHeight <= 48,
    `Rulings: question, answer, then the warning in one line (${order.join(", ")}; ${warnHeight} px)`);
  check((await page.$$eval(card + " ul.nuances li", (l) => l.length)) === 3, "Rulings: its three nuances are listed");
  check(/its other July rules under October: 426\.1\.a \(inferred\)/.test(await text(card + " .rules")), "Rulings: its other July rules under October are listed");
  await shot("rulings");
  // Unconfirmed and inferred October numbers keep their marks and their July number's link.
  await page.fill("#ruling-q", "hidden");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  const hidden = await text("#ruling-out");
  const links = await page.$$eval("#ruling-out button.rule", (b) => b.map((x) => x.textContent));
  check(links.every((x) => /^\d{3}/.test(x)) && !/null|undefined/.test(hidden), `Rulings: every cited rule is a number (${links.slice(0, 6).join(" ")})`);
  check(/unconfirmed \(July \d/.test(hidden) || /\(inferred\)/.test(hidden), "Rulings: October marks kept");
  // More than 20 matches: the rest a tap away.
  const shown = await page.$$eval("#ruling-out .ruling", (r) => r.length);
  const more = await page.$("#ruling-out button.more");
  if (more) await more.click();
  const after = await page.$$eval("#ruling-out .ruling", (r) => r.length);
  check(more !== null && shown === 20 && after > 20, `Rulings: Show more adds the next matches (${shown}, then ${after})`);
  await page.fill("#ruling-q", "hidden");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  // A July rule October removed keeps its mark, its July number a link (the Deathknell rulings).
  await page.fill("#ruling-q", "deathknell");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  const removed = await page.$$eval("#ruling-out .rules", (r) => r.map((x) => x.textContent).filter((x) => /removed \(July/.test(x)));
  const dlinks = await page.$$eval("#ruling-out button.rule", (b) => b.map((x) => x.textContent));
  check(removed.length > 0 && dlinks.every((x) => /^\d{3}/.test(x)), `Rulings: a rule removed in October is marked, its July number a link (${removed.length} rulings)`);
  await page.fill("#ruling-q", "hidden");
  await page.click("#ruling-form button[type=submit]");
  await page.waitForSelector("#ruling-out .ruling");
  // A rule tapped far down the list, then Back: the same results at the same height.
  const last = page.locator("#ruling-out .ruling details[open] button.rule").last();
  await last.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  await last.click();
  await page.waitForSelector("#view-rules:not([hidden])");
  await page.goBack();
  await page.waitForSelector("#view-rulings:not([hidden])");
  await page.waitForFunction((y0) => Math.abs(window.scrollY - y0) < 2, y, { timeout: 3000 }).catch(() => {});
  const y2 = await page.evaluate(() => window.scrollY);
  check(y > 0 && Math.abs(y2 - y) < 2 && (await text("#ruling-out")) === hidden, `Rulings: Back after a rule tap returns to the same place (${y} px, then ${y2} px)`);
};
