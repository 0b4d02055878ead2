#!/usr/bin/env bash
# The engine matrix of docs/match.md: Kaleido (UCI) against every engine below that is on PATH,
# through `kaleido match`, one game at a time. Prints each pairing's result and termination lines
# (the report's interface lines) and keeps every PGN and full output in $OUT.
#
#   scripts/engine_matrix.sh            # all engines, 4 games each
#   GAMES=2 ONLY=gnuchess scripts/engine_matrix.sh
#   EXTRA="--time-margin 250" scripts/engine_matrix.sh   # more arguments for every match
#
# Debian installs the engines in its games directory, which is not on PATH by default.
set -euo pipefail
cd "$(dirname "$0")/.."
KALEIDO=${KALEIDO:-target/release/kaleido}
GAMES=${GAMES:-4}
OUT=${OUT:-target/engine-matrix}
ONLY=${ONLY:-}
EXTRA=${EXTRA:-}
mkdir -p "$OUT"

# name  variant  time control  engine spec (the command is looked up on PATH)
MATRIX=(
  "phalanx chess 5+0.05 cmd=phalanx proto=xboard"
  "gnuchess chess 10+0.1 cmd=gnuchess --xboard proto=xboard"
  "sjeng chess 5+0.05 cmd=sjeng proto=xboard"
  "hoichess chess 5+0.05 cmd=hoichess proto=xboard"
  "fairymax chess 5+0.05 cmd=fairymax proto=xboard"
  "toga2 chess 5+0.05 cmd=toga2"
  "glaurung chess 5+0.05 cmd=glaurung"
  "stockfish chess 5+0.05 cmd=stockfish"
  "fairy-stockfish chess 5+0.05 cmd=fairy-stockfish"
  "maxqi xiangqi 5+0.05 cmd=maxqi proto=xboard"
  "sjaakii xiangqi 5+0.05 cmd=sjaakii proto=xboard"
  "fairy-stockfish xiangqi 5+0.05 cmd=fairy-stockfish"
)

for row in "${MATRIX[@]}"; do
  read -r name variant tc spec <<<"$row"
  if [[ -n "$ONLY" && "$ONLY" != "$name" ]]; then continue; fi
  command -v "$name" >/dev/null || { echo "$name: not on PATH, skipped"; continue; }
  log="$OUT/$name-$variant.txt"
  start=$(date +%s)
  status=0
  nice -n 10 "$KALEIDO" match --variant "$variant" --games "$GAMES" --tc "$tc" --concurrency 1 \
    --engine "cmd=$KALEIDO name=Kaleido" --engine "$spec" \
    --pgn "$OUT/$name-$variant.pgn" $EXTRA >"$log" 2>&1 || status=$?
  echo "== $name, $variant, $tc, '$spec': exit $status, $(( $(date +%s) - start )) s"
  grep -E " vs .*games\), score|^Terminations:|^kaleido:" "$log" || true
done
