#!/usr/bin/env bash
# Self-play ladder of the playing levels at fixed nodes (docs/levels.md): each pair "A:B" plays
# GAMES games, A given first (its score is the one reported). A level is 1..8, "full" is the
# engine without a level. Everything is in nodes, so the figures do not depend on the machine or
# its load; the match is nice'd and plays one game at a time.
#
#   scripts/levels_ladder.sh VARIANT GAMES PAIR... [-- extra kaleido match arguments]
#   scripts/levels_ladder.sh chess 40 2:1 3:2 4:3 full:8 8:full
#
# KALEIDO (default target/release/kaleido) is the engine and the referee; FULL_NODES (default
# 160000) the node limit of every move: a level stops at its own, smaller budget, so only "full"
# uses it. PGNs go to OUT (default levels-ladder/). One summary line per pair on stdout.
# OPENINGS (a file, as `kaleido match --openings` reads it) replaces the 4 random opening plies:
# Reflection's ladder is played from scripts/openings/reflection-12.txt (docs/levels.md).
set -euo pipefail
cd "$(dirname "$0")/.."
KALEIDO=${KALEIDO:-target/release/kaleido}
FULL_NODES=${FULL_NODES:-160000}
OUT=${OUT:-levels-ladder}
[ $# -ge 3 ] || { sed -n 2,12p "$0"; exit 2; }
variant=$1 games=$2
shift 2
pairs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do pairs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
mkdir -p "$OUT"
if [ -n "${OPENINGS:-}" ]; then
    start=(--openings "$OPENINGS")
else
    start=(--random-plies 4)
fi
spec() {
    if [ "$1" = full ]; then
        echo "$KALEIDO name=full"
    else
        echo "$KALEIDO name=L$1 level=$1"
    fi
}
for pair in "${pairs[@]}"; do
    a=${pair%%:*} b=${pair##*:}
    pgn="$OUT/$variant-$a-vs-$b.pgn"
    rm -f "$pgn"
    summary=$(nice -n 10 "$KALEIDO" match --variant "$variant" \
        --engine "$(spec "$a")" --engine "$(spec "$b")" \
        --games "$games" --nodes "$FULL_NODES" "${start[@]}" --seed 23 \
        --resign 1000 3 --max-plies 400 --concurrency 1 --pgn "$pgn" --quiet "$@" 2>&1 |
        grep -E "^\S+ vs \S+: " || true)
    echo "$variant $pair | $summary"
done
