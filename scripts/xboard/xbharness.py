"""XBoard 4.9.1 under Xvfb, driven like a person: the pieces person.py is built from.

Python 3.11 standard library only; the programs it runs are Xvfb, xboard, xdotool, ImageMagick
(`import`, `convert`) and xclip. Nothing here knows a game's rules: the board's size comes from
XBoard's own traffic (the engine's `setup` line), square names are XBoard's (ranks from 0 on
boards with exactly 10 ranks, from 1 otherwise), and where each square is on the screen is
measured from a screenshot of the board's grid lines.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

# XBoard's own variants (no `setup` line from the engine): files, ranks.
OWN_VARIANT_SIZES = {"normal": (8, 8), "xiangqi": (9, 10)}


class Failure(Exception):
    """A check that failed: a stall, a desync, a refused move, a tool that misbehaved."""


def require_tools(names: list[str]) -> None:
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        raise Failure(f"missing programs: {' '.join(missing)} (see scripts/xboard/README.md)")


def xboard_program() -> str:
    return shutil.which("xboard") or "/usr/games/xboard"


class Display:
    """A private Xvfb server; its number is chosen by Xvfb itself (-displayfd)."""

    def __init__(self, width: int = 1400, height: int = 1100):
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise Failure("Xvfb did not start")
        self.name = f":{number}"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["DISPLAY"] = self.name
        return env

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@dataclass
class Traffic:
    """One line of XBoard's debug log about the engine: `sent` is XBoard -> engine."""
    sent: bool
    text: str


class DebugLog:
    """Reads XBoard's `-debug` file as it grows. XBoard logs each write to the engine with its own
    `NNN >first : ` prefix, and may split one command over several writes on one line
    (`usermove ` then `e2e4`), so a line is cut at every prefix and the pieces are joined."""

    LINE = re.compile(r"\d+ ([<>])first : ")

    def __init__(self, path: Path):
        self.path = path
        self.offset = 0
        self.pending = ""
        self.seen: list[Traffic] = []

    def poll(self) -> list[Traffic]:
        try:
            with open(self.path, "rb") as f:
                if os.fstat(f.fileno()).st_size < self.offset:
                    raise Failure(f"{self.path} was truncated while being read")
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return []
        self.offset += len(chunk)
        self.pending += chunk.decode("utf-8", "replace")
        *lines, self.pending = self.pending.split("\n")
        new = []
        for line in lines:
            parts = self.LINE.split(line)
            if len(parts) < 3:
                continue
            sent = parts[1] == ">"
            text = "".join(parts[2::2]).strip()
            if text:
                new.append(Traffic(sent, text))
        self.seen.extend(new)
        return new


class EngineLog:
    """The engine's `--log-file`: Kaleido logs `position <FEN> | xboard <FEN>` after every move,
    take-back and set-up position, which is how the engine's board is read without a command
    that would disturb the game."""

    POSITION = re.compile(r"position (.+?) \| xboard (.+)$")

    def __init__(self, path: Path):
        self.path = path

    def positions(self) -> list[tuple[str, str]]:
        """Every (UCI-dialect FEN, XBoard-dialect FEN) the engine logged, oldest first."""
        try:
            text = self.path.read_text(errors="replace")
        except FileNotFoundError:
            return []
        found = []
        for line in text.splitlines():
            m = self.POSITION.search(line)
            if m:
                found.append((m.group(1).strip(), m.group(2).strip()))
        return found

    def last_position(self, skip: int = 0) -> tuple[str, str] | None:
        """The latest position logged, if more than `skip` were."""
        found = self.positions()
        return found[-1] if len(found) > skip else None


