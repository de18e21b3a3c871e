const WASM_GZ_BASE64 = "/*WASM*/";
// Starting: the module is unpacked (gzip, base64) and started, the footer says what the page
// carries, the picker lists the replayable rulings, and the last session is restored.
async function boot() {
  const t0 = performance.now();
  const gz = Uint8Array.from(atob(WASM_GZ_BASE64), (c) => c.charCodeAt(0));
  const bytes = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  wasm_bindgen.initSync({ module: bytes });
  W = wasm_bindgen;
  const about = JSON.parse(W.about_json());
  $("about").textContent = "chainjudge " + about.version + " · " + about.editions.map((e) => e.title + " (last updated " + e.last_updated + ", in force from " + e.in_force_from + ")").join(" · ") + " · " + about.rulings + " rulings, " + about.replayable + " replayable · works offline";
  const inForce = about.editions.filter((e) => e.in_force_from <= today()).pop();
  if (inForce) {
    IN_FORCE = inForce.edition;
    $("rule-ed").options[0].textContent = "in force today: " + EDITION[inForce.edition];
  }
  const pick = $("replay-pick");
  pick.append(el("option", { value: "" }, "Start from a ruling…"));
  const listed = JSON.parse(W.replayable_json()).rulings.sort((a, b) => a.title.localeCompare(b.title, "en"));
  for (const r of listed) pick.append(el("option", { value: r.id }, r.title));
  $("loading").remove();
  restore();
  document.body.dataset.ready = String(Math.round(performance.now() - t0));
}
boot().catch((e) => { $("loading").textContent = "chainjudge could not start: " + e; });
