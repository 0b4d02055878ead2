#!/usr/bin/env bash
# After `dpkg -i` of Kaleido's .deb: does a person's XBoard find Kaleido by itself? As root on
# Debian: installs the .deb given (default: the one in dist/), then with a fresh XBoard settings
# file under Xvfb starts XBoard 4.9 with its default engine and `-autoInstall true`, opens the
# Engine menu (where XBoard lists its installed engines), saves a screenshot, picks Kaleido there
# and checks that XBoard's window now names Kaleido. Then `xboard -fcp kaleido -variant sonic
# -xlegal`, screenshot and window name. Screenshots go to OUT (default /tmp/kaleido-xboard-check).
# The menu's position is XBoard 4.9.1's default layout (Engine at x=271, its last entry at y=289).
# Known problem: the first runs on a machine passed (the screenshot in docs/xboard/); later runs,
# after `dpkg -i` of the same package version again, showed no plugin engine in the menu at all
# (not even fairymax), with or without ~/.xboardrc; XBoard's -autoInstall date rule is the suspect.
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=${1:-$(ls dist/kaleido_*_amd64.deb)}
out=${2:-/tmp/kaleido-xboard-check}
for tool in xboard:xboard Xvfb:xvfb xdotool:xdotool import:imagemagick; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || [ -x "/usr/games/${tool%%:*}" ] || {
        apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool##*:}"; }
done
dpkg -i "$deb"
echo "kaleido on the PATH: $(command -v kaleido): $(kaleido --version)"
mkdir -p "$out"
home=$(mktemp -d)
display=:$((70 + RANDOM % 20))
Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb=$!
xboard_pid=
cleanup() {
    [ -n "$xboard_pid" ] && kill "$xboard_pid" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT
export DISPLAY=$display
sleep 2
# A person's PATH (Debian puts its engines in /usr/games) and a settings file XBoard never saw:
# XBoard finds its settings through the password database, not $HOME, so it is named here (an
# older ~/.xboardrc would hide every engine installed before it was saved).
start() {
    (cd "$home" && HOME=$home PATH=/usr/local/bin:/usr/bin:/bin:/usr/games exec /usr/games/xboard \
        -settingsFile "$home/xboardrc" -saveSettingsFile "$home/xboardrc" "$@" \
        >"$out/xboard.log" 2>&1) &
    xboard_pid=$!
    sleep 8
}
title() { xdotool getwindowname "$(xdotool search --onlyvisible --name 'xboard' | head -n 1)"; }

start -autoInstall true
xdotool mousemove 271 14 click 1
sleep 1.5
import -window root -crop 560x500+0+0 +repage "$out/autoinstall-engine-menu.png"
xdotool mousemove 290 289 click 1
sleep 4
echo "after picking the menu's last engine: $(title)"
title | grep -q Kaleido || { echo "FAIL: XBoard did not load Kaleido from its engine list" >&2; exit 1; }
kill "$xboard_pid"; sleep 1

start -fcp kaleido -variant sonic -xlegal -ruleMoves 0 -repeatsToDraw 0
import -window root -crop 640x700+0+0 +repage "$out/sonic.png"
echo "xboard -fcp kaleido -variant sonic -xlegal: $(title)"
title | grep -q Kaleido || { echo "FAIL: XBoard did not start Kaleido for sonic" >&2; exit 1; }
echo "ok: screenshots in $out"
