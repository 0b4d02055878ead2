"""Unit tests of two_machines.py's log reading (no XBoard needed):
python3 -m unittest discover scripts/xboard"""

import tempfile
import unittest
from pathlib import Path

from two_machines import castling_pairs, final_positions, logged_games

# reflection-14-rev: White's castling pair h1j1,g14e14 (the kings step two squares, XBoard's
# rook moves with them), and a pair in which both white kings step one square.
BEFORE = ("***R2KQBNR***/***SSSSSSSS***/***8***/re10wr/1e10wn/1e10wb/ke10wq/qe10wk/be10w1/"
          "ne10w1/re10wr/***8***/***PPPPPPPP***/***RNBQK2R*** w d1k1d14k14a4a11n4n11 - 0 1")
CASTLED = ("***1KR1QBNR***/***SSSSSSSS***/***8***/re10wr/1e10wn/1e10wb/ke10wq/qe10wk/be10w1/"
           "ne10w1/re10wr/***8***/***PPPPPPPP***/***RNBQ1RK1*** b d1k1d14k14a4a11n4n11 - 1 1")
STEPPED = ("***R1K1QBNR***/***SSSSSSSS***/***8***/re10wr/1e10wn/1e10wb/ke10wq/qe10wk/be10w1/"
           "ne10w1/re10wr/***8***/***PPPPPPPP***/***RNBQ1K1R*** b a4a11n4n11 - 1 1")


class TwoMachinesTest(unittest.TestCase):
    def test_a_castling_pair_is_two_kings_each_two_squares_along_their_rank(self):
        self.assertEqual(castling_pairs([BEFORE, CASTLED]), 1)
        self.assertEqual(castling_pairs([BEFORE, STEPPED]), 0)
        self.assertEqual(castling_pairs([BEFORE]), 0)

    def test_the_log_is_split_into_games_at_each_result(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "e1.log"
            log.write_text(
                f"x INFO kaleido::session] position {BEFORE} | xboard ...\n"
                f"x INFO kaleido::protocol::xboard] game over (1-0 {{mate}}); final position {BEFORE}\n"
                f"x INFO kaleido::session] position {CASTLED} | xboard ...\n")
            self.assertEqual(logged_games(log), [[BEFORE], [CASTLED]])
            self.assertEqual(final_positions(log), [BEFORE])
            # Across the game boundary it is no castling.
            self.assertEqual(sum(castling_pairs(g) for g in logged_games(log)), 0)


if __name__ == "__main__":
    unittest.main()
