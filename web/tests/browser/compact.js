// The compact replay at a phone's size (issue 20): after tapping Replay on a board ruling the
// answer is whole on the first screen; the compact replay is at most 6 screens tall, routine
// steps folded and every step a tap away; chips jump to the steps where the editions part;
// the cards are dense, their tap targets 44 px, renumbered rules no difference.
module.exports = async ({ page, check, shot, fits }) => {
  const id = "board-attack-kills-every-defender-july-vs-october";
  const H = 740;
  await page.click("#tab-replay");
  await page.selectOption("#replay-pick", id);
  await page.waitForSelector("#replay-out .summary");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click("#replay-go");
  await page.waitForSelector("#replay-out .summary .answer");
  // The answer, after whatever scroll the page does: whole in the first viewport, below the header.
  const a = await page.evaluate(() => {
    const r = document.querySelector("#replay-out .summary .answer").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, header: document.querySelector("header").getBoundingClientRect().bottom, lines: document.querySelectorAll("#replay-out .answer p").length };
  });
  check(a.top >= a.header && a.bottom <= H && a.lines >= 8, `Compact: the answer (${a.lines} lines) is whole in the first viewport (${Math.round(a.top)} to ${Math.round(a.bottom)} px of ${H})`);
  check(await page.$eval("#replay-out .summary details.full-summary", (d) => !d.open && /OUTCOMES DIFFER/.test(d.textContent)),
    "Compact: the full summary and the differences are kept, folded under the answer");
  await shot("compact-answer");
  // The compact replay: the folded steps hidden, at most 6 viewports tall.
  const view = await page.evaluate((id) => JSON.parse(W.replay_page_json("rulings/" + id + ".yaml", W.ruling_situation(id), "")).view, id);
  const folded = view.steps.filter((s) => s.folded).map((s) => s.n);
  const visible = () => page.$$eval("#replay-out .step", (s) => s.filter((x) => x.offsetParent !== null).map((x) => Number(x.dataset.n)));
  const shown = await visible();
  const height = await page.$eval("#replay-out", (o) => o.getBoundingClientRect().height);
  check(folded.length > 0 && shown.length === view.steps.length - folded.length && !shown.some((n) => folded.includes(n)),
    `Compact: the ${folded.length} routine steps are folded (${shown.length} of ${view.steps.length} shown)`);
  check(height <= 6 * H, `Compact: the compact replay is ${(height / H).toFixed(2)} viewports tall (at most 6)`);
  // A shown step is told short; the whole telling is the full view's.
  const seven = view.steps.find((s) => s.n === 7);
  const seventh = await page.$eval('#replay-out .step[data-n="7"]', (c) => ({ text: c.querySelector(".short").innerText, full: c.querySelector(".full").offsetParent !== null }));
  check(seventh.text.startsWith(seven.short.replace(/^\[July only\] /, "")) && !seventh.full, `Compact: a step is told short (${seventh.text})`);
  // Dense cards: number, badges, text and rules run on in one paragraph, so a card takes the
  // lines its words need and no more (at most one more, for wrapping), and at most 3 where they
  // fit in 2 lines' width. A card's lines: the distinct lines its text sits on (a rule number's
  // tap target is taller than its line).
  const cards = await page.$$eval("#replay-out .step", (s) => s.filter((x) => x.offsetParent !== null).map((x) => {
    const p = x.querySelector("p.line");
    const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const bottoms = [];
    let width = 0;
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.parentElement.offsetParent || !n.textContent.trim()) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const q of r.getClientRects()) if (q.width > 0) { bottoms.push(q.bottom); width += q.width; }
    }
    bottoms.sort((a, b) => a - b);
    const lines = bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1] > 10).length;
    return { n: x.dataset.n, lines, need: Math.ceil(width / p.clientWidth) };
  }));
  const loose = cards.filter((c) => c.lines > c.need + 1 || (c.need <= 2 && c.lines > 3));
  const three = cards.filter((c) => c.lines <= 3).length;
  check(loose.length === 0, `Compact: dense step cards, ${three} of ${cards.length} on at most 3 lines, none longer than its words need (${loose.map((c) => "#" + c.n + ": " + c.lines + " for " + c.need).join(", ")})`);
  // The notes, numbered as the answer names them: "[1] step 7, July; [2] step 29, July", or,
  // all at one edition's steps, "notes [1] to [4] ... (July's steps 7, 29, 36, 47)".
  const answerText = await page.textContent("#replay-out .answer");
  const range = answerText.match(/notes \[1\] to \[(\d+)\][^(]*\(\w+'s steps ([\d, ]+)\)/);
  const named = range
    ? range[2].split(", ").map((n, i) => n + ":" + (i + 1))
    : [...answerText.matchAll(/\[(\d+)\] step (\d+)/g)].map((m) => m[2] + ":" + m[1]);
  const noted = await page.$$eval("#replay-out .step details.note > summary", (s) => s.map((x) => x.closest(".step").dataset.n + ":" + (x.textContent.match(/^Note \[(\d+)\]/) || [])[1]));
  check(named.length > 0 && named.join() === noted.join(), `Compact: the notes are numbered as the answer names them (${noted.join(", ")})`);
  // Renumbered rules are no difference: no card, badge or chip for a step whose editions
  // differ only in numbers; each difference's colour used once (the card's edge, the badge neutral).
  const numbersOnly = view.steps.filter((s) => s.flag === "numbers_differ").map((s) => s.n);
  const marked = await page.$$eval("#replay-out .step.differs, #replay-out .step.outcome", (s) => s.map((x) => Number(x.dataset.n)));
  check(numbersOnly.length > 0 && !marked.some((n) => numbersOnly.includes(n)) && marked.length === view.steps.filter((s) => /outcome|route|steps/.test(s.flag)).length,
    `Compact: the ${marked.length} differing steps are marked, none of the ${numbersOnly.length} renumbered ones`);
  const colours = await page.evaluate(() => {
    const card = (sel) => document.querySelector(sel);
    const edge = (c) => getComputedStyle(c).borderLeftColor;
    const badge = (c) => { const b = c.querySelector(".badge.outcome, .badge.differs"); return b ? [getComputedStyle(b).backgroundColor, getComputedStyle(b).color] : null; };
    const o = card("#replay-out .step.outcome"), d = card("#replay-out .step.differs"), s = card('#replay-out .step[data-n="3"]');
    return { outcome: edge(o), differs: edge(d), same: edge(s), badge: badge(o), body: getComputedStyle(document.body).color };
  });
  check(colours.outcome !== colours.differs && colours.outcome !== colours.same && colours.differs !== colours.same && colours.badge && colours.badge[1] === colours.body && !colours.badge.includes(colours.outcome),
    `Compact: one colour for outcomes (${colours.outcome}), another for routes and steps (${colours.differs}), the badge neutral (${colours.badge})`);
  // Tap targets and type sizes.
  const small = await page.$$eval("#replay-out button, #replay-out summary", (b) => b.filter((x) => x.offsetParent !== null && x.getBoundingClientRect().height < 44).map((x) => x.textContent.slice(0, 20)));
  check(small.length === 0, `Compact: every tap target is at least 44 px tall (${small.slice(0, 5).join(" | ")})`);
  const tiny = await page.$$eval("#replay-out .badge, #replay-out h3, #replay-out h4, header h1", (b) => b.filter((x) => parseFloat(getComputedStyle(x).fontSize) < 14).length);
  check(tiny === 0, `Compact: badges and headings at 14 px or more (${tiny} smaller)`);
  // The marks' note (unconfirmed, inferred) is above the steps.
  check(await page.evaluate(() => { const f = document.querySelector("#replay-out details.footnotes"), s = document.querySelector("#replay-out .steps"); return !!f && !!(f.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING); }),
    "Compact: the note on unconfirmed and inferred numbers is above the steps");
  await fits("Compact");
  await shot("compact-full", true);

  // The toggle shows every step, and back.
  const toggle = "#replay-out button.fold";
  const th = await page.$eval(toggle, (b) => b.getBoundingClientRect().height);
  check(th >= 44 && (await page.textContent(toggle)) === "Show every step", `Compact: the toggle is a button ${th} px tall`);
  await page.click(toggle);
  const all = await visible();
  const fullText = await page.$eval('#replay-out .step[data-n="7"] .full', (f) => f.offsetParent !== null);
  check(all.length === view.steps.length && fullText && (await page.textContent(toggle)) === "Show the steps that matter", `Compact: "Show every step" shows all ${all.length}, told whole`);
  await page.click(toggle);
  check((await visible()).length === shown.length && (await page.textContent(toggle)) === "Show every step", "Compact: and back to the steps that matter");

  // Chips: one for each step where the editions part (never a renumbering), each a jump.
  const chips = await page.$$eval("#replay-out button.chip", (c) => c.map((x) => Number(x.dataset.n)));
  const parting = (n) => { const i = view.steps.findIndex((s) => s.n === n); return /outcome|route|steps/.test(view.steps[i].flag); };
  check(chips.length >= 2 && chips.includes(7) && chips.every(parting), `Compact: chips for the steps where the editions part (${chips.join(", ")})`);
  const target = chips[chips.length - 1];
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click(`#replay-out button.chip[data-n="${target}"]`);
  await page.waitForTimeout(100);
  const top = await page.$eval(`#replay-out .step[data-n="${target}"]`, (c) => [c.getBoundingClientRect().top, document.querySelector("header").getBoundingClientRect().bottom]);
  check(top[0] >= top[1] && top[0] < 300, `Compact: the chip for step ${target} scrolls to it (its top at ${Math.round(top[0])} px, under the header at ${Math.round(top[1])})`);
  // Jumping to a folded step reveals it.
  const hidden = folded[folded.length - 1];
  await page.evaluate((n) => jumpToStep(n), hidden);
  await page.waitForTimeout(100);
  const revealed = await page.$eval(`#replay-out .step[data-n="${hidden}"]`, (c) => [c.offsetParent !== null, c.getBoundingClientRect().top]);
  check(revealed[0] && revealed[1] >= 0 && revealed[1] < H, `Compact: a jump to folded step ${hidden} reveals it (top ${Math.round(revealed[1])} px)`);
  await shot("compact-jump");
};
