#!/usr/bin/env bash
# One release command: builds Kaleido for Linux x86-64 and Windows x86-64 and writes into dist/
#   kaleido-VERSION-x86_64-linux.tar.gz    binary, README, LICENSE, XBoard plugin file, logo, man page
#   kaleido-VERSION-x86_64-windows.zip     kaleido.exe, README, LICENSE, WINBOARD.md
#   kaleido_VERSION-1_amd64.deb            (cargo-deb; Cargo.toml's [package.metadata.deb])
#   kaleido-web/, kaleido-VERSION-web.zip  the static site: the board and the engine in WebAssembly
#                                          (scripts/web.sh; docs/web.md), checked in Node
#   SHA256SUMS
# and checks the shipped kaleido.exe under wine against the Linux binary (scripts/release/
# check_exe.py). Debian/Ubuntu x86-64, as root: it installs what it needs with apt-get (the
# Windows toolchain is Debian's rustc-web 1.96 with its standard library's source, cross-built
# with -Z build-std and mingw; see docs/winboard.md) and cargo-deb with cargo. Not part of CI:
# it takes half an hour or more on two cores. macOS cannot be built here.
# `scripts/release.sh --deb` builds only the Linux binary and the Debian package (dist/ then holds
# the .deb and its SHA256SUMS): minutes, for checking the package (scripts/release/
# xboard_install_check.sh) without the Windows build.
set -euo pipefail
deb_only=false
case "${1:-}" in
    --deb) deb_only=true ;;
    "") ;;
    *) echo "usage: $0 [--deb]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
root=$PWD
started=$(date +%s)
say() { echo "== $* ($(($(date +%s) - started)) s)"; }

if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    source "$HOME/.cargo/env"
fi
command -v cargo >/dev/null || { echo "needs Rust's cargo (rustup.rs) for the Linux build" >&2; exit 1; }

packages=(binutils git)
$deb_only || packages+=(rustc-web cargo-web rust-web-src libstd-rust-web-dev gcc-mingw-w64-x86-64
                        wine wine64 zip python3 lld-19 gzip nodejs)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
if ! command -v cargo-deb >/dev/null 2>&1; then
    say "installing cargo-deb from crates.io"
    cargo install --locked cargo-deb
fi

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
commit=$(git rev-parse --short=12 HEAD)
stage=target/release-assets
rm -rf dist "$stage"
mkdir -p dist "$stage"

say "Linux build ($version, commit $commit)"
nice -n 10 cargo build --release --locked --bin kaleido --example manpage
cp target/release/kaleido "$stage/kaleido"
strip "$stage/kaleido"
target/release/examples/manpage > "$stage/kaleido.6"
gzip -9n < "$stage/kaleido.6" > "$stage/kaleido.6.gz"
# The plugin file names the variants as XBoard knows them: the engine's own `feature variants`.
variants=$(printf 'xboard\nprotover 2\nquit\n' | "$stage/kaleido" | sed -n 's/.*variants="\([^"]*\)".*/\1/p')
[ -n "$variants" ] || { echo "no variants in the feature line" >&2; exit 1; }
printf 'plugin spec 0.0\nkaleido\n%s\n' "$variants" > "$stage/kaleido.eng"

linux=kaleido-$version-x86_64-linux
mkdir -p "$stage/$linux"
cp "$stage/kaleido" "$stage/kaleido.eng" "$stage/kaleido.6" packaging/kaleido.png README.md LICENSE \
    "$stage/$linux/"
if $deb_only; then
    say "Debian package (cargo-deb)"
    cargo deb --no-build --no-strip --output dist/
    (cd dist && sha256sum -- *.deb > SHA256SUMS)
    say "done"
    ls -l dist
    exit 0
fi
tar -C "$stage" --owner=0 --group=0 -czf "dist/$linux.tar.gz" "$linux"

say "Windows build (Debian's rustc-web, -Z build-std, mingw)"
# Debian's compiler with its own standard library's source: rustup's compiler cannot build
# those sources, and rustup cannot download the Windows target here.
env PATH=/usr/bin:/bin HOME="$HOME" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
    nice -n 10 /usr/bin/cargo build --release --locked --bin kaleido \
    -Z build-std=std,panic_unwind --target x86_64-pc-windows-gnu --target-dir target/windows
windows=kaleido-$version-x86_64-windows
mkdir -p "$stage/$windows"
x86_64-w64-mingw32-strip -o "$stage/$windows/kaleido.exe" \
    target/windows/x86_64-pc-windows-gnu/release/kaleido.exe
cp README.md LICENSE "$stage/$windows/"
cp docs/winboard.md "$stage/$windows/WINBOARD.md"
(cd "$stage" && rm -f "$root/dist/$windows.zip" && zip -qr "$root/dist/$windows.zip" "$windows")

say "Debian package (cargo-deb)"
cargo deb --no-build --no-strip --output dist/

say "checking the shipped kaleido.exe under wine"
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
(cd "$check" && unzip -q "$root/dist/$windows.zip")
# wine 8.0 lacks bcryptprimitives.dll (Windows 10+ has it): a stand-in beside the .exe under
# test only, never in dist/.
x86_64-w64-mingw32-gcc -O2 -shared -o "$check/$windows/bcryptprimitives.dll" \
    scripts/release/bcryptprimitives.c -ladvapi32
WINEPREFIX="$check/wineprefix" WINEDEBUG=-all python3 scripts/release/check_exe.py \
    "$stage/kaleido" -- wine "$check/$windows/kaleido.exe"
# The referee's Windows half (job objects): a two-game match of the .exe against itself over UCI
# and XBoard must finish, and leave no engine process behind.
exe_dos="Z:${check//\//\\}\\$windows\\kaleido.exe"
WINEPREFIX="$check/wineprefix" WINEDEBUG=-all wine "$check/$windows/kaleido.exe" match \
    --variant chess --games 2 --depth 3 --quiet \
    --engine "cmd=$exe_dos name=uci" --engine "cmd=$exe_dos proto=xboard name=xboard" \
    | tee "$check/match.txt"
grep -q "^uci vs xboard: .*(2 games)" "$check/match.txt"
sleep 2
if pgrep -fa 'kaleido\.exe' | grep -F -- "$windows"; then
    echo "FAIL: engine processes left after the match under wine" >&2
    exit 1
fi

say "static site (scripts/web.sh), its module checked against the native engine in Node"
scripts/web.sh
nice -n 10 cargo test --release --locked -p engine-tests --test web_perft --test web_palace
(cd dist && rm -f "kaleido-$version-web.zip" && zip -qr "kaleido-$version-web.zip" kaleido-web)

(cd dist && sha256sum -- *.tar.gz *.zip *.deb > SHA256SUMS)
say "done"
ls -l dist
cat dist/SHA256SUMS
