#!/usr/bin/env bash
# Builds web/dist/chainjudge.html: chainjudge's engine, editions and rulings compiled to
# WebAssembly and embedded (gzip, base64) in one HTML file that works offline, opened from a
# file. Also web/dist/node/, the same module for Node (the tests compare its answers with the
# CLI's). Installs what it needs: the wasm32 target and wasm-bindgen-cli of the version in
# Cargo.lock. Usage: web/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  cargo install wasm-bindgen-cli --version "$want" --locked
fi

cargo build -p chainjudge-web --profile web --target wasm32-unknown-unknown --quiet
wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web/chainjudge_web.wasm"
rm -rf web/dist
wasm-bindgen "$wasm" --target no-modules --no-typescript --out-dir web/dist/pkg
wasm-bindgen "$wasm" --target nodejs --no-typescript --out-dir web/dist/node

python3 - <<'PY'
import base64, gzip, json, pathlib
dist = pathlib.Path("web/dist")
src = pathlib.Path("web/page")
# The page's script, in this order: helpers, navigation, then one file per view, then start.
parts = ["core", "nav", "rules", "rulings", "diagnostics", "replay", "situation", "buildyaml", "build", "buildnext", "buildplay", "guide", "boot"]
script = "\n".join((src / "js" / f"{p}.js").read_text() for p in parts)
# The Guide view's text: the situation format, as a JavaScript string.
guide = json.dumps(pathlib.Path("docs/situation-format.md").read_text(), ensure_ascii=False)
script = "const GUIDE_MD = " + guide + ";\n" + script
glue = (dist / "pkg/chainjudge_web.js").read_text()
wasm = (dist / "pkg/chainjudge_web_bg.wasm").read_bytes()
packed = base64.b64encode(gzip.compress(wasm, 9, mtime=0)).decode()
# Each placeholder is replaced once, in this order; what is inserted is inserted as it is.
page = (src / "index.html").read_text()
for mark, text in [("/*CSS*/", (src / "style.css").read_text()), ("/*GLUE*/", glue), ("/*JS*/", script), ("/*WASM*/", packed)]:
    assert page.count(mark) == 1, mark
    page = page.replace(mark, text.replace("</script", "<\\/script").replace("</style", "<\\/style"), 1)
out = dist / "chainjudge.html"
out.write_text(page)
print(f"{out}: {out.stat().st_size / 1e6:.2f} MB (module {len(wasm) / 1e6:.2f} MB, gzip and base64 {len(packed) / 1e6:.2f} MB)")
PY
