#!/usr/bin/env bash
# The scripted-person checks of a person playing Kaleido in XBoard (scripts/xboard/README.md).
#
# Usage: scripts/xboard/checks.sh [-e ENGINE] [-o OUTDIR] [GROUP|CHECK ...]
#   GROUP   person (one check per variant: its kinds of turn), lpf (a position loaded with
#           xboard -lpf, then the person's first move), load (the same positions pasted after
#           start-up), games (20 turns by mouse against the engine, moves chosen by a second
#           Kaleido among the turns a mouse can enter), analysis (MultiPV and exclude in
#           Analysis Mode, analysis.py), all (the default: every group).
#   CHECK   one check by name, e.g. person-sonic (names: `checks.sh -l`).
#   ENGINE  the Kaleido binary (default: this repository's target/release/kaleido).
# Each check runs person.py (analysis.py for analysis-*) into OUTDIR/CHECK (screenshots,
# report.txt, both programs' logs); OUTDIR/summary.txt gets one line per check: PASS or FAIL,
# seconds, the last report line.
# Exit status 0 only if every check passed. Runs for minutes: not part of CI.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine="$here/../../target/release/kaleido"
out=./xboard-checks
list=0
while getopts "e:o:l" opt; do
  case $opt in
    e) engine=$OPTARG ;;
    o) out=$OPTARG ;;
    l) list=1 ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

# Turn shapes in Kaleido's UCI notation (`kaleido moves`), for person.py --want.
sonic_form='~[na]$'                        # a move that changes the king's form
sonic_chain=','                            # a chain: several legs
pair='^[a-n][0-9]+[a-n][0-9]+,[a-n][0-9]+[a-n][0-9]+$'          # a Reflection pair turn
swap='^(?P<f>[a-h])2(?P=f)4,(?P=f)7(?P=f)5$'  # a pawn pair that ends facing: it swaps
flip='^[a-k][0-9]+~$'                      # a Symmetron flip in place
entry='^@'                                 # a Symmetron entry from the launching square

declare -A args script
order=()
# add NAME ARGS [SCRIPT]: a check running SCRIPT (default person.py) with ARGS.
add() { order+=("$1"); args[$1]=$2; script[$1]=${3:-person.py}; }
marks=--show-marks
add person-chess            "--variant chess --turns 2 $marks"
add person-xiangqi          "--variant xiangqi --turns 2 $marks"
add person-sin-yeon-sang-gi "--variant sin-yeon-sang-gi --turns 2 $marks"
add person-sonic            "--variant sonic --turns 20 $marks --want $sonic_form
--want $sonic_chain"
add person-reflection-mini  "--variant reflection-mini --turns 6 $marks --want $pair --want $swap"
add person-reflection-8     "--variant reflection-8 --turns 6 $marks --want $pair --want $swap"
add person-symmetron-112    "--variant symmetron-112 --turns 6 $marks --want $flip --want $entry"
# Positions in XBoard's FEN form, as a person's position file holds them: Sonic after
# 1.e4 e5 2.Nf3 Nc6; reflection-mini after a knight pair and a pawn swap; Symmetron with a
# flipped Canon on b1 and a Black knight in the middle.
add lpf-sonic               "--variant sonic --lpf -a check --turns 1 --fen
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R_w_KQkq_-_2_3"
# XBoard reads an engine-defined variant's position file only when its command line gives the
# board (--board-options); sonic's board is chess's.
add lpf-reflection-mini     "--variant reflection-mini --lpf --board-options -a check --turns 1
--fen **1BKR**/**SSSS**/re1N2wr/k1e2w1k/be4wb/ne1N2wn/**PPPP**/**1BKR**_w_-_-_0_2"
add lpf-symmetron-112       "--variant symmetron-112 --lpf --board-options -a check --turns 1
--fen nc3k3c1u/hd1a3a1dr*/pppbbbbbppp*/4n6*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NV3K3CNU_w_-_-_2_3"
# The same positions loaded after start-up (Edit -> Paste Position), then the first turn and
# Mode -> Machine Black, as a person does it.
for v in sonic reflection-mini symmetron-112; do
  lpf=${args[lpf-$v]}
  add "load-$v" "--variant $v --then-machine-black -a load_${lpf#*--fen?} -a check --turns 1"
done
for v in sonic reflection-mini reflection-8 symmetron-112; do
  # Every turn by mouse: the second Kaleido leaves out the turns that must be typed.
  add "game-$v" "--variant $v --turns 20 --mouse-only"
done
# Analysis Mode: MultiPV raised with the Engine Output pane's "more", moves left out with its
# "best" and with a Ctrl-drag on the board (in reflection-8 pair turns, which XBoard names by
# their first part), and brought back.
add analysis-chess        "--variant chess --lines 3 --ctrl-drag g1_f3" analysis.py
add analysis-reflection-8 "--variant reflection-8 --lines 3 --ctrl-drag b1_c3" analysis.py

if [ $list = 1 ]; then printf '%s\n' "${order[@]}"; exit 0; fi
[ $# = 0 ] && set -- all
selected=()
for want in "$@"; do
  case $want in
    all) selected+=("${order[@]}") ;;
    person|lpf|load|game|games|analysis)
      for name in "${order[@]}"; do
        # `games` selects game-*; `analysis` ends in s too.
        [[ $name == "$want-"* || $name == "${want%s}-"* ]] && selected+=("$name")
      done ;;
    *)
      [ -n "${args[$want]+x}" ] || { echo "no check $want (checks.sh -l)" >&2; exit 2; }
      selected+=("$want") ;;
  esac
done

mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"
failed=0
for name in "${selected[@]}"; do
  # The FENs above hold no spaces (written with _) so that the argument list splits on blanks.
  read -r -a words <<<"${args[$name]//$'\n'/ }"
  words=("${words[@]//_/ }")
  start=$(date +%s)
  # Normal priority: the person waits for XBoard and the engine with timeouts (the marks
  # before a release, the answer after a turn), which a lowered priority under load can miss.
  if python3 "$here/${script[$name]}" --engine "$engine" --out "$out/$name" "${words[@]}" \
      >"$out/$name.log" 2>&1; then
    verdict=PASS
  else
    verdict=FAIL
    failed=$((failed + 1))
  fi
  last=$(grep -E '^(PASS|FAIL)' "$out/$name.log" | tail -n 1)
  line="$verdict $name $(($(date +%s) - start))s: $last"
  echo "$line" | tee -a "$summary"
done
echo "$((${#selected[@]} - failed))/${#selected[@]} checks passed (summary: $summary)"
[ $failed = 0 ]
