#!/usr/bin/env bash
# The web page's tests: builds it (web/build.sh), checks the page's module answers byte for
# byte as the CLI does (web/tests/same-as-cli.js), then tries the page in headless Chromium
# with the network off (web/tests/browser.js; screenshots in web/dist/screenshots/).
# Installs Debian's chromium and the test's npm package when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
web/build.sh
cargo clippy -p chainjudge-web --locked -- -D warnings 2>&1 | tail -n 3
cargo build --release --locked --quiet
node web/tests/same-as-cli.js "${CARGO_TARGET_DIR:-target}/release/chainjudge"
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; }
  else
    echo "web/test.sh needs Chromium: apt-get install chromium (or set CHROMIUM)" >&2
    exit 1
  fi
fi
(cd web/tests && npm ci --no-audit --no-fund --silent)
node web/tests/browser.js