def load_ppm(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes of a binary PPM (P6, maxval 255)."""
    fields: list[bytes] = []
    i = 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P6" or fields[3] != b"255":
        raise Failure("unexpected screenshot format")
    return int(fields[1]), int(fields[2]), data[i + 1:]


@dataclass
class BoardGeometry:
    """Where XBoard draws its board inside the main window (window-relative pixels)."""
    left: float
    top: float
    pitch: float
    columns: int  # drawn columns: the files plus 2+2 holdings columns when there are holdings
    ranks: int
    holdings: bool

    @property
    def files(self) -> int:
        return self.columns - (4 if self.holdings else 0)

    def square_column(self, name: str) -> tuple[int, int]:
        """(drawn column from the left, row from the top) of an XBoard square name."""
        m = re.fullmatch(r"([a-z])(\d+)", name)
        if not m:
            raise Failure(f"not an XBoard square name: {name!r}")
        file = ord(m.group(1)) - ord("a")
        rank = int(m.group(2)) - (0 if self.ranks == 10 else 1)
        if not (0 <= file < self.files and 0 <= rank < self.ranks):
            raise Failure(f"square {name} is off the {self.files}x{self.ranks} board")
        return file + (2 if self.holdings else 0), self.ranks - 1 - rank

    def square_names(self) -> list[str]:
        base = 0 if self.ranks == 10 else 1
        return [f"{chr(ord('a') + f)}{r + base}" for r in range(self.ranks)
                for f in range(self.files)]

    def holdings_cell(self, white: bool, index: int) -> tuple[int, int]:
        """(column, row) of holdings slot `index` (XBoard's piece-table order of the variant):
        White's holdings fill the right column from the bottom up, Black's the left column from
        the top down."""
        if not self.holdings:
            raise Failure("this board has no holdings")
        if white:
            return self.columns - 1, self.ranks - 1 - index
        return 0, index

    def centre(self, column: int, row: int) -> tuple[int, int]:
        return (round(self.left + (column + 0.5) * self.pitch),
                round(self.top + (row + 0.5) * self.pitch))


def measure_board(width: int, height: int, rgb: bytes, columns: int, ranks: int,
                  holdings: bool) -> BoardGeometry:
    """Finds the board in a screenshot of XBoard's main window from its grid: the vertical grid
    lines are the columns whose longest dark stretch is one and the same, and the longest of all
    (the board's height: holes and empty holdings are dark too, but never taller than the grid);
    the outermost of them bound the board. The measured pitch must fit the expected
    `columns` x `ranks` squares (checked both ways), or the measurement is refused."""

    def dark(x: int, y: int) -> bool:
        o = (y * width + x) * 3
        return rgb[o] < 48 and rgb[o + 1] < 48 and rgb[o + 2] < 48

    spans: dict[tuple[int, int], list[int]] = {}
    for x in range(width):
        best = (0, 0)
        start = None
        for y in range(height + 1):
            if y < height and dark(x, y):
                if start is None:
                    start = y
            elif start is not None:
                if y - start > best[1]:
                    best = (start, y - start)
                start = None
        if best[1] > 60:
            spans.setdefault(best, []).append(x)
    if not spans:
        raise Failure("no board grid found in the screenshot")
    lines = {span: xs for span, xs in spans.items() if len(xs) >= 2}
    if not lines:
        raise Failure("no board grid found in the screenshot")
    (top, length), xs = max(lines.items(), key=lambda kv: kv[0][1])
    gap = 1  # the width of a grid line
    while min(xs) + gap in xs:
        gap += 1
    # the middles of the outermost grid lines
    left, right = min(xs) + (gap - 1) / 2, max(xs) - (gap - 1) / 2
    pitch_x = (right - left) / columns
    pitch_y = (length - gap) / ranks
    top = top + (gap - 1) / 2
    if abs(pitch_x - pitch_y) > 1.5:
        raise Failure(f"board grid does not fit {columns}x{ranks} squares "
                      f"(pitch {pitch_x:.1f} across, {pitch_y:.1f} down)")
    return BoardGeometry(left, top, (pitch_x + pitch_y) / 2, columns, ranks, holdings)


def engine_setup(engine: Path, variant: str) -> str | None:
    """The engine's `setup` line for `variant` (what it tells XBoard), None for XBoard's own
    chess and xiangqi."""
    if variant in OWN_VARIANT_SIZES:
        return None
    try:
        text = subprocess.run([str(engine)], input=f"xboard\nprotover 2\nvariant {variant}\n"
                              "ping 1\nquit\n", capture_output=True, text=True,
                              timeout=30).stdout
    except subprocess.TimeoutExpired:
        raise Failure(f"{engine} did not answer `variant {variant}`")
    for line in text.splitlines():
        if line.startswith("setup"):
            return line
    raise Failure(f"{engine} sent no setup for {variant}: {text.strip()[-200:]}")


def engine_board(setup: str | None, variant: str) -> tuple[int, int, bool]:
    """files, ranks, holdings of the board: from the engine's `setup`, else XBoard's own."""
    if setup is None:
        files, ranks = OWN_VARIANT_SIZES[variant]
        return files, ranks, False
    return parse_setup(setup)


def board_options(setup: str) -> list[str]:
    """XBoard's command-line options for the board a `setup` line describes (size, holdings,
    piece letters): what XBoard needs to read a position file (-lpf) of an engine-defined
    variant before the engine has told it the board."""
    m = re.match(r"setup \((\S+)\)\s+(\d+)x(\d+)\+(\d+)_", setup)
    if not m:
        raise Failure(f"cannot read the board from {setup!r}")
    table, width, height, holdings = m.groups()
    return ["-boardWidth", width, "-boardHeight", height, "-holdingsSize", holdings,
            "-pieceToCharTable", table]


# XBoard's marker dots (draw.c): the colour names a person reads them by.
MARKER_COLOURS = {(255, 255, 0): "yellow", (255, 0, 0): "red", (0, 255, 0): "green",
                  (0, 0, 255): "blue", (0, 255, 255): "cyan", (255, 0, 255): "magenta"}


HIGHLIGHT_COLOURS = {"Y": "yellow", "R": "red", "G": "green", "B": "blue", "C": "cyan",
                     "M": "magenta"}


def highlight_marks(colour_fen: str, geometry: BoardGeometry) -> dict[str, str]:
    """The squares an engine's `highlight COLOURFEN` marks (ranks from the top, digits for
    unmarked squares), with the colour XBoard draws for each: XBoard draws a lower-case letter's
    dot too (only an upper-case one is a legal target)."""
    marks = {}
    names = geometry.square_names()  # rank by rank from the bottom
    for row, rank in enumerate(colour_fen.split("/")):
        squares = rank_squares(rank)
        for file, letter in enumerate(squares):
            colour = HIGHLIGHT_COLOURS.get(letter.upper())
            if colour and file < geometry.files and row < geometry.ranks:
                marks[names[(geometry.ranks - 1 - row) * geometry.files + file]] = colour
    return marks


def marker_at(width: int, rgb: bytes, x: int, y: int, radius: int) -> str | None:
    """The colour of the fat dot XBoard draws in a square's centre (a quarter of the square
    across), if one is there: five points of the dot must show the same pure marker colour."""
    found = set()
    for dx, dy in ((0, 0), (radius, 0), (-radius, 0), (0, radius), (0, -radius)):
        o = ((y + dy) * width + x + dx) * 3
        pixel = (rgb[o], rgb[o + 1], rgb[o + 2])
        colour = next((name for c, name in MARKER_COLOURS.items()
                       if all(abs(a - b) < 24 for a, b in zip(c, pixel))), None)
        found.add(colour)
    return found.pop() if len(found) == 1 else None


def parse_setup(line: str) -> tuple[int, int, bool]:
    """files, ranks and whether there are holdings, from `setup (...) WxH+S_parent FEN`."""
    m = re.search(r"\)\s+(\d+)x(\d+)\+(\d+)_", line)
    if not m:
        raise Failure(f"cannot read the board size from {line!r}")
    return int(m.group(1)), int(m.group(2)), int(m.group(3)) > 0


# ---- FENs as XBoard writes them ----------------------------------------------------------

@dataclass
class BoardText:
    """A FEN reduced to what XBoard's board shows: squares (rank by rank from the top, one entry
    per square: '' empty, '*' inaccessible, else the piece letter with a `+` prefix if any),
    the side to move and the holdings (sorted letters; None when the FEN has no holdings part).
    XBoard's `~` (a promoted piece) is dropped: it changes nothing that is drawn."""
    rows: list[list[str]]
    side: str
    holdings: str | None


