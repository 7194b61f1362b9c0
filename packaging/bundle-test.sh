#!/usr/bin/env bash
# Smoke test of the bundle, from an empty folder, no Python needed: cost, sheet (its QR, in German), the
# table pack (its template), verify, balance and the window (offscreen) from both programs.
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
  '$exe' sheet '$example' -o sheet-de.pdf --language de
  '$exe' pack '$example' -o pack.html --language de
  grep -q 'warbench-pack-state' pack.html
  '$exe' verify '$example' | grep -q fingerprint
  '$exe' balance '$example' | tail -1
  '$exe' --smoke-test
  '$gui' --smoke-test
"
# the translations: ours and Qt's own (Save, Cancel) for each language, where gui/i18n.py looks
internal="$(dirname "$exe")/_internal"
for qm in "$(dirname "$example")"/../i18n/warbench_*.qm; do
  lang="${qm##*/warbench_}"
  test -f "$internal/warbench/resources/i18n/warbench_$lang" || { echo "missing warbench_$lang"; exit 1; }
  test -f "$internal/PySide6/Qt/translations/qtbase_$lang" || { echo "missing qtbase_$lang"; exit 1; }
done
echo "bundle smoke test passed"
