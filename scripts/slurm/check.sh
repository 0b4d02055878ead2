#!/usr/bin/env bash
# The long check of the Slurm job arrays (not in CI; root, a minute or two): starts the one-node
# cluster (scripts/slurm/cluster.sh, which installs slurm-wlm the first time), runs a small
# datagen array (3 tasks, 30 games at 300 nodes) and a small match array (3 tasks, Kaleido
# against itself at 300 and 150 nodes, 12 games) each followed by its dependent merge job, runs
# the same two as one process, and compares: the merged datagen file must equal the
# single-process file byte for byte, and the merged match results (every pair's games, W/D/L,
# pentanomial counts) those of the single-process match. Stops the cluster at the end.
#
#   bash scripts/slurm/check.sh        (WORK=DIR keeps the files there; default a temp dir)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
WORK=${WORK:-$(mktemp -d /tmp/kaleido-slurm-check.XXXXXX)}
mkdir -p "$WORK"
echo "== building (release)"
cargo build --release -q -p kaleido -p tuning
export KALEIDO=$ROOT/target/release/kaleido TUNING=$ROOT/target/release/tuning

bash scripts/slurm/cluster.sh start
trap 'bash "$ROOT/scripts/slurm/cluster.sh" stop' EXIT
eval "$(bash scripts/slurm/cluster.sh env)"

# Runs an array of 3 tasks of SCRIPT, then its merge job once every task succeeded; waits.
array_then_merge() {
    local script=$1 log=$2 id
    id=$(sbatch --parsable --array=0-2 -o "$log/slurm-%A_%a.out" "$script")
    echo "array job $id (3 tasks) submitted; merge job depends on it"
    timeout 900 sbatch --wait --parsable --dependency="afterok:$id" --kill-on-invalid-dep=yes \
        -o "$log/slurm-merge-%j.out" "$script" >/dev/null ||
        { tail -n 20 "$log"/slurm-*.out >&2; echo "FAIL: $script" >&2; exit 1; }
}

failed=0

echo "== datagen: 3 shards on Slurm vs one process"
export OUT=$WORK/datagen VARIANT=chess GAMES=30 NODES=300 SEED=7 THREADS=1
rm -rf "$OUT" && mkdir -p "$OUT"
start=$(date +%s)
array_then_merge scripts/slurm/datagen.sbatch "$OUT"
echo "slurm datagen + merge: $(($(date +%s) - start)) s"
cat "$OUT"/slurm-merge-*.out
start=$(date +%s)
"$TUNING" datagen --variant chess --format bin --games 30 --nodes 300 --seed 7 --threads 1 \
    --out "$WORK/datagen-single.bin" 2>/dev/null
echo "one process: $(($(date +%s) - start)) s"
"$TUNING" info "$WORK/datagen-single.bin"
if cmp "$OUT/merged.bin" "$WORK/datagen-single.bin"; then
    echo "datagen: merged shards == single process, byte for byte ($(wc -c <"$OUT/merged.bin") bytes)"
else
    echo "FAIL: datagen: merged shards differ from the single process"
    failed=1
fi

echo "== match: 3 shards on Slurm vs one process"
export OUT=$WORK/match VARIANT=chess GAMES=12 NODES=300 RANDOM_PLIES=6 SEED=5 \
    ENGINE1="cmd=$KALEIDO name=K300" ENGINE2="cmd=$KALEIDO name=K150 nodes=150" \
    SPRT="elo0=0 elo1=10"
rm -rf "$OUT" && mkdir -p "$OUT"
start=$(date +%s)
array_then_merge scripts/slurm/match.sbatch "$OUT"
echo "slurm match + merge: $(($(date +%s) - start)) s"
cat "$OUT"/slurm-merge-*.out
start=$(date +%s)
"$KALEIDO" match --variant chess --engine "$ENGINE1" --engine "$ENGINE2" --games 12 \
    --nodes 300 --random-plies 6 --seed 5 --sprt elo0=0 elo1=10 --quiet \
    --results "$WORK/match-single.jsonl" >"$WORK/match-single.txt"
echo "one process: $(($(date +%s) - start)) s"
# The single run's file in the merge's form (pairs in order, shard 0/1), then byte for byte.
"$KALEIDO" match-merge "$WORK/match-single.jsonl" --out "$WORK/match-single-merged.jsonl" |
    tee "$WORK/match-single-report.txt"
if cmp "$OUT/match-merged.jsonl" "$WORK/match-single-merged.jsonl"; then
    echo "match: merged shards == single process: $(grep -c '"pair"' "$OUT/match-merged.jsonl") pairs, every game's result, termination and length, W/D/L and pentanomial counts"
else
    echo "FAIL: match: merged shards differ from the single process"
    diff "$OUT/match-merged.jsonl" "$WORK/match-single-merged.jsonl" | head -20
    failed=1
fi
echo "files in $WORK"
[ "$failed" = 0 ] && echo "slurm check: OK" || { echo "slurm check: FAILED"; exit 1; }
