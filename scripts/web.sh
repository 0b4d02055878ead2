#!/usr/bin/env bash
# The static site: builds the engine as WebAssembly and writes dist/kaleido-web/ (docs/web.md):
#   index.html   the board page, its back end set to the worker (meta kaleido-backend)
#   *.css, *.js  the page's style sheet and scripts, worker.js (the engine's two workers)
#   kaleido.wasm the engine: the board's API and the search (src/web.rs)
# Served by any static web server it works with no network access after loading (no CDN).
# Debian/Ubuntu: what the build needs (Debian's rustc-web with its standard library's source,
# built with -Z build-std, linked with lld's wasm-ld) is installed with apt-get when missing
# (as root). Prints the module's size and gzipped size and fails above the budget.
#   scripts/web.sh            build and write dist/kaleido-web/
#   scripts/web.sh --module   build only the module, target/web/.../kaleido.wasm
set -euo pipefail
cd "$(dirname "$0")/.."
module_only=false
case "${1:-}" in
    --module) module_only=true ;;
    "") ;;
    *) echo "usage: $0 [--module]" >&2; exit 2 ;;
esac

# The module's stack: the search recurses on it (no threads to give a stack of their own). A ply
# of the search holds at most about 44 KB (a move list of 1024 moves of up to 32 bytes, their
# scores and order) and a line is at most search::params::MAX_PLY = 128 plies: under 6 MB.
# 16 MB leaves room; unused stack costs no memory the page touches (docs/web.md, "Stack").
stack_bytes=$((16 << 20))
# Budget (issue 27): the module at most 2 MB, 600 KB gzipped.
max_bytes=$((2 * 1024 * 1024))
max_gzip_bytes=$((600 * 1024))

packages=(rustc-web cargo-web rust-web-src lld-19 gzip)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "scripts/web.sh needs the Debian packages ${missing[*]}: run it as root once" >&2
        exit 1
    fi
    echo "== installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

echo "== building kaleido.wasm (wasm32-unknown-unknown, rustc-web, -Z build-std)"
# Debian's toolchain, not a rustup one that may come first on PATH; build-std needs the nightly
# switch that RUSTC_BOOTSTRAP gives; rustc-web ships no rust-lld, so lld-19's wasm-ld links.
# `cargo rustc --crate-type cdylib`: the library as a module with its exports, without making
# every native build write a cdylib too. panic=abort: the target cannot unwind.
env PATH=/usr/bin:/bin HOME="$HOME" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19 \
    nice -n 10 /usr/bin/cargo rustc --release --locked -p kaleido --lib --crate-type cdylib \
    --target wasm32-unknown-unknown -Z build-std=std,panic_abort \
    --config 'profile.release.panic="abort"' --target-dir target/web \
    -- -C link-arg=-zstack-size=$stack_bytes -C link-arg=--strip-all
wasm=target/web/wasm32-unknown-unknown/release/kaleido.wasm

bytes=$(stat -c %s "$wasm")
gzip_bytes=$(gzip -9c "$wasm" | wc -c)
echo "== kaleido.wasm: $bytes bytes, $gzip_bytes gzipped (budget $max_bytes, $max_gzip_bytes)"
if [ "$bytes" -gt "$max_bytes" ] || [ "$gzip_bytes" -gt "$max_gzip_bytes" ]; then
    echo "kaleido.wasm is over its size budget" >&2
    exit 1
fi
$module_only && exit 0

site=dist/kaleido-web
rm -rf "$site"
mkdir -p "$site"
web=src/gui/web
for asset in "$web"/*.css "$web"/*.js; do
    cp "$asset" "$site/"
done
cp "$wasm" "$site/kaleido.wasm"
# The page asks its server (`kaleido gui`) by default; here it asks the worker.
if grep -q '<meta name="kaleido-backend" content="http">' "$web/index.html"; then
    sed 's|<meta name="kaleido-backend" content="http">|<meta name="kaleido-backend" content="worker">|' \
        "$web/index.html" >"$site/index.html"
else
    sed 's|</head>|<meta name="kaleido-backend" content="worker">\n</head>|' \
        "$web/index.html" >"$site/index.html"
fi
grep -q 'name="kaleido-backend" content="worker"' "$site/index.html" || {
    echo "index.html has no </head> to put the back end in" >&2
    exit 1
}
echo "== wrote $site/: $(cd "$site" && ls | tr '\n' ' ')"
