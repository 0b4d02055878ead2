#!/usr/bin/env bash
# Engine-vs-engine match in a real XBoard 4.9.1 without a screen (XBoard under xvfb-run).
#
# Usage: scripts/xboard/match.sh [-1 ENGINE1] [-2 ENGINE2] [-v VARIANT] [-g GAMES] [-t TC]
#                                [-i INC] [-o OUTDIR] [-L] [-N] [-T TIMEOUT_S] [-- XBOARD_ARGS...]
#   ENGINE1/2  engine command lines (default: this repository's target/release/kaleido).
#              ENGINE1 is XBoard's first engine: for an engine-defined variant its `setup`
#              decides the board, so it must know the variant.
#   VARIANT    Kaleido's or XBoard's variant name (default chess, which XBoard calls normal).
#   GAMES      games, colours alternating (default 2).
#   TC, INC    XBoard's -tc (minutes or min:sec, default 0:10) and -inc (seconds, default 0.1).
#   -L         XBoard's legality testing off: needed for every variant XBoard cannot move in
#              (all but chess and xiangqi).
#   -N         XBoard's own 50-move and repetition adjudication off: with -L it would still
#              judge its own, possibly wrong, copy of the board.
#   TIMEOUT_S  the whole run is stopped after this many seconds (default 900).
# Writes OUTDIR/games.pgn, OUTDIR/xboard.debug (every line between XBoard and the engines) and
# OUTDIR/xboard.out; prints the elapsed time and each game's result. Exit status: XBoard's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
engine1="$repo/target/release/kaleido"
engine2="$engine1"
variant=chess
games=2
tc=0:10
inc=0.1
out=./xboard-match
timeout_s=900
legality=()
adjudication=()
while getopts "1:2:v:g:t:i:o:LNT:" opt; do
  case $opt in
    1) engine1=$OPTARG ;;
    2) engine2=$OPTARG ;;
    v) variant=$OPTARG ;;
    g) games=$OPTARG ;;
    t) tc=$OPTARG ;;
    i) inc=$OPTARG ;;
    o) out=$OPTARG ;;
    L) legality=(-testLegality false) ;;
    N) adjudication=(-ruleMoves 0 -repeatsToDraw 0) ;;
    T) timeout_s=$OPTARG ;;
    *) sed -n '2,19p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "$variant" = chess ] && variant=normal
for tool in xvfb-run Xvfb; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install xvfb)" >&2; exit 2; }
done
xboard=$(command -v xboard || echo /usr/games/xboard)
[ -x "$xboard" ] || { echo "missing xboard (apt-get install xboard)" >&2; exit 2; }
mkdir -p "$out/home"
out=$(cd "$out" && pwd)
start=$(date +%s)
set +e
# HOME: a folder of the run's own, so no ~/.xboardrc changes the run and none is written.
# -xexit: no "match over" dialog, XBoard exits; -soundProgram true: no sound player.
HOME="$out/home" timeout "$timeout_s" xvfb-run -a "$xboard" \
  -fcp "$engine1" -scp "$engine2" -variant "$variant" \
  -mg "$games" -tc "$tc" -inc "$inc" -mps 0 \
  -noGUI -xexit -saveSettingsOnExit false -soundProgram true -matchPause 500 \
  -sgf "$out/games.pgn" -debug -nameOfDebugFile "$out/xboard.debug" \
  ${legality[@]+"${legality[@]}"} ${adjudication[@]+"${adjudication[@]}"} "$@" \
  >"$out/xboard.out" 2>&1
status=$?
set -e
echo "xboard exit=$status elapsed=$(($(date +%s) - start))s" \
  "pgn=$out/games.pgn debug=$out/xboard.debug"
grep -h '^\[Result' "$out/games.pgn" 2>/dev/null || echo "(no games saved)"
exit $status
