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
wasm=target/wasm32-unknown-unknown/web/chainjudge_web.wasm
rm -rf web/dist
wasm-bindgen "$wasm" --target no-modules --no-typescript --out-dir web/dist/pkg
wasm-bindgen "$wasm" --target nodejs --no-typescript --out-dir web/dist/node

python3 - <<'PY'
import base64, gzip, pathlib
dist = pathlib.Path("web/dist")
page = pathlib.Path("web/page.html").read_text()
glue = (dist / "pkg/chainjudge_web.js").read_text()
wasm = (dist / "pkg/chainjudge_web_bg.wasm").read_bytes()
packed = base64.b64encode(gzip.compress(wasm, 9, mtime=0)).decode()
# The placeholders are replaced once each; the glue and the module are inserted as they are.
page = page.replace("/*GLUE*/", glue.replace("</script", "<\\/script"), 1)
page = page.replace("/*WASM*/", packed, 1)
out = dist / "chainjudge.html"
out.write_text(page)
print(f"{out}: {out.stat().st_size / 1e6:.2f} MB (module {len(wasm) / 1e6:.2f} MB, gzip and base64 {len(packed) / 1e6:.2f} MB)")
PY
