"""Tests of relabel.py against a scripted stand-in engine (no real engine needed):
python3 -m unittest discover -s scripts -p 'test_*.py'"""

import os
import random
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import relabel  # noqa: E402

# A UCI engine whose score for the side to move is the FEN's half-move clock minus 500, or a
# mate when the clock is 9999: the input chooses the answers.
FAKE_ENGINE = textwrap.dedent(
    """\
    #!/usr/bin/env python3
    import sys
    fen = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name fake"); print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            fen = words[2:]
        elif words[0] == "go":
            clock = int(fen[4])
            print("info depth 1 score cp 1 lowerbound")
            if clock == 9999:
                print("info depth 2 score mate 3")
            else:
                print(f"info depth 2 seldepth 3 multipv 1 score cp {clock - 500} nodes 1")
            print("bestmove a1a2", flush=True)
        elif words[0] == "quit":
            break
    """
)


def position(game, ply, result, score, side, clock):
    return f"{game}\t{ply}\t{result}\t{score}\tk8/9/9/9/9/9/9/9/9/4K4 {side} - - {clock} 1\n"


class Relabel(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.engine = os.path.join(self.dir.name, "engine")
        with open(self.engine, "w", encoding="utf-8") as f:
            f.write(FAKE_ENGINE)
        os.chmod(self.engine, 0o755)

    def tearDown(self):
        self.dir.cleanup()

    def run_relabel(self, lines, *extra):
        source = os.path.join(self.dir.name, "in.txt")
        target = os.path.join(self.dir.name, "out.txt")
        with open(source, "w", encoding="utf-8") as f:
            f.writelines(lines)
        subprocess.run(
            [sys.executable, os.path.join(HERE, "relabel.py"), "--engine", self.engine,
             "--variant", "xiangqi", "--jobs", "2", *extra, source, target],
            check=True, capture_output=True, text=True,
        )
        with open(target, encoding="utf-8") as f:
            return f.readlines()

    def test_scores_turn_to_whites_view_and_mates_are_dropped(self):
        lines = [
            "# kaleido-datagen v1 variant=xiangqi nodes=5000 random-plies=8 seed=1\n",
            position(1, 9, 1, 0, "w", 520),   # engine: +20 for White to move
            position(1, 10, 1, 0, "b", 520),  # engine: +20 for Black to move: -20 for White
            position(1, 11, 1, 0, "w", 9999),  # a mate: dropped
            "#end\t1\t1\t40\n",
        ]
        out = self.run_relabel(lines)
        self.assertEqual(out[0], lines[0])
        self.assertEqual(out[-1], lines[-1])
        self.assertEqual([line.split("\t")[3] for line in out[1:-1]], ["20", "-20"])
        self.assertEqual([line.split("\t")[4] for line in out[1:-1]],
                         [lines[1].split("\t")[4], lines[2].split("\t")[4]])

    def test_rescale_puts_scores_on_the_inputs_scale(self):
        # The input's scores are twice the engine's (engine: clock - 500): the results follow
        # a logistic curve of the input scores, so K_engine = 2 K_input and the rescaled
        # scores come back as the input's.
        rng = random.Random(5)
        lines = ["# kaleido-datagen v1 variant=xiangqi nodes=5000 random-plies=8 seed=1\n"]
        for game in range(400):
            engine_score = rng.randrange(-400, 401)
            own = 2 * engine_score
            win = 1 / (1 + 10 ** (-0.5 * own / 400))
            result = 1 if rng.random() < win else 0
            lines.append(position(game, 9, result, own, "w", engine_score + 500))
            lines.append(f"#end\t{game}\t{result}\t40\n")
        out = self.run_relabel(lines, "--rescale")
        for before, after in zip(lines, out):
            if not before.startswith("#"):
                self.assertLessEqual(abs(int(after.split("\t")[3]) - int(before.split("\t")[3])), 1)

    def test_fit_k_finds_the_curve_the_results_follow(self):
        pairs = [(s, 1 / (1 + 10 ** (-0.8 * s / 400))) for s in range(-600, 601, 10)]
        self.assertAlmostEqual(relabel.fit_k(pairs), 0.8, places=3)


if __name__ == "__main__":
    unittest.main()
