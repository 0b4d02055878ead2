#!/usr/bin/env bash
# After `dpkg -i` of Kaleido's .deb, does a person's XBoard list Kaleido by itself? As root on
# Debian: scripts/release/xboard_install_check.sh [DEB] [OUT]   (DEB: dist/'s .deb, from
# `scripts/release.sh --deb`; OUT: screenshots and logs, default /tmp/kaleido-xboard-check).
#
# The person: Debian's XBoard 4.9.1 with its /etc/xboard/xboard.conf (which sets
# `-autoInstall "ALL"`) and a home of their own, empty at the start. That home is bind-mounted over
# this user's home in a private mount namespace, because XBoard reads `~/.xboardrc` through the
# password database, not $HOME: any XBoard settings already on this machine (its engine list, its
# recent engines) would otherwise decide what the check sees.
#  1. XBoard runs once as before Kaleido's installation (in its namespace the plugin folder is a
#     copy without kaleido.eng, the other files keeping their dates) and saves its settings:
#     Kaleido is not in its engine list (a check that this check can fail).
#  2. `dpkg -i DEB`; `kaleido --version` from a login PATH.
#  3. XBoard again, as installed: Engine -> Load New 1st Engine lists kaleido (screenshot
#     load-engine-list.png); picking it starts Kaleido (window title), and the settings XBoard saves
#     on exit hold kaleido in -firstChessProgramNames.
#  4. `xboard -fcp kaleido -variant sonic -xlegal`: Kaleido starts (window title, sonic.png).
# XBoard's rule (menus.c, InstallFromDir): at start-up -autoInstall adds each plugin file
# (/usr/share/games/plugins/xboard/*.eng) whose mtime is newer than the settings file's, so the
# package's postinst dates kaleido.eng at installation. The Engine menu's own engine entries are
# XBoard's *recent* engines (-recentEngineList), not the installed ones: they show nothing about
# the installation, which is why the check reads the Load Engine list.
# Clicks assume XBoard 4.9.1's default GTK layout under Xvfb without a window manager.
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=${1:-$(ls dist/kaleido_*_amd64.deb)}
out=${2:-/tmp/kaleido-xboard-check}
fail() {
    echo "FAIL: $*" >&2
    [ -n "${DISPLAY:-}" ] && import -window root "$out/failure.png" 2>/dev/null &&
        echo "the screen: $out/failure.png" >&2
    exit 1
}
[ "$(id -u)" = 0 ] || fail "run as root (dpkg -i, and a private mount namespace for the person's home)"
[ -f "$deb" ] || fail "no package $deb (scripts/release.sh --deb builds it)"
# fairymax: Debian's XBoard starts it as its first engine (xboard.conf's -firstChessProgram).
for tool in xboard:xboard fairymax:fairymax Xvfb:xvfb xdotool:xdotool import:imagemagick unshare:util-linux; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || [ -x "/usr/games/${tool%%:*}" ] || {
        apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool##*:}"; }
done

mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.log
work=$(mktemp -d)
home=$work/home
mkdir "$home"
user_home=$(getent passwd "$(id -u)" | cut -d: -f6)
rc=$home/.xboardrc
xvfb=
xboard_pid=
cleanup() {
    [ -n "$xboard_pid" ] && kill -9 "$xboard_pid" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A display number nobody uses: Xvfb picks it and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 1280x900x24 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start"
export DISPLAY=:$(cat "$work/display")

# The first visible window whose name matches REGEX, waiting up to 30 s.
window() {
    local id
    for _ in $(seq 150); do
        id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1) || true
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.2
    done
    return 1
}
# Waits up to 20 s for XBoard's window title to contain TEXT (it names the engine once the
# engine's handshake is done); prints the title.
title_with() {
    local title=
    for _ in $(seq 100); do
        title=$(xdotool getwindowname "$(window '^xboard: ')" 2>/dev/null) || true
        case $title in *"$1"*) break ;; esac
        sleep 0.2
    done
    echo "$title"
}
# XBoard as the person starts it: their PATH (Debian's engines live in /usr/games), their home.
run=0
# With plugins=DIR set, DIR stands in for XBoard's plugin folder.
plugins_dir=/usr/share/games/plugins/xboard
plugins=
start_xboard() {
    run=$((run + 1))
    env PATH=/usr/local/bin:/usr/bin:/bin:/usr/games unshare --mount --propagation private sh -c \
        'mount --bind "$1" "$2" && { [ -z "$3" ] || mount --bind "$3" "$4"; } && cd "$2" &&
         shift 4 && exec /usr/games/xboard "$@"' \
        sh "$home" "$user_home" "$plugins" "$plugins_dir" "$@" </dev/null >"$out/xboard-$run.log" 2>&1 &
    xboard_pid=$!
}
# Ends XBoard as a closing person would (SIGTERM: XBoard saves its settings on exit).
stop_xboard() {
    kill -TERM "$xboard_pid"
    for _ in $(seq 100); do kill -0 "$xboard_pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$xboard_pid" 2>/dev/null && fail "XBoard did not exit on SIGTERM"
    wait "$xboard_pid" || true
    xboard_pid=
}
# The entries of -firstChessProgramNames in the saved settings file, one a line.
engine_list() {
    awk '/^-firstChessProgramNames \{/ { on = 1; sub(/^-firstChessProgramNames \{/, "") }
         on { if (sub(/\}$/, "")) { if ($0 != "") print; exit } print }' "$rc"
}

