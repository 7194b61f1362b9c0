#!/usr/bin/env bash
# Smoke test of the bundle, from an empty folder, no Python needed: cost, sheet and the window
# (offscreen) from both programs.
set -euo pipefail
exe="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
gui="$(dirname "$exe")/warbench-gui"  # the window without a console (Windows)
example="$(cd "$(dirname "$0")/.." && pwd)/resources/examples/human-force.army.json"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
env -u PYTHONPATH -u WARBENCH_RESOURCES QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" bash -c "
  set -e
  '$exe' --version
  '$exe' systems
  '$exe' cost '$example' | tail -2
  '$exe' sheet '$example' -o sheet.pdf
  head -c 5 sheet.pdf | grep -q '%PDF-'
  '$exe' --smoke-test
  '$gui' --smoke-test
"
echo "bundle smoke test passed"
