#!/usr/bin/env bash
# Anchor calibration of the playing levels (docs/levels.md, "What is pending"): matches at a time
# control against engines with published ratings. NOT for a shared or loaded machine: every
# figure here is a timing measurement. Run it on a quiet machine, nothing else running.
#
#   scripts/levels_anchor.sh fit     [GAMES]   each level 2..8 against every chess anchor (gauntlet)
#   scripts/levels_anchor.sh check   [GAMES]   UCI_Elo at five values against the nearest anchor
#   scripts/levels_anchor.sh xiangqi [GAMES]   levels 4..8 against MaxQi and Fairy-Stockfish's UCI_Elo
#
# GAMES defaults to 40 (the issue's minimum per pair). TC (default 10+0.1) is the clock; every game
# is played one at a time at nice -n -5 (root) so that builds elsewhere cannot take the CPU.
# Results: one summary line per pairing on stdout, PGNs under OUT (default levels-anchor/).
# DRY=1 prints the matches instead of playing them (and installs nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
KALEIDO=${KALEIDO:-target/release/kaleido}
TC=${TC:-10+0.1}
OUT=${OUT:-levels-anchor}
mode=${1:-}
games=${2:-40}
mkdir -p "$OUT"

install() {
    [ -n "${DRY:-}" ] && return
    local missing=()
    for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update && apt-get install -y "${missing[@]}"
    fi
}

# Chess anchors: spec and rating. The ratings are CCRL 40/40 figures cited in docs/levels.md;
# "-" where none was found yet (the check skips those; the fit still measures them).
chess_anchors=(
    "cmd=/usr/games/fairymax proto=xboard name=Fairy-Max|1940"
    "cmd=/usr/games/hoichess proto=xboard name=HoiChess|-"
    "cmd=/usr/games/sjeng proto=xboard name=Sjeng|-"
    "cmd=/usr/games/phalanx proto=xboard name=Phalanx|2521"
    "cmd=/usr/games/gnuchess proto=xboard name=GNU-Chess|2813"
    "cmd=/usr/games/toga2 name=Toga-II|-"
    "cmd=/usr/games/glaurung option.Threads=1 name=Glaurung|2793"
)

run_match() { # variant, pgn name, engines...
    local variant=$1 pgn="$OUT/$2.pgn"
    shift 2
    local args=()
    for e in "$@"; do
        case "$e" in
        --*) args+=("$e") ;;
        *) args+=(--engine "$e") ;;
        esac
    done
    if [ -n "${DRY:-}" ]; then
        printf '%q ' "$KALEIDO" match --variant "$variant" "${args[@]}" --games "$games" --tc "$TC" \
            --concurrency 1 --random-plies 8 --seed 23 --pgn "$pgn"
        echo
        return
    fi
    nice -n -5 "$KALEIDO" match --variant "$variant" "${args[@]}" --games "$games" --tc "$TC" \
        --concurrency 1 --random-plies 8 --seed 23 --pgn "$pgn" --quiet 2>&1 |
        grep -E "^\S+ vs \S+: " || true
}

case "$mode" in
fit)
    install fairymax hoichess sjeng phalanx gnuchess toga2 glaurung
    for level in 2 3 4 5 6 7 8; do
        specs=()
        for a in "${chess_anchors[@]}"; do specs+=("${a%%|*}"); done
        echo "# level $level, $TC, $games games per anchor"
        run_match chess "fit-L$level" "$KALEIDO name=L$level level=$level" "${specs[@]}" --gauntlet
    done
    ;;
check)
    install fairymax hoichess sjeng phalanx gnuchess toga2 glaurung
    # Five UCI_Elo values spread from the weakest rated anchor to the top of the UCI_Elo range
    # (2452, search::strength::TOP_ELO, below Phalanx's 2521); each plays the rated anchor nearest
    # to it. Expected score: 1 / (1 + 10^((anchor - elo) / 400)).
    for elo in 1940 2100 2250 2350 2452; do
        best="" best_gap=100000 best_rating=0
        for a in "${chess_anchors[@]}"; do
            rating=${a##*|}
            [ "$rating" = "-" ] && continue
            gap=$(( rating > elo ? rating - elo : elo - rating ))
            if [ "$gap" -lt "$best_gap" ]; then best=${a%%|*} best_gap=$gap best_rating=$rating; fi
        done
        expected=$(awk -v a="$best_rating" -v e="$elo" 'BEGIN { printf "%.1f", 100 / (1 + 10 ^ ((a - e) / 400)) }')
        echo "# UCI_Elo $elo against ${best##*name=} ($best_rating): expected $expected%"
        run_match chess "check-$elo" "$KALEIDO name=Elo$elo elo=$elo" "$best"
    done
    ;;
xiangqi)
    install maxqi fairy-stockfish
    # Sjaak II is not packaged by Debian: build it from its author's sources and add
    # "cmd=PATH/sjaakii proto=xboard name=SjaakII" below when it is there.
    for level in 4 5 6 7 8; do
        echo "# xiangqi level $level, $TC, $games games per anchor"
        run_match xiangqi "xq-L$level" "$KALEIDO name=L$level level=$level" \
            "cmd=/usr/games/maxqi proto=xboard name=MaxQi" \
            "cmd=/usr/games/fairy-stockfish name=FSF-1500 elo=1500" \
            "cmd=/usr/games/fairy-stockfish name=FSF-2000 elo=2000" --gauntlet
    done
    ;;
*)
    sed -n 2,13p "$0"
    exit 2
    ;;
esac
