// The Guide: the situation format on the page. A fix that points to docs/situation-format.md
// opens it; a key typed in the find box opens the sections that hold it; a section link works.
module.exports = async ({ page, check, shot, fits }) => {
  await page.click("#tab-replay");
  // Text that is not a situation: the fix points to the format, here a tap away.
  await page.fill("#replay-text", "hello there\n");
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .problem");
  await page.click("#replay-out .problem .fix button >> text=the format guide");
  check(!(await page.$eval("#view-guide", (s) => s.hidden)), "Guide: a fix naming the format opens the guide");
  const sections = await page.$$eval("#guide-out details.gsec", (d) => d.map((x) => x.querySelector("summary").textContent));
  check(sections.includes("Top-level keys") && sections.includes("Battlefields"), `Guide: ${sections.length} sections, the format's own headings`);
  await page.fill("#guide-q", "contested_by");
  await page.click("#guide-form button[type=submit]");
  const open = await page.$$eval("#guide-out details.gsec[open]", (d) => d.map((x) => x.querySelector("summary").textContent));
  check(open.includes("Battlefields") && open.every((s) => s !== "Terms"), `Guide: \`contested_by\` opens the sections holding it (${open.join(", ")})`);
  check((await page.$$eval("#guide-out details.gsec[open] .grow", (r) => r.length)) > 0, "Guide: tables are laid out as rows");
  const marks = await page.$$eval("#guide-out mark", (m) => m.map((x) => x.textContent));
  check(marks.length > 0 && marks.every((m) => m === "contested_by"), `Guide: the word found is marked where it stands (${marks.length} places)`);
  check((await page.getAttribute("#tab-guide", "aria-selected")) === "true" && (await page.getAttribute("#tab-replay", "aria-selected")) === "false", "Guide: its own tab is marked");
  await fits("Guide");
  await shot("guide");
  // Find reads the text as shown: Markdown's own marks are not in it.
  await page.fill("#guide-q", "**");
  await page.click("#guide-form button[type=submit]");
  check((await page.textContent("#guide-found")) === "No section holds “**”", `Guide: Markdown's marks are not found (${await page.textContent("#guide-found")})`);
  // A link to a section of the format opens it.
  await page.fill("#guide-q", "");
  await page.click("#guide-form button[type=submit]");
  const link = page.locator("#guide-out button.link >> text=The board").first();
  await link.click();
  const y = await page.$eval("#guide-the-board", (h) => h.getBoundingClientRect().top);
  check(y >= 0 && y < 200, `Guide: a section link scrolls to its heading (${Math.round(y)} px from the top)`);
  await page.goBack();
  check(!(await page.$eval("#view-replay", (s) => s.hidden)), "Guide: Back returns to the Replay view");
  // The guide's whole example replays on a tap (the format's "A whole example").
  await page.click("#replay-guide");
  await page.click("#guide-out details.gsec >> text=A whole example");
  await page.click("#guide-out details.gsec[open] button.try");
  await page.waitForSelector("#replay-out .summary");
  check(!(await page.$eval("#view-replay", (s) => s.hidden)) && !(await page.$$("#replay-out .problem")).length, "Guide: its example replays without a problem");
};
