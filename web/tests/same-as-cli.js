// The page's module (web/dist/node, built by web/build.sh) answers byte for byte as the CLI's
// `--format json` does: every file in rulings/ replayed (by `replay_json` and by the page's own
// `replay_page_json`), rule lookups and searches, a ruling search, and a broken file's error
// object.
// Usage: node web/tests/same-as-cli.js path/to/chainjudge
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const root = path.join(__dirname, "..", "..");
const cli = path.resolve(process.argv[2] || path.join(root, "target/release/chainjudge"));
const web = require(path.join(root, "web/dist/node/chainjudge_web.js"));

const run = (args) => {
  try {
    return execFileSync(cli, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (e) {
    return e.stdout; // exit 1 or 2 still prints JSON
  }
};
let failures = 0;
let checked = 0;
const same = (what, expected, got) => {
  checked++;
  if (expected !== got) {
    failures++;
    let at = 0;
    while (at < expected.length && expected[at] === got[at]) at++;
    console.error(`DIFFERS ${what} at byte ${at}:\n  cli: ${JSON.stringify(expected.slice(at, at + 80))}\n  web: ${JSON.stringify(got.slice(at, at + 80))}`);
  }
};

const files = fs.readdirSync(path.join(root, "rulings")).filter((f) => f.endsWith(".yaml")).sort();
for (const f of files) {
  const rel = "rulings/" + f;
  const text = fs.readFileSync(path.join(root, rel), "utf8");
  const cli = run(["replay", rel, "--format", "json"]);
  same(rel, cli, web.replay_json(rel, text, ""));
  // The page's one call carries the same report, first and unchanged.
  const page = web.replay_page_json(rel, text, "");
  if (!/"no_situation"/.test(cli)) same(rel + " (the page's call)", '{"report": ' + cli, page.slice(0, cli.length + 11));
}
for (const rules of ["july", "october", "both"]) {
  const rel = "rulings/crumbling-sands-counters-first-of-two.yaml";
  same(rel + " --rules " + rules, run(["replay", rel, "--rules", rules, "--format", "json"]),
    web.replay_json(rel, fs.readFileSync(path.join(root, rel), "utf8"), rules));
}
const broken = "tests/bad/01-bad-indentation.yaml";
same(broken, run(["replay", broken, "--format", "json"]), web.replay_json(broken, fs.readFileSync(path.join(root, broken), "utf8"), ""));
for (const [q, ed] of [["337.1.b", "july"], ["337", "october"], ["999.9", "july"], ["finalise oldest", "july"], ["deathnell", "october"], ["zzzzqx", "july"]]) {
  same(`rule ${q} --rules ${ed}`, run(["rule", q, "--rules", ed, "--format", "json"]), web.rule_json(q, ed, "", false, 10));
}
const date = new Date().toISOString().slice(0, 10);
for (const q of ["crumbling sands", "deathknell", "zhonya", "340.2"]) {
  same(`ruling ${q}`, run(["ruling", q, "--format", "json", "--date", date]), web.ruling_json(q, "", date, 10));
}
console.log(`${checked} answers compared, ${files.length} of them replays of rulings/: ${failures ? failures + " differ" : "all identical"}`);
process.exit(failures ? 1 : 0);
