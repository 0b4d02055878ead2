"""Unit tests of the parts of the XBoard harness that need no display:
python3 -m unittest discover scripts/xboard"""

import tempfile
import unittest
from pathlib import Path

from xbgui import button_spans
from xbharness import (BoardGeometry, DebugLog, EngineLog, Failure, board_differences,
                       board_text, highlight_marks, marker_at, measure_board, parse_setup)

LIGHT, DARK, GRID = (200, 200, 120), (120, 160, 110), (0, 0, 0)


def image(width, height, paint):
    """RGB bytes of a width x height picture, pixel colour from paint(x, y)."""
    return b"".join(bytes(paint(x, y)) for y in range(height) for x in range(width))


def board_picture(columns, ranks, square, gap, left, top, width, height, holes=()):
    """A board as XBoard draws it: squares separated by `gap`-wide black grid lines, with dark
    `holes` (column, row) and a dark strip above it like XBoard's clock."""
    pitch = square + gap

    def paint(x, y):
        bx, by = x - left, y - top
        if 5 <= y < 20 and x < width // 2:
            return GRID  # the clock of the side to move: dark, but short
        if not (0 <= bx < gap + columns * pitch and 0 <= by < gap + ranks * pitch):
            return (210, 210, 210)
        if bx % pitch < gap or by % pitch < gap:
            return GRID
        c, r = bx // pitch, by // pitch
        if (c, r) in holes:
            return GRID
        return LIGHT if (c + r) % 2 == 0 else DARK
    return image(width, height, paint)


class MeasureBoard(unittest.TestCase):
    def test_plain_board(self):
        rgb = board_picture(8, 8, 44, 1, 2, 60, 400, 440)
        g = measure_board(400, 440, rgb, 8, 8, False)
        self.assertEqual((g.left, g.top), (2, 60))  # the middles of the outer grid lines
        self.assertAlmostEqual(g.pitch, 45, delta=0.01)
        self.assertEqual(g.centre(*g.square_column("a8")), (24, 82))  # 2 + 22.5, rounded

    def test_holes_darker_than_squares_do_not_mislead(self):
        # reflection-mini's corners: 2x2 black holes top and bottom on both sides
        holes = {(c, r) for c in (0, 1, 6, 7) for r in (0, 1, 6, 7)}
        rgb = board_picture(8, 8, 30, 1, 3, 40, 260, 300, holes)
        g = measure_board(260, 300, rgb, 8, 8, False)
        self.assertEqual((g.left, g.top), (3, 40))
        self.assertAlmostEqual(g.pitch, 31, delta=0.01)

    def test_wide_grid_lines(self):
        rgb = board_picture(16, 10, 40, 3, 10, 50, 720, 500)
        g = measure_board(720, 500, rgb, 16, 10, True)
        self.assertEqual((g.left, g.top), (11, 51))
        self.assertAlmostEqual(g.pitch, 43, delta=0.01)
        x, y = g.centre(*g.square_column("a9"))  # holdings: a is the third column
        self.assertLessEqual(abs(x - (11 + 2.5 * 43)), 0.5)
        self.assertLessEqual(abs(y - (51 + 21.5)), 0.5)

    def test_wrong_size_is_refused(self):
        rgb = board_picture(8, 8, 44, 1, 2, 60, 400, 440)
        with self.assertRaises(Failure):
            measure_board(400, 440, rgb, 9, 10, False)


class SquareNames(unittest.TestCase):
    def test_ten_ranks_count_from_zero_and_holdings_shift_files(self):
        g = BoardGeometry(0, 0, 10, 16, 10, True)
        self.assertEqual(g.files, 12)
        self.assertEqual(g.square_column("a0"), (2, 9))
        self.assertEqual(g.square_column("l9"), (13, 0))
        self.assertEqual(g.holdings_cell(True, 0), (15, 9))
        self.assertEqual(g.holdings_cell(False, 0), (0, 0))
        with self.assertRaises(Failure):
            g.square_column("a10")

    def test_other_boards_count_from_one(self):
        g = BoardGeometry(0, 0, 10, 13, 10, False)
        self.assertEqual(g.square_column("m9"), (12, 0))
        g = BoardGeometry(0, 0, 10, 8, 8, False)
        self.assertEqual(g.square_column("h1"), (7, 7))
        with self.assertRaises(Failure):
            g.square_column("a0")
        self.assertEqual(len(g.square_names()), 64)


