#!/usr/bin/env python3
"""Relabel a `tuning datagen` data file with another UCI engine's search scores.

Every position line keeps its game, ply, result and FEN; its search score (White's view, in
centipawns) becomes the other engine's score at a fixed depth. `tuning tune --lambda L` then fits
the evaluation to a blend of the game results and that engine's judgement, which is how a stronger
engine's knowledge reaches our weights (see tuning/README.md, "Scores from another engine").
Positions the engine scores as a mate are dropped (the tuner skips mate scores anyway).

Engines count centipawns differently. With `--rescale` the new scores are put on the input's
scale: the script fits `K` of `1 / (1 + 10^(-K * score / 400))` to the game results once for
the input's scores and once for the engine's, and multiplies the engine's scores by
`K_engine / K_input`, so that a score predicts the same result on both scales.

    scripts/relabel.py --engine /usr/games/fairy-stockfish --variant xiangqi --depth 8 \
        --jobs 2 IN.txt OUT.txt

The output is the input's format (header and `#end` lines kept), so `tune` reads it as it is.
Progress goes to stderr.
"""

import argparse
import multiprocessing
import subprocess
import sys
import time


class Engine:
    def __init__(self, command, variant, hash_mb):
        self.proc = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, token):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(token):
                return line

    def score(self, fen, depth):
        """The side to move's score in centipawns, or None for a mate score."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith("bestmove"):
                return score
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                if "lowerbound" in words or "upperbound" in words:
                    continue
                score = int(words[i + 2]) if words[i + 1] == "cp" else None

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def label_chunk(args):
    """White's-view scores of the positions in `lines` (datagen position lines), in order; None
    for a mate score."""
    command, variant, depth, hash_mb, lines = args
    engine = Engine(command, variant, hash_mb)
    out = []
    for line in lines:
        fen = line.rstrip("\n").split("\t")[4]
        score = engine.score(fen, depth)
        if score is not None and fen.split()[1] != "w":
            score = -score
        out.append(score)
    engine.close()
    return out


def fit_k(pairs):
    """The K that best predicts the results from the scores (golden-section search, least squares)."""

    def loss(k):
        return sum((r - 1 / (1 + 10 ** (-k * s / 400))) ** 2 for s, r in pairs)

    a, b = 0.01, 5.0
    ratio = (5**0.5 - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = loss(c), loss(d)
    while b - a > 1e-4:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = loss(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = loss(d)
    return (a + b) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--engine", required=True, help="UCI engine command")
    parser.add_argument("--variant", required=True, help="UCI_Variant value (or chess)")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--hash", type=int, default=16, help="MB per engine")
    parser.add_argument("--rescale", action="store_true", help="put the scores on the input's scale")
    parser.add_argument("input")
    parser.add_argument("output")
    args = parser.parse_args()

    with open(args.input, encoding="utf-8") as f:
        lines = f.readlines()
    positions = [i for i, line in enumerate(lines) if not line.startswith("#") and line.strip()]
    # Chunks of whole stretches keep a game's positions together, so the engine's hash helps.
    chunk = 500
    work = [
        (args.engine, args.variant, args.depth, args.hash, [lines[i] for i in positions[s : s + chunk]])
        for s in range(0, len(positions), chunk)
    ]
    scores = {}
    start = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        for n, result in enumerate(pool.imap(label_chunk, work)):
            for k, score in enumerate(result):
                scores[positions[n * chunk + k]] = score
            rate = len(scores) / max(time.time() - start, 1e-9)
            print(f"{len(scores)}/{len(positions)} positions, {rate:.0f}/s", file=sys.stderr)
    # (input score, engine score, result) of every position the engine did not score as a mate.
    kept = {}
    for i, score in scores.items():
        if score is not None:
            fields = lines[i].split("\t")
            kept[i] = (int(fields[3]), score, float(fields[2]))
    scale = 1.0
    if args.rescale:
        k_input = fit_k([(own, result) for own, _, result in kept.values()])
        k_engine = fit_k([(score, result) for _, score, result in kept.values()])
        scale = k_engine / k_input
        print(f"K input {k_input:.4f}, K engine {k_engine:.4f}: scale {scale:.4f}", file=sys.stderr)
    with open(args.output, "w", encoding="utf-8") as f:
        for i, line in enumerate(lines):
            if i in kept:
                fields = line.split("\t")
                fields[3] = str(round(kept[i][1] * scale))
                f.write("\t".join(fields))
            elif i not in scores:
                f.write(line)
    dropped = len(scores) - len(kept)
    print(f"{len(kept)} positions written, {dropped} mate scores dropped", file=sys.stderr)


if __name__ == "__main__":
    main()
