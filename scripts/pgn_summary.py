#!/usr/bin/env python3
"""Figures of `kaleido match` PGN files, one table row per file: games, White wins, Black wins,
draws, average length in plies, distinct games (by their moves), terminations. Terminations that
are not a rule of the game (an engine fault, a ply limit, an adjudication) are listed apart, and
any of them makes the exit status 1.

    scripts/pgn_summary.py FILE.pgn...
"""
import re
import sys
from collections import Counter

# What the referee writes when no rule ended the game (docs/match.md, "Judging").
NOT_A_RULE = {"illegal move", "time forfeit", "crash", "protocol error",
              "false result claim", "resign", "max plies", "adjudication"}


def games(text):
    """(tags, moves) of every game in a PGN text."""
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = [t for t in body.split()
                 if not re.fullmatch(r"\d+\.+", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        yield tags, tuple(moves)


def main(paths):
    faults = 0
    print("| soak | games | White wins | Black wins | draws | average plies | distinct | terminations |")
    print("|---|---|---|---|---|---|---|---|")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            played = list(games(f.read()))
        results = Counter(t.get("Result") for t, _ in played)
        endings = Counter(t.get("Termination", "?") for t, _ in played)
        plies = [int(t.get("PlyCount", "0")) for t, _ in played]
        distinct = len({m for _, m in played})
        bad = {e: n for e, n in endings.items() if e in NOT_A_RULE}
        faults += sum(bad.values())
        ends = ", ".join(f"{e} {n}" for e, n in endings.most_common())
        name = re.sub(r".*/|\.pgn$", "", path)
        print(f"| {name} | {len(played)} | {results['1-0']} | {results['0-1']} | "
              f"{results['1/2-1/2']} | {sum(plies) / max(len(plies), 1):.1f} | {distinct} | {ends} |")
        if bad:
            print(f"{path}: not ended by a rule: {bad}", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
