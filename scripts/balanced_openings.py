#!/usr/bin/env python3
"""A book of balanced openings for a variant: random legal turns from the start, kept when the full
engine, searching a fixed number of nodes, sees neither side ahead by more than a margin.

Why: in a game that the first move decides (Reflection: docs/reflection.md), games from random
openings are won by the side with the winning attack whoever plays it, so a match between two
strengths measures the openings, not the players. Engine testers use balanced books for this
(Fishtest's openings are filtered by evaluation the same way). Everything is at fixed nodes, so
the book is the same on any machine.

    scripts/balanced_openings.py --variant reflection-12 --count 20 --out book.txt
      [--turns 2] [--nodes 200000] [--margin 60] [--seed 1] [--kaleido target/release/kaleido]

Writes one opening a line (UCI moves from the start position, as `kaleido match --openings`
reads them) and, on stderr, each candidate with its score.
"""
import argparse
import random
import re
import subprocess
import sys

SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")


def kaleido(args, *rest):
    return subprocess.run([args.kaleido, *rest], check=True, capture_output=True, text=True).stdout


def legal_turns(args, moves):
    fen = kaleido(args, "play", "--variant", args.variant, *moves).strip().splitlines()[-1]
    return fen, kaleido(args, "moves", "--variant", args.variant, "--fen", fen).split()


def score_of(args, fen):
    """The last full-width score of a fixed-node search, from the side to move's view; None for a
    mate found (not a balanced opening)."""
    out = kaleido(args, "analyse", "--variant", args.variant, "--fen", fen, "--nodes", str(args.nodes),
                  "--threads", "1")
    scores = SCORE.findall(out)
    if not scores or scores[-1][0] == "mate":
        return None
    return int(scores[-1][1])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--count", type=int, default=20, help="openings to keep")
    p.add_argument("--turns", type=int, default=2, help="random turns from the start (both sides)")
    p.add_argument("--nodes", type=int, default=200000, help="nodes of the judging search")
    p.add_argument("--margin", type=int, default=60, help="largest |score| kept, centipawns")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tries", type=int, default=1000, help="candidates at most")
    p.add_argument("--kaleido", default="target/release/kaleido")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    rng = random.Random(args.seed)
    kept, seen = [], set()
    for tried in range(1, args.tries + 1):
        moves = []
        for _ in range(args.turns):
            _, turns = legal_turns(args, moves)
            if not turns:
                break
            moves.append(rng.choice(turns))
        fen, turns = legal_turns(args, moves)
        if len(moves) < args.turns or not turns or fen in seen:
            continue
        seen.add(fen)
        score = score_of(args, fen)
        ok = score is not None and abs(score) <= args.margin
        print(f"{tried}: {' '.join(moves)}: {score if score is not None else 'mate'}{' kept' if ok else ''}",
              file=sys.stderr)
        if ok:
            kept.append(" ".join(moves))
            if len(kept) == args.count:
                break
    with open(args.out, "w") as f:
        f.write("".join(line + "\n" for line in kept))
    print(f"{len(kept)} openings kept of {tried} tried (|score| <= {args.margin} at {args.nodes} nodes)",
          file=sys.stderr)
    return 0 if len(kept) == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
