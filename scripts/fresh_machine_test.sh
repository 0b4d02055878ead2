#!/usr/bin/env bash
# The README's test command on "a fresh machine where Chromium was never installed", without
# touching this one: as root, in a private mount namespace, this machine's root file system is
# overlaid with a RAM disk (every change lands there and is gone afterwards), chromium and
# chromium-driver are removed inside it with apt-get, and then, chrooted there:
#   scripts/fresh_machine_test.sh            a fresh `git clone` of this checkout's HEAD, and in it
#                                            `cargo test --workspace --release` (a cold build:
#                                            the better part of an hour on 2 cores)
#   scripts/fresh_machine_test.sh CMD ARG..  CMD in this checkout instead (its target/ reused),
#                                            e.g. cargo test --release -p engine-tests --test gui_browser
# The browser test must then install Chromium and its driver itself (engine-tests/src/webdriver.rs).
# Needs: root, util-linux's unshare, overlayfs, the network for apt-get.
set -euo pipefail
if [ "${1:-}" = --inside ]; then
    shift
    repo=$1
    shift
    export DEBIAN_FRONTEND=noninteractive
    echo "== removing chromium and chromium-driver (inside the overlay only)"
    apt-get remove -y -q chromium chromium-driver
    for f in /usr/bin/chromium /usr/bin/chromedriver; do
        [ ! -e "$f" ] || { echo "FAIL: $f is still there" >&2; exit 1; }
    done
    if [ $# -eq 0 ]; then
        git clone -q --no-local "$repo" /tmp/kaleido-fresh-clone
        cd /tmp/kaleido-fresh-clone
        echo "== in a fresh clone ($(git log --oneline -1)): cargo test --workspace --release"
        set -- cargo test --workspace --release
    else
        cd "$repo"
        echo "== in $repo: $*"
    fi
    started=$(date +%s)
    status=0
    "$@" || status=$?
    echo "== exit status $status after $(($(date +%s) - started)) s"
    for f in /usr/bin/chromium /usr/bin/chromedriver; do
        [ -e "$f" ] && echo "installed by the test: $f" || echo "not installed: $f"
    done
    exit "$status"
fi
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
repo=$(cd "$(dirname "$0")/.." && pwd)
script=$repo/scripts/fresh_machine_test.sh
scratch=$(mktemp -d)
trap 'rmdir "$scratch" 2>/dev/null || true' EXIT
# shellcheck disable=SC2016
unshare --mount --propagation private bash -c '
    set -euo pipefail
    scratch=$1 script=$2 repo=$3
    shift 3
    mount -t tmpfs -o size=20g tmpfs "$scratch"
    mkdir "$scratch/upper" "$scratch/work" "$scratch/root"
    mount -t overlay overlay -o "lowerdir=/,upperdir=$scratch/upper,workdir=$scratch/work" \
        "$scratch/root"
    for d in proc sys dev; do mount --rbind "/$d" "$scratch/root/$d"; done
    exec chroot "$scratch/root" /bin/bash "$script" --inside "$repo" "$@"
' sh "$scratch" "$script" "$repo" "$@"
