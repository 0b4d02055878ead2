#!/usr/bin/env bash
# Self-play soaks with `kaleido match` (docs/measurements.md, "Soaks"): two copies of one binary at
# two node limits, so that the two colours of an opening give different games.
#   scripts/soak.sh KALEIDO OUTDIR [NAME...]
# Each soak writes OUTDIR/NAME.pgn, NAME.out (the match's results table) and NAME.time (wall
# seconds); then `scripts/pgn_summary.py OUTDIR/*.pgn` gives the figures. Soaks run at nice 19:
# they take only the CPU nothing else wants. With no NAME every soak below runs, in order.
# NODES and NODES_B (default 2000 and 2600) are the two engines' node limits per move. SEED
# (default 12) picks the random openings; with SEED set, GAMES (default: the table's) games go
# to NAME-sSEED.pgn, so that one soak can be split into several matches run side by side.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 KALEIDO OUTDIR [NAME...]" >&2
    exit 2
fi
kaleido="$(realpath "$1")"
out="$2"
shift 2
mkdir -p "$out"
nodes="${NODES:-2000}"
nodes_b="${NODES_B:-2600}"
seed="${SEED:-12}"

# name | variant | games | extra arguments
soaks=(
    "sinyeon|sin-yeon-sang-gi|1000|"
    "sonic|sonic|250|"
    "sonic-crooked|sonic|250|--option Crooked=true"
    "springs|sonic-springs|250|"
    "springs-crooked|sonic-springs|250|--option Crooked=true"
    "reflection-mini|reflection-mini|250|"
    "reflection-8|reflection-8|250|"
    "reflection-12|reflection-12|250|"
    "reflection-14|reflection-14|250|"
    "symmetron|symmetron-112|1000|"
    "hexagonal|sonic-hexagonal|125|"
    "hexagonal-turn60|sonic-hexagonal|250|--option Turn60=true"
    "hexagonal-crooked|sonic-hexagonal|125|--option Crooked=true"
)

wanted=("$@")
for soak in "${soaks[@]}"; do
    IFS='|' read -r name variant games extra <<<"$soak"
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $name " ]]; then
        continue
    fi
    if [ -n "${SEED:-}" ]; then
        name="$name-s$seed"
        games="${GAMES:-$games}"
    fi
    rm -f "$out/$name.pgn"
    start=$(date +%s)
    # shellcheck disable=SC2086
    nice -n 19 "$kaleido" match --variant "$variant" $extra \
        --engine "cmd=$kaleido name=a" --engine "cmd=$kaleido name=b nodes=$nodes_b" --nodes "$nodes" \
        --games "$games" --concurrency 2 --random-plies 4 --seed "$seed" --max-plies 3000 \
        --quiet --pgn "$out/$name.pgn" >"$out/$name.out" 2>&1 || echo "$name: match failed" >&2
    echo $(($(date +%s) - start)) >"$out/$name.time"
    echo "$name: $(tail -1 "$out/$name.out") ($(cat "$out/$name.time") s)"
done