class Highlights(unittest.TestCase):
    def test_colour_fen_squares(self):
        # reflection-mini after lifting c4: magenta b3 (a picker), yellow c3
        g = BoardGeometry(0, 0, 10, 8, 8, False)
        self.assertEqual(highlight_marks("8/8/8/8/8/1MY5/8/8", g),
                         {"b3": "magenta", "c3": "yellow"})
        # a 10-rank board: the bottom rank is 0; XBoard draws lower-case letters' dots too
        g = BoardGeometry(0, 0, 10, 12, 10, False)
        self.assertEqual(highlight_marks("12/12/12/12/12/12/11Y/12/12/r10Y", g),
                         {"l3": "yellow", "a0": "red", "l0": "yellow"})


class Fens(unittest.TestCase):
    def test_reduced_to_what_is_drawn(self):
        b = board_text("nc3k3c1u/11*/4n6*/P~10*[Pv] w - - 0 4")
        self.assertEqual(b.rows[0], ["n", "c", "", "", "", "k", "", "", "", "c", "", "u"])
        self.assertEqual(b.rows[1], [""] * 11 + ["*"])
        self.assertEqual(b.rows[3][0], "P")
        self.assertEqual((b.side, b.holdings), ("w", "Pv"))
        self.assertIsNone(board_text("8/8 b - -").holdings)

    def test_differences_name_the_squares(self):
        x = board_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        e = board_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        diffs, notes = board_differences(x, e)
        self.assertEqual(diffs, ["e4: XBoard empty, engine P", "e2: XBoard P, engine empty",
                                 "side to move: XBoard w, engine b"])
        self.assertEqual(notes, [])

    def test_ten_rank_names_and_notes(self):
        x = board_text("10/9n/8/8/8/8/8/8/8/9k[v] w")
        e = board_text("10/9*/8/8/8/8/8/8/8/9k w")
        diffs, notes = board_differences(x, e)
        self.assertEqual(diffs, [])
        self.assertEqual(notes, ["j8: XBoard n, engine *", "holdings: XBoard [v], engine []"])

    def test_holdings_compared_when_the_engine_has_them(self):
        diffs, _ = board_differences(board_text("8[P] w"), board_text("8[-] w"))
        self.assertEqual(diffs, ["holdings: XBoard [P], engine []"])


class Logs(unittest.TestCase):
    def test_debug_lines_joined_and_read_as_they_grow(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "xboard.debug"
            path.write_text("")
            log = DebugLog(path)
            with open(path, "a") as f:
                f.write("10 >first : time 100\nbook hit = (NULL)\n20 >first : usermove ")
            self.assertEqual([t.text for t in log.poll()], ["time 100"])
            with open(path, "a") as f:
                f.write("20 >first : e2e4\n30 <first : move e7e5\n")
            new = log.poll()
            self.assertEqual([(t.sent, t.text) for t in new],
                             [(True, "usermove e2e4"), (False, "move e7e5")])
            path.write_text("")
            with self.assertRaises(Failure):
                log.poll()

    def test_engine_log_gives_the_last_position(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "kaleido.log"
            path.write_text("[x INFO kaleido::session] position A w | xboard B w\n"
                            "[x DEBUG kaleido::protocol] >> move e7e5\n"
                            "[x INFO kaleido::session] position C b - - 0 1 | xboard D b\n")
            self.assertEqual(EngineLog(path).last_position(), ("C b - - 0 1", "D b"))

    def test_setup_line(self):
        self.assertEqual(parse_setup("setup (PN.K) 12x10+9_lion x w - - 0 1"), (12, 10, True))
        self.assertEqual(parse_setup("setup (PN.K) 8x8+0_lion x w - - 0 1"), (8, 8, False))


class Pixels(unittest.TestCase):
    def test_marker_dot(self):
        rgb = image(20, 20, lambda x, y: (255, 255, 0) if abs(x - 10) < 5 and abs(y - 10) < 5
                    else LIGHT)
        self.assertEqual(marker_at(20, rgb, 10, 10, 2), "yellow")
        self.assertIsNone(marker_at(20, rgb, 10, 10, 7))  # the dot is smaller than that

    def test_picker_buttons(self):
        # three buttons 0-19, 20-49, 50-69 with a dark right edge, text dots inside, margin below
        def paint(x, y):
            if y < 20 and x in (19, 49, 69):
                return (0, 0, 0)
            if y == 10 and x in (5, 30, 55):
                return (0, 0, 0)
            return (220, 220, 220)
        self.assertEqual(button_spans(80, 40, image(80, 40, paint)),
                         [(0, 19, 9), (20, 49, 9), (50, 69, 9)])


if __name__ == "__main__":
    unittest.main()
