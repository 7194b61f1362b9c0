#!/usr/bin/env bash
# Installs the Debian packages Warbench needs when any is missing.
#   offscreen: what Qt's offscreen platform (tests, CI) needs, plus python3-venv and GNU gettext (msgfmt: the
#              model's catalogue is checked against what it compiles, tests/model/test_i18n.py)
#   desktop:   the above plus the xcb libraries of a real window
# Does nothing on a machine that already has them, or that is not Debian-like.
set -euo pipefail
mode=${1:-offscreen}
pkgs=(python3-venv libegl1 libgl1 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3 libglib2.0-0 fonts-dejavu-core)
[ "$mode" = offscreen ] && pkgs+=(gettext)
if [ "$mode" = desktop ]; then
  pkgs+=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-randr0
         libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0 libxcb-xfixes0 libx11-xcb1)
fi
command -v dpkg-query >/dev/null || exit 0
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# python3-venv is only needed when the interpreter cannot make a venv by itself
if python3 -c 'import ensurepip, venv' 2>/dev/null; then
  missing=("${missing[@]/python3-venv}")
fi
read -r -a missing <<< "${missing[*]}"
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# apt's own notes (debconf "delaying package configuration", dpkg's frontend notes) are noise here; errors
# still reach stderr
quiet() { "$@" 2> >(grep -v -e '^debconf: ' -e '^dpkg-preconfigure: ' >&2); }
quiet $sudo apt-get update -qq
quiet $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
