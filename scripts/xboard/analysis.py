#!/usr/bin/env python3
"""Kaleido's analysis features in a real XBoard 4.9.1 under Xvfb, used as a person uses them.

    analysis.py [--variant V] [--lines N] [--ctrl-drag "FROM TO"] [--out DIR] [--engine BIN]

XBoard starts with Kaleido and its Engine Output window open; Mode -> Analysis Mode (Ctrl+A).
Then, as a person does it, with the right mouse button in the Engine Output pane (XBoard's
handling of these clicks: `LoadMultiPV` in its backend.c):
  1. "more" in the pane's first line, until the Multi-PV setting is N (default 3): XBoard sends
     `option MultiPV=K` each time. Passes when the engine then sends N lines a depth, each
     with a different first move (screenshot `multipv.png`: the pane with those lines and
     "Multi-PV setting = N").
  2. "best" in the exclusion line (`exclude: none best +tail`): XBoard sends `exclude M`, M
     being the first move of the last PV the engine sent (Kaleido sends a depth's best line
     last for this). Passes when no line the engine sends afterwards begins with M
     (screenshot `excluded.png`).
     Kaleido's log names the turns it leaves out: M's turn (for a turn in parts, XBoard's M
     is its first part, which names every turn it begins).
  3. M, now listed in that line (`-e4`): XBoard sends `include M`; the engine's log says it
     leaves out nothing again.
  4. A move dragged on the board with Ctrl held (--ctrl-drag, XBoard square names): XBoard
     sends `exclude FROMTO` instead of the move, and the engine leaves that move out
     (screenshot `ctrl-excluded.png`).
  5. "none": XBoard sends `include all`; the engine leaves out nothing.
XBoard's debug file (`xboard.debug`) is the record of what was sent; `report.txt` lists each
step. Exit status 0 only if every step passed. Needs xboard, Xvfb, xdotool and ImageMagick.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from xbharness import (OWN_VARIANT_SIZES, Display, Failure, engine_board,  # noqa: E402
                       engine_setup, require_tools)
from xbgui import XBoardGui  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
# Where the Engine Output window is put (XBoard opens it at the top left without a window
# manager, over the board): right of the board.
PANE_WIDTH, PANE_HEIGHT = 640, 300


def thought(text: str) -> tuple[int, str] | None:
    """An engine line of thinking output `depth score time nodes pv`: (depth, pv)."""
    fields = text.split(None, 4)
    if len(fields) < 5 or not all(f.lstrip("-").isdigit() for f in fields[:4]):
        return None
    return int(fields[0]), fields[4]


def first_move(pv: str) -> str:
    """The first move of a PV (or a turn) as XBoard reads it: its first token (a turn in parts,
    with the engine's null moves between them, starts with its first part)."""
    return pv.split()[0]


class Session:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.out: Path = args.out
        self.out.mkdir(parents=True, exist_ok=True)
        self.report = open(self.out / "report.txt", "w")
        self.started = time.time()
        xboard_name = "normal" if args.variant == "chess" else args.variant
        own = xboard_name in OWN_VARIANT_SIZES
        setup = None if own else engine_setup(args.engine, args.variant)
        files, _, _ = engine_board(setup, xboard_name)
        self.display = Display()
        self.gui = XBoardGui(
            self.display, self.out, args.engine, xboard_name, legality=own, search_seconds=1,
            columns=files,
            extra_args=["-engineOutputUp", "true", "-engineOutputW", str(PANE_WIDTH),
                        "-engineOutputH", str(PANE_HEIGHT)])
        self.pane = ""

    def note(self, text: str) -> None:
        line = f"{time.time() - self.started:7.1f}s  {text}"
        print(line)
        self.report.write(line + "\n")
        self.report.flush()

    def close(self) -> None:
        self.gui.close()
        self.display.close()
        self.report.close()

    # ---- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        gui = self.gui
        deadline = time.time() + 30
        while not any(not t.sent and t.text.startswith("pong") for t in gui.debug.seen):
            gui.debug.poll()
            if time.time() > deadline or not gui.alive():
                raise Failure("XBoard and the engine did not finish start-up (no pong)")
            time.sleep(0.2)
        while time.time() < deadline:
            windows = {}
            for window in gui.run("xdotool", "search", "--onlyvisible", "--name", ".",
                                  check=False).split():
                name = gui.run("xdotool", "getwindowname", window, check=False).strip()
                windows[name] = window
            board = [w for name, w in windows.items() if name.startswith("xboard")]
            if board and "Engine Output" in windows:
                gui.window, self.pane = board[0], windows["Engine Output"]
                break
            time.sleep(0.2)
        else:
            raise Failure("XBoard's board or its Engine Output window did not appear")
        time.sleep(1.0)
        _, _, board_width, _ = gui.window_box(gui.window)
        gui.xdotool("windowmove", self.pane, str(board_width + 15), "0")
        time.sleep(0.5)
        self.note("XBoard up; Engine Output moved right of the board")

    # ---- the Engine Output pane ----------------------------------------------------------

    def text_rows(self) -> list[tuple[int, int, list[tuple[int, int]]]]:
        """The text lines of the pane's upper memo, top to bottom: (top, bottom, words), each
        word an x span. The memo is the first tall white area; text is dark on white; words
        are runs of ink with gaps of at most half the line's height between letters."""
        width, height, rgb = self.gui.pixels(self.pane)

        def ink(x: int, y: int) -> bool:
            i = 3 * (y * width + x)
            return rgb[i] + rgb[i + 1] + rgb[i + 2] < 3 * 110

        def white_row(y: int) -> bool:
            i = 3 * y * width
            row = rgb[i:i + 3 * width]
            return sum(1 for x in range(0, len(row), 3) if row[x] > 240 and row[x + 2] > 240) \
                > width * 0.6

        right = width - 25  # the scroll bar

        def inked(y: int) -> bool:
            return sum(1 for x in range(6, right) if ink(x, y)) >= 3

        y = 0
        while y < height and not white_row(y):
            y += 1
        rows = []
        grey = 0  # non-white rows in a row: a few are the memo's frame, more its end
        while y < height and grey < 4:
            if not inked(y):
                grey = 0 if white_row(y) else grey + 1
                y += 1
                continue
            top = y
            while y < height and inked(y):
                y += 1
            bottom = y
            columns = [x for x in range(6, right)
                       if any(ink(x, yy) for yy in range(top, bottom))]
            gap = max(4, (bottom - top) // 2)
            words: list[tuple[int, int]] = []
            for x in columns:
                if words and x - words[-1][1] <= gap:
                    words[-1] = (words[-1][0], x)
                else:
                    words.append((x, x))
            rows.append((top, bottom, words))
        return rows

    def right_click(self, row: int, word: int, what: str) -> None:
        rows = self.text_rows()
        if len(rows) <= row or len(rows[row][2]) <= abs(word):
            raise Failure(f"{what}: the Engine Output pane shows no such word "
                          f"(rows: {[len(r[2]) for r in rows]})")
        top, bottom, words = rows[row]
        x0, x1 = words[word]
        left, upper, _, _ = self.gui.window_box(self.pane)
        x, y = left + (x0 + x1) // 2, upper + (top + bottom) // 2
        self.gui.xdotool("mousemove", str(x), str(y), "sleep", "0.2", "mousedown", "3",
                         "sleep", "0.2", "mouseup", "3")
        self.note(f"right click on {what} at ({x}, {y})")

    # ---- what XBoard sent and heard --------------------------------------------------------

    def wait_sent(self, since: int, prefix: str, timeout: float = 10) -> str:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for t in self.gui.traffic_since(since):
                if t.sent and t.text.startswith(prefix):
                    return t.text
            time.sleep(0.2)
        raise Failure(f"XBoard did not send {prefix!r} within {timeout}s")

    def lines_after(self, since: int, depth: int, timeout: float = 30) -> dict[int, list[str]]:
        """The engine's PVs by depth, from its first depth-1 line after `since` (the restarted
        analysis) until a line deeper than `depth`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found: dict[int, list[str]] = {}
            started = False
            for t in self.gui.traffic_since(since):
                th = None if t.sent else thought(t.text)
                if th is None:
                    continue
                started = started or th[0] == 1
                if not started:
                    continue
                if th[0] > depth:
                    return found
                found.setdefault(th[0], []).append(th[1])
            time.sleep(0.3)
        raise Failure(f"the engine's analysis did not reach depth {depth + 1} in {timeout}s")

    def engine_exclusions(self) -> str:
        """The root moves the engine says it leaves out (the last `excluded root moves:` line
        of its log), or "none"."""
        try:
            text = (self.out / "kaleido.log").read_text(errors="replace")
        except FileNotFoundError:
            return "none"
        found = [line.split("excluded root moves: ", 1)[1].strip()
                 for line in text.splitlines() if "excluded root moves: " in line]
        return found[-1] if found else "none"

    def mark(self) -> int:
        self.gui.debug.poll()
        return len(self.gui.debug.seen)

    # ---- the steps ------------------------------------------------------------------------------

    def run(self) -> None:
        gui = self.gui
        self.start()
        since = self.mark()
        gui.keys("ctrl+a")
        self.wait_sent(since, "analyze")
        self.lines_after(since, 3)
        self.note("Analysis Mode: XBoard sent analyze, the engine analyses")
        lines = 1
        while lines < self.args.lines:
            since = self.mark()
            self.right_click(0, -1, '"more"')
            sent = self.wait_sent(since, "option MultiPV=")
            lines += 1
            if sent != f"option MultiPV={lines}":
                raise Failure(f"expected option MultiPV={lines}, XBoard sent {sent!r}")
            self.note(f"XBoard sent {sent}")
        by_depth = self.lines_after(since, 6)
        for depth in (4, 5, 6):
            firsts = {first_move(pv) for pv in by_depth.get(depth, [])}
            if len(by_depth.get(depth, [])) != lines or len(firsts) != lines:
                raise Failure(f"depth {depth}: expected {lines} lines with different first "
                              f"moves, the engine sent {by_depth.get(depth)}")
        self.note(f"the engine sends {lines} lines a depth, each with its own first move")
        time.sleep(1.5)
        gui.screenshot(self.out / "multipv.png")
        self.note("screenshot multipv.png")

        since = self.mark()
        self.right_click(1, 2, '"best" (exclusion line)')
        sent = self.wait_sent(since, "exclude ")
        excluded = sent.split(None, 1)[1]
        self.note(f"XBoard sent {sent}")
        by_depth = self.lines_after(since, 6)
        starts = [first_move(pv) for pvs in by_depth.values() for pv in pvs]
        if excluded in starts:
            raise Failure(f"a line after `{sent}` begins with {excluded}: {by_depth}")
        left_out = self.engine_exclusions().split(", ")
        if not left_out or any(first_move(turn) != excluded for turn in left_out):
            raise Failure(f"`{sent}`: the engine leaves out {left_out}")
        if len(by_depth.get(6, [])) != lines:
            raise Failure(f"depth 6 after the exclusion: {by_depth.get(6)}")
        self.note(f"no line begins with {excluded} any more ({lines} lines a depth)")
        self.note(f"the engine's log: {self.engine_exclusions()}")
        time.sleep(1.5)
        gui.screenshot(self.out / "excluded.png")
        self.note("screenshot excluded.png")

        since = self.mark()
        self.right_click(1, 4, 'the listed move (exclusion line)')
        sent = self.wait_sent(since, "include ")
        if sent != f"include {excluded}":
            raise Failure(f"expected include {excluded}, XBoard sent {sent!r}")
        self.lines_after(since, 3)
        if self.engine_exclusions() != "none":
            raise Failure(f"`{sent}`: the engine still leaves out {self.engine_exclusions()}")
        self.note(f"XBoard sent {sent}; the engine leaves out nothing")

        # A move entered on the board with Ctrl held is left out instead of played.
        frm, to = self.args.ctrl_drag.split()
        gui.measure()
        since = self.mark()
        gui.focus()
        x0, y0 = gui.point(frm)
        x1, y1 = gui.point(to)
        gui.xdotool("mousemove", str(x0), str(y0), "keydown", "ctrl", "sleep", "0.2",
                    "mousedown", "1", "sleep", "0.3", "mousemove", str((x0 + x1) // 2),
                    str((y0 + y1) // 2), "sleep", "0.1", "mousemove", str(x1), str(y1),
                    "sleep", "0.2", "mouseup", "1", "sleep", "0.1", "keyup", "ctrl")
        self.note(f"Ctrl held, {frm} dragged to {to}")
        sent = self.wait_sent(since, "exclude ")
        dragged = sent.split(None, 1)[1]
        if dragged != frm + to:
            raise Failure(f"expected exclude {frm + to}, XBoard sent {sent!r}")
        self.lines_after(since, 3)
        left_out = self.engine_exclusions().split(", ")
        if any(first_move(turn) != dragged for turn in left_out):
            raise Failure(f"`{sent}`: the engine leaves out {left_out}")
        if any(t.sent and t.text.startswith("usermove") for t in gui.traffic_since(since)):
            raise Failure("the Ctrl-drag was played as a move")
        self.note(f"XBoard sent {sent}, not a move; the engine leaves out {left_out}")
        gui.screenshot(self.out / "ctrl-excluded.png")

        since = self.mark()
        self.right_click(1, 1, '"none" (exclusion line)')
        sent = self.wait_sent(since, "include all")
        self.note(f"XBoard sent {sent}")
        self.lines_after(since, 3)
        if self.engine_exclusions() != "none":
            raise Failure(f"after `include all` the engine still leaves out "
                          f"{self.engine_exclusions()}")
        self.note("the engine analyses every move again (its log: excluded root moves: none)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="chess", help="Kaleido's variant name")
    ap.add_argument("--lines", type=int, default=3, help="the Multi-PV setting to reach")
    ap.add_argument("--ctrl-drag", default="g1 f3",
                    help="FROM TO of a move to leave out with Ctrl held (its first part for a "
                         "turn in parts)")
    ap.add_argument("--engine", type=Path, default=REPO / "target/release/kaleido")
    ap.add_argument("--out", type=Path, default=Path("analysis-out"))
    args = ap.parse_args()
    require_tools(["Xvfb", "xdotool", "import"])
    session = Session(args)
    try:
        session.run()
    except Failure as e:
        session.note(f"FAIL: {e}")
        try:
            session.gui.screenshot(args.out / "failure.png")
        except Failure:
            pass
        return 1
    finally:
        session.close()
    print(f"PASS ({args.variant}): MultiPV {args.lines} and exclude/include in Analysis Mode")
    return 0


if __name__ == "__main__":
    sys.exit(main())
