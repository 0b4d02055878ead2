"""One XBoard window under Xvfb with a Kaleido engine, and a mouse and keyboard to use it."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from xbharness import (OWN_VARIANT_SIZES, BoardGeometry, DebugLog, Display, EngineLog, Failure,
                       Traffic, load_ppm, marker_at, measure_board, parse_setup,
                       xboard_program)


class XBoardGui:
    """XBoard with Kaleido as its first engine, human White against "Machine Black" (XBoard's
    mode when a person just starts moving), Show Target Squares and Highlight Dragging on.

    Everything XBoard says to the engine and hears back is read from XBoard's `-debug` file;
    the engine's own board from its `--log-file` (see `EngineLog`)."""

    def __init__(self, display: Display, out: Path, engine: Path, variant: str, legality: bool,
                 search_seconds: float, columns: int, position_file: Path | None = None,
                 extra_args: list[str] | None = None, square_pixels: int = 44):
        self.display = display
        self.out = out
        self.variant = variant
        self.legality = legality
        for old in ("xboard.debug", "kaleido.log"):  # a previous run's would be read as this one's
            (out / old).unlink(missing_ok=True)
        self.debug = DebugLog(out / "xboard.debug")
        self.engine_log = EngineLog(out / "kaleido.log")
        home = out / "home"  # no ~/.xboardrc of the user's: the run is the same everywhere
        home.mkdir(parents=True, exist_ok=True)
        env = display.env()
        env["HOME"] = str(home)
        args = [
            xboard_program(),
            "-fcp", f"{engine.resolve()} --log-file {(out / 'kaleido.log').resolve()}",
            "-fd", str(out.resolve()),
            "-variant", variant,
            # XBoard keeps the board as wide as an 8-file board of this size: scaled so that
            # every board gets squares of about `square_pixels`.
            "-boardSize", str(round(square_pixels * columns / 8)),
            "-testLegality", "true" if legality else "false",
            "-showTargetSquares", "true", "-highlightDragging", "true",
            # A promotion or piece choice opens XBoard's picker instead of a sweep of the
            # dragged piece, which xdotool could not follow.
            "-sweepPromotions", "false",
            # No moving animation: a screenshot taken after a move shows the move finished.
            "-animateMoving", "false",
            # Flat square colours: screenshots a tenth of the size, the grid easy to find.
            "-useBoardTexture", "false",
            "-searchTime", f"0:{max(1, round(search_seconds)):02d}",
            # XBoard's own 50-move and repetition adjudication off: it would judge its own copy.
            "-ruleMoves", "0", "-repeatsToDraw", "0",
            "-startupMessage", "", "-saveSettingsOnExit", "false", "-soundProgram", "true",
            "-popupExitMessage", "false",
            "-debug", "-nameOfDebugFile", str((out / "xboard.debug").resolve()),
        ]
        if position_file is not None:
            args += ["-lpf", str(position_file.resolve())]
        args += extra_args or []
        (out / "xboard.command").write_text(" ".join(args) + "\n")
        self.xboard_out = open(out / "xboard.out", "w")
        self.proc = subprocess.Popen(args, env=env, stdout=self.xboard_out,
                                     stderr=subprocess.STDOUT, cwd=out)
        self.window = ""
        self.origin = (0, 0)
        self.geometry: BoardGeometry | None = None

    # ---- running programs against the display -------------------------------------------

    def run(self, *args: str, check: bool = True) -> str:
        try:
            result = subprocess.run(list(args), env=self.display.env(), capture_output=True,
                                    text=True, timeout=30)
        except subprocess.TimeoutExpired:
            raise Failure(f"{' '.join(args)} hung")
        if check and result.returncode != 0:
            raise Failure(f"{' '.join(args)} failed: {result.stderr.strip()}")
        return result.stdout

    def xdotool(self, *args: str) -> str:
        return self.run("xdotool", *args)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.xboard_out.close()

    # ---- start-up ------------------------------------------------------------------------

    def wait_ready(self, timeout: float = 30) -> None:
        """Until XBoard has the engine's answer to its first `ping` (after `variant` and, for an
        engine-defined variant, the engine's `setup`), its main window is up and the board
        measured."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            self.debug.poll()
            if any(not t.sent and t.text.startswith("pong") for t in self.debug.seen):
                break
            if not self.alive():
                raise Failure("XBoard exited during start-up (see xboard.out)")
            time.sleep(0.2)
        else:
            raise Failure("XBoard and the engine did not finish start-up (no pong)")
        while time.time() < deadline:
            # The title names the engine or a loaded file: the class is always xboard.
            ids = self.run("xdotool", "search", "--onlyvisible", "--class", "xboard",
                           check=False).split()
            if ids:
                self.window = max(ids, key=self.window_area)
                break
            time.sleep(0.2)
        else:
            raise Failure("XBoard's window did not appear")
        time.sleep(1.0)  # the first drawing, and the start-up message's second
        self.measure()

    def window_area(self, window: str) -> int:
        x, y, w, h = self.window_box(window)
        return w * h

    def window_box(self, window: str) -> tuple[int, int, int, int]:
        """x, y, width, height of a window on the screen (zeros if it is gone)."""
        text = self.run("xdotool", "getwindowgeometry", "--shell", window, check=False)
        values = dict(line.split("=", 1) for line in text.split() if "=" in line)
        return tuple(int(values.get(k, 0)) for k in ("X", "Y", "WIDTH", "HEIGHT"))

    def pixels(self, window: str) -> tuple[int, int, bytes]:
        """Width, height and RGB bytes of a screenshot of one window."""
        try:
            data = subprocess.run(["import", "-window", window, "-depth", "8", "ppm:-"],
                                  env=self.display.env(), capture_output=True, check=True,
                                  timeout=30).stdout
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
            raise Failure(f"screenshot of window {window} failed: {e}")
        return load_ppm(data)

    def board_size(self) -> tuple[int, int, bool]:
        """files, ranks, holdings: from the engine's `setup`, else XBoard's own variant."""
        setups = [t.text for t in self.debug.seen if not t.sent and t.text.startswith("setup")]
        if setups:
            return parse_setup(setups[0])
        if self.variant in OWN_VARIANT_SIZES:
            files, ranks = OWN_VARIANT_SIZES[self.variant]
            return files, ranks, False
        raise Failure(f"the engine sent no setup for {self.variant} and XBoard has no such variant")

    def measure(self) -> None:
        self.origin = self.window_box(self.window)[:2]
        files, ranks, holdings = self.board_size()
        width, height, rgb = self.pixels(self.window)
        self.geometry = measure_board(width, height, rgb, files + (4 if holdings else 0), ranks,
                                      holdings)

    # ---- a person's hands ----------------------------------------------------------------

    def point(self, square: str) -> tuple[int, int]:
        """Screen pixel at the centre of an XBoard square name, or of a holdings slot written
        `white@N` / `black@N` (N from 0 in XBoard's piece-table order)."""
        assert self.geometry is not None
        if "@" in square:
            colour, index = square.split("@", 1)
            column, row = self.geometry.holdings_cell(colour == "white", int(index))
        else:
            column, row = self.geometry.square_column(square)
        x, y = self.geometry.centre(column, row)
        return self.origin[0] + x, self.origin[1] + y

    def press(self, square: str) -> None:
        x, y = self.point(square)
        self.xdotool("mousemove", str(x), str(y), "sleep", "0.15", "mousedown", "1")

    def release(self, square: str) -> None:
        """Moves the held mouse to `square` in a few steps (XBoard follows the motion) and lets
        go there."""
        x, y = self.point(square)
        px, py = self.pointer()
        steps = []
        for k in (1, 2, 3):
            steps += ["mousemove", str(px + (x - px) * k // 3), str(py + (y - py) * k // 3),
                      "sleep", "0.05"]
        self.xdotool(*steps, "sleep", "0.1", "mouseup", "1")

    def pointer(self) -> tuple[int, int]:
        text = self.xdotool("getmouselocation", "--shell")
        values = dict(line.split("=", 1) for line in text.split() if "=" in line)
        return int(values["X"]), int(values["Y"])

    def click(self, square: str) -> None:
        x, y = self.point(square)
        self.xdotool("mousemove", str(x), str(y), "sleep", "0.15", "click", "1")

    def focus(self) -> None:
        self.run("xdotool", "windowfocus", "--sync", self.window, check=False)

    def keys(self, *names: str) -> None:
        self.focus()
        self.xdotool("key", "--clearmodifiers", *names)

    def type_text(self, text: str, typed: Path | None = None) -> None:
        """XBoard's move type-in: a key pressed over the board opens the box with that key in
        it; the rest is typed and Return sends it. `typed`: a screenshot of the box, filled in,
        before Return."""
        self.focus()
        x, y = self.point(self.corner_square())
        self.xdotool("mousemove", str(x), str(y))
        self.xdotool("type", "--delay", "80", text)
        time.sleep(0.3)
        if typed is not None:
            self.screenshot(typed)
        self.xdotool("key", "Return")

    def corner_square(self) -> str:
        assert self.geometry is not None
        return "a" + ("0" if self.geometry.ranks == 10 else "1")

    def choose(self, letter: str, timeout: float = 5) -> None:
        """A choice in XBoard's picker (its Promotion dialog, which names pieces): the button is
        found by its position among the dialog's buttons, which XBoard lays out in one row in
        the order it lists them (`promotion_buttons`)."""
        deadline = time.time() + timeout
        dialog = ""
        while time.time() < deadline and not dialog:
            ids = self.run("xdotool", "search", "--onlyvisible", "--name", "^Promotion",
                           check=False).split()
            dialog = ids[0] if ids else ""
            time.sleep(0.2)
        if not dialog:
            raise Failure(f"choose {letter}: XBoard shows no piece picker")
        left, top, _, _ = self.window_box(dialog)
        width, height, rgb = self.pixels(dialog)
        buttons = button_spans(width, height, rgb)
        labels = promotion_buttons()
        if letter.lower() not in labels or len(buttons) != len(labels):
            raise Failure(f"choose {letter}: the picker shows {len(buttons)} buttons, "
                          f"expected {len(labels)} ({' '.join(labels)})")
        x0, x1, y = buttons[labels.index(letter.lower())]
        self.xdotool("mousemove", str(left + (x0 + x1) // 2), str(top + y), "sleep", "0.15",
                     "click", "1")

    # ---- what XBoard shows ---------------------------------------------------------------

    def marks(self) -> dict[str, str]:
        """The squares that show a target dot now, with the dot's colour."""
        assert self.geometry is not None
        width, _, rgb = self.pixels(self.window)
        radius = max(2, int(self.geometry.pitch / 8))
        found = {}
        for name in self.geometry.square_names():
            x, y = self.geometry.centre(*self.geometry.square_column(name))
            colour = marker_at(width, rgb, x, y, radius)
            if colour:
                found[name] = colour
        return found

    def copy_position(self, attempts: int = 3) -> str:
        """XBoard's own board as FEN: Edit -> Copy Position (Ctrl+Shift+C) puts it on the
        clipboard. The key is pressed again if the clipboard stays as it was (a key press that
        went astray on a busy machine)."""
        for _ in range(attempts):
            sentinel = f"empty-{time.time()}"
            self.set_clipboard(sentinel)
            self.keys("ctrl+shift+c")
            deadline = time.time() + 4
            while time.time() < deadline:
                text = self.run("xclip", "-selection", "clipboard", "-o", check=False).strip()
                if text and text != sentinel:
                    return text
                time.sleep(0.2)
        raise Failure(f"Edit -> Copy Position gave nothing ({attempts} tries)")

    def set_clipboard(self, text: str) -> None:
        """xclip keeps serving the selection from a process of its own until another program
        takes the clipboard (or the display ends), so its output is not waited for."""
        subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text, text=True,
                       env=self.display.env(), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=30, check=True)

    def screenshot(self, path: Path) -> None:
        """Every visible window (XBoard's board and any dialog it opened), cropped from the
        screen, as a small PNG."""
        boxes = []
        for window in self.run("xdotool", "search", "--onlyvisible", "--name", ".",
                               check=False).split():
            x, y, w, h = self.window_box(window)
            if w > 20 and h > 20:
                boxes.append((x, y, x + w, y + h))
        if not boxes:
            raise Failure("nothing on the screen to photograph")
        x0 = max(0, min(b[0] for b in boxes))
        y0 = max(0, min(b[1] for b in boxes))
        x1 = max(b[2] for b in boxes)
        y1 = max(b[3] for b in boxes)
        self.run("import", "-window", "root", "-crop", f"{x1 - x0}x{y1 - y0}+{x0}+{y0}",
                 "+repage", "-colors", "128", f"png8:{path}")

    def traffic_since(self, index: int) -> list[Traffic]:
        self.debug.poll()
        return self.debug.seen[index:]


def promotion_buttons() -> list[str]:
    """The letters of XBoard 4.9.1's Promotion dialog buttons, left to right, for a
    chess-like board with legality testing off (`PromotionPopUp` in XBoard's dialogs.c):
    Queen, Rook, Bishop, Knight, King, then Cancel (written '-')."""
    return ["q", "r", "b", "n", "k", "-"]


def button_spans(width: int, height: int, rgb: bytes) -> list[tuple[int, int, int]]:
    """The buttons of a one-row dialog, as (x from, x to, y). GTK draws a dark line down the
    right edge of each button (its left edge is light): the columns with (nearly) the most dark
    pixels end the buttons, and the rows those lines cover give the buttons' height. Text is
    never as tall as a button."""
    def dark(x: int, y: int) -> bool:
        return rgb[(y * width + x) * 3] < 120

    counts = [sum(dark(x, y) for y in range(height)) for x in range(width)]
    tallest = max(counts, default=0)
    if tallest < 8:
        return []
    edges: list[int] = []
    for x in range(width):
        if counts[x] * 5 >= tallest * 4:
            if edges and x - edges[-1] <= 1:
                edges[-1] = x
            else:
                edges.append(x)
    rows = [y for y in range(height) if dark(edges[0], y)] if edges else [0]
    middle = (rows[0] + rows[-1]) // 2
    buttons = []
    start = 0
    for edge in edges:
        if edge - start > 4:
            buttons.append((start, edge, middle))
        start = edge + 1
    return buttons