echo "== 1. XBoard before Kaleido is installed"
plugins=$work/plugins-before
cp -a "$plugins_dir" "$plugins"
rm -f "$plugins/kaleido.eng"
start_xboard
window '^xboard: ' >/dev/null || fail "XBoard did not start (see $out/xboard-$run.log)"
stop_xboard
plugins=
[ -s "$rc" ] || fail "XBoard saved no settings file"
before=$(engine_list)
echo "engine list: $(echo "$before" | tr '\n' '|')"
[ -n "$before" ] || fail "no -firstChessProgramNames in the saved settings"
if echo "$before" | grep -qx kaleido; then fail "kaleido is in the engine list before installation"; fi

echo "== 2. dpkg -i $deb"
sleep 1.1 # XBoard compares whole seconds: the installation must come after the save
dpkg -i "$deb"
eng=/usr/share/games/plugins/xboard/kaleido.eng
[ "$(stat -c %Y "$eng")" -gt "$(stat -c %Y "$rc")" ] ||
    fail "$eng is not newer than the saved settings: XBoard's -autoInstall would skip it"
found=$(env -i PATH=/usr/local/bin:/usr/bin:/bin sh -c 'command -v kaleido')
version=$(env -i PATH=/usr/local/bin:/usr/bin:/bin kaleido --version)
echo "kaleido on the PATH: $found: $version"
[ "$found" = /usr/bin/kaleido ] || fail "kaleido on the PATH is $found, not the package's"
want=$(dpkg-deb -f "$deb" Version)
echo "$version" | grep -q "^kaleido ${want%-*} (commit [0-9a-f]*)$" ||
    fail "kaleido --version says '$version', the package is $want"

echo "== 3. XBoard after installation: Engine -> Load New 1st Engine"
start_xboard
case $(title_with Fairy-Max) in *Fairy-Max*) ;; *) fail "XBoard did not start (see $out/xboard-$run.log)" ;; esac
xdotool mousemove 271 14 click 1 # Engine
sleep 1
xdotool mousemove 330 68 click 1 # Load New 1st Engine...
dialog=$(window '^Load first engine$') || fail "no Load Engine dialog"
xdotool windowmove "$dialog" 425 0 # beside the board rather than over it
sleep 1
# The list shows XBoard's engine list in order, 25 pixels a row from y=61 (row 0 is blank);
# kaleido, the one new plugin, is appended after the entries saved in step 1. Were it elsewhere,
# the window title below would not name Kaleido.
row=$(echo "$before" | wc -l)
xdotool mousemove 460 $((61 + 25 * row)) click 1
sleep 1
import -window root -crop 1090x500+0+0 +repage "$out/load-engine-list.png"
xdotool mousemove 935 343 click 1 # OK
title=$(title_with Kaleido)
echo "after picking kaleido in the list: $title"
case $title in *Kaleido*) ;; *) fail "XBoard did not start Kaleido from its engine list" ;; esac
stop_xboard
after=$(engine_list)
echo "engine list: $(echo "$after" | tr '\n' '|')"
[ "$(echo "$after" | grep -cx kaleido)" = 1 ] ||
    fail "kaleido is not (once) in the engine list XBoard saved"
grep -A1 '^-recentEngineList {' "$rc" | grep -q 'kaleido' ||
    fail "kaleido is not XBoard's most recent engine"

echo "== 4. xboard -fcp kaleido -variant sonic -xlegal"
start_xboard -fcp kaleido -variant sonic -xlegal -ruleMoves 0 -repeatsToDraw 0 \
    -debugMode true -nameOfDebugFile "$out/xboard-sonic-debug.txt"
title=$(title_with Kaleido)
sleep 1
import -window root -crop 700x760+0+0 +repage "$out/sonic.png"
echo "xboard -fcp kaleido -variant sonic -xlegal: $title"
case $title in *Kaleido*) ;; *) fail "XBoard did not start Kaleido for sonic" ;; esac
stop_xboard
# XBoard's protocol log: it chose the variant and Kaleido answered with the board (`setup`).
grep -q '>first : variant sonic$' "$out/xboard-sonic-debug.txt" || fail "XBoard sent no 'variant sonic'"
grep -q '<first : setup (' "$out/xboard-sonic-debug.txt" || fail "Kaleido sent no 'setup' for sonic"
echo "ok: screenshots in $out"