def board_text(fen: str) -> BoardText:
    fields = fen.split()
    if len(fields) < 2:
        raise Failure(f"not a FEN: {fen!r}")
    placement, side = fields[0], fields[1]
    holdings = None
    if "[" in placement:
        placement, rest = placement.split("[", 1)
        holdings = rest.split("]", 1)[0]
    rows = [rank_squares(rank) for rank in placement.split("/")]
    held = None if holdings is None else "".join(sorted(c for c in holdings if c.isalpha()))
    return BoardText(rows, side, held)


def rank_squares(rank: str) -> list[str]:
    row: list[str] = []
    i = 0
    while i < len(rank):
        c = rank[i]
        if c.isdigit():
            j = i
            while j < len(rank) and rank[j].isdigit():
                j += 1
            row.extend([""] * int(rank[i:j]))
            i = j
        elif c == "~":
            i += 1
        elif c == "+" and i + 1 < len(rank):
            row.append(rank[i:i + 2])
            i += 2
        else:
            row.append(c)
            i += 1
    return row


def board_differences(xboard: BoardText, engine: BoardText) -> tuple[list[str], list[str]]:
    """What differs (a desync), and what XBoard shows beyond the engine's board without
    misleading (notes), in words a person can check on the screenshot. Two things are notes:
    a piece XBoard keeps on a square the engine calls inaccessible (`*`: a piece taken out of
    the game, parked there), and holdings when the engine's FEN has none (XBoard files every
    capture there on a board with holdings, whatever the game does with it)."""
    diffs: list[str] = []
    notes: list[str] = []
    if len(xboard.rows) != len(engine.rows):
        return [f"XBoard has {len(xboard.rows)} ranks, the engine {len(engine.rows)}"], notes
    n = len(xboard.rows)
    for r, (a, b) in enumerate(zip(xboard.rows, engine.rows)):
        if len(a) != len(b):
            diffs.append(f"rank {n - r} (from the bottom): XBoard has {len(a)} squares, "
                         f"the engine {len(b)}")
            continue
        for f, (pa, pb) in enumerate(zip(a, b)):
            if pa == pb:
                continue
            square = f"{chr(ord('a') + f)}{n - r - (1 if n == 10 else 0)}"
            text = f"{square}: XBoard {pa or 'empty'}, engine {pb or 'empty'}"
            (notes if pb == "*" else diffs).append(text)
    if xboard.side != engine.side:
        diffs.append(f"side to move: XBoard {xboard.side}, engine {engine.side}")
    if (xboard.holdings or "") != (engine.holdings or ""):
        text = f"holdings: XBoard [{xboard.holdings or ''}], engine [{engine.holdings or ''}]"
        (notes if engine.holdings is None else diffs).append(text)
    return diffs, notes
