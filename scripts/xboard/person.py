#!/usr/bin/env python3
"""The scripted person: plays Kaleido in a real XBoard 4.9.1 under Xvfb with the mouse.

    person.py --variant V [--fen FEN [--lpf]] [--out DIR] [--engine BIN] SOURCE

SOURCE is one of
    --actions FILE | -a ACTION ...  a person's actions, one a line (below)
    --moves MOVE ...                turns in UCI notation; `kaleido person` says how a person
                                    enters each (its actions), in the position the engine holds
    --turns N [--nodes K]           N turns, each chosen by a second Kaleido
                                    (`kaleido analyse --nodes K` on the engine's position)
      [--want REGEX ...]            ... except that a legal turn (`kaleido moves`) matching the
                                    first REGEX not yet played is played as soon as there is
                                    one; the run ends when every REGEX has been played

Actions (XBoard square names: ranks from 0 on boards with exactly 10 ranks):
    drag FROM TO     press on FROM, move, release on TO (FROM may be `white@N`: holdings slot N)
    press SQ         pick a piece up and hold it; the report lists the target dots XBoard shows
    marked SQ ...    exactly these squares show a target dot (none: no square does)
    release SQ       move the held piece to SQ and let go
    click SQ         click a square
    choose LETTER    pick LETTER in XBoard's piece picker
    type TEXT        type into XBoard's move type-in box and press Return
    wait             until the engine answers: `move @@@@` hands the turn back mid-turn, any
                     other move ends its turn and the boards are compared
    refused          the engine has answered the last part with `Illegal move`
    check            compare XBoard's board with the engine's now
    load FEN         Edit -> Paste Position with FEN on the clipboard (XBoard is then in
                     Edit Game mode: `mode machine-black` hands Black back to the engine)
    mode NAME        a Mode menu entry: machine-white, machine-black, two-machines, analysis,
                     edit-game, edit-position
    shot NAME        an extra screenshot NAME.png
    sleep SECONDS

After every step a screenshot NN-action.png goes into DIR. XBoard's board is read with
Edit -> Copy Position, the engine's from the `position` lines Kaleido logs to its --log-file;
both are reduced to what XBoard draws (squares, side to move, holdings) and must be equal after
every engine turn (`wait`) and every `check`. A stall (no answer within --timeout seconds), a
desync, a move XBoard does not pass on, or an `Illegal move` that was not expected is a failure
with a message; the exit status is 0 only if every step passed. DIR/report.txt has each step
with its time and the engine traffic it caused.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from xbgui import XBoardGui  # noqa: E402
from xbharness import (Display, Failure, board_differences, board_text,  # noqa: E402
                       board_options, engine_board, engine_setup, highlight_marks,
                       require_tools)

REPO = Path(__file__).resolve().parents[2]
PERSON_MOVES = {"drag", "release", "choose", "type"}
# XBoard's Mode menu, by the keys its menu lists for each entry.
MODE_KEYS = {"machine-white": "ctrl+w", "machine-black": "ctrl+b", "two-machines": "ctrl+t",
             "analysis": "ctrl+a", "edit-game": "ctrl+e", "edit-position": "ctrl+shift+e"}


class Person:
    def __init__(self, gui: XBoardGui, engine: Path, variant: str, out: Path, timeout: float):
        self.gui = gui
        self.engine = engine
        self.variant = variant
        self.out = out
        self.timeout = timeout
        self.step = 0
        self.report = open(out / "report.txt", "w")
        self.mark = 0  # index into the debug traffic where the current step began
        self.unanswered = 0  # ... where the engine's answers not yet waited for begin
        self.compared = 0
        self.after_first_part: list[str] = []  # actions after the first turn's first part
        self.game_over: str | None = None  # the result line that ended the game
        self.games = 1
        self.show_marks = False  # each drag as press (marks checked, photographed) + release
        self.positions_before_game = 0  # engine log positions of the games before this one

    def log(self, text: str) -> None:
        print(text, flush=True)
        self.report.write(text + "\n")
        self.report.flush()

    def do(self, line: str) -> None:
        words = shlex.split(line)
        if not words or words[0].startswith("#"):
            return
        verb, args = words[0], words[1:]
        self.step += 1
        started = time.time()
        self.gui.debug.poll()
        self.mark = len(self.gui.debug.seen)
        if verb in PERSON_MOVES or verb == "click":
            self.unanswered = self.mark
        note = self.perform(verb, args)
        if verb not in ("shot", "check", "sleep", "refused", "marked"):
            # What the person sees right after the action (before the engine's answer).
            time.sleep(0.3)
            name = re.sub(r"[^A-Za-z0-9@-]+", "-", "-".join(words)).replace("@", "at")
            self.gui.screenshot(self.out / f"{self.step:02d}-{name[:40]}.png")
        if verb in PERSON_MOVES:
            self.expect_passed_on(verb)
        traffic = [("> " if t.sent else "< ") + t.text
                   for t in self.gui.traffic_since(self.mark)
                   if not t.text[:1].isdigit()]  # not the engine's thinking lines
        self.log(f"[{self.step:02d}] {line}  ({time.time() - started:.1f}s){note}")
        for t in traffic:
            self.log(f"      {t}")

    def perform(self, verb: str, args: list[str]) -> str:
        g = self.gui
        if verb == "drag":
            g.press(args[0])
            self.see_marks()
            g.release(args[1])
        elif verb == "press":
            g.press(args[0])
            self.see_marks()
            return "  marks: " + self.drawn_marks()
        elif verb == "marked":
            return self.expect_marks(args)
        elif verb == "release":
            g.release(args[0])
        elif verb == "click":
            g.click(args[0])
        elif verb == "choose":
            g.choose(args[0])
        elif verb == "type":
            g.type_text(" ".join(args), self.out / f"{self.step:02d}-typing.png")
        elif verb == "wait":
            return self.wait()
        elif verb == "refused":
            self.expect_refusal()
        elif verb == "check":
            return self.compare()
        elif verb == "load":
            g.set_clipboard(" ".join(args))
            g.keys("ctrl+shift+v")
            time.sleep(1.0)
        elif verb == "mode":
            if args[0] not in MODE_KEYS:
                raise Failure(f"mode {args[0]}: one of {', '.join(MODE_KEYS)}")
            g.keys(MODE_KEYS[args[0]])
            time.sleep(0.5)
        elif verb == "shot":
            g.screenshot(self.out / f"{args[0]}.png")
        elif verb == "sleep":
            time.sleep(float(args[0]))
        else:
            raise Failure(f"unknown action {verb!r}")
        return ""

    def see_marks(self) -> None:
        """A person looks at the target dots before moving the piece: when XBoard told the
        engine about the lift (`lift SQ`), until the engine's `highlight` is in and drawn.
        (XBoard uses the marks when the piece is put down: a piece put down before they
        arrive goes as a plain move, without the picker a magenta mark asks for.)"""
        deadline = time.time() + 3
        while time.time() < deadline:
            traffic = self.gui.traffic_since(self.mark)
            lifted = any(t.sent and t.text.startswith("lift") for t in traffic)
            if any(not t.sent and t.text.startswith("highlight") for t in traffic):
                break
            if not lifted and time.time() > deadline - 2.5:
                break  # no lift sent within 0.5 s: the engine takes no part in the marks
            time.sleep(0.05)
        time.sleep(0.2)

    def drawn_marks(self) -> str:
        """The marks XBoard draws, which must be the ones the engine sent (`highlight`)."""
        shown = self.gui.marks()
        sent = [t.text.split(None, 1)[1] for t in self.gui.traffic_since(self.mark)
                if not t.sent and t.text.startswith("highlight ")]
        if sent:
            assert self.gui.geometry is not None
            wanted = highlight_marks(sent[-1], self.gui.geometry)
            # With legality testing on XBoard draws its own marks (red for a capture) and
            # ignores the engine's: then the squares must agree, not the colours.
            same = set(wanted) == set(shown) if self.gui.legality else wanted == shown
            if not same:
                raise Failure(f"XBoard draws {describe_marks(shown) or 'no marks'}, the engine "
                              f"sent {describe_marks(wanted) or 'none'} (highlight {sent[-1]})")
        return (describe_marks(shown) or "none") + (" (the engine's squares)" if sent else "")

    def expect_marks(self, squares: list[str]) -> str:
        """Exactly `squares` show a target dot (any colour); `marked` alone: none does."""
        shown = self.gui.marks()
        missing = sorted(set(squares) - set(shown))
        extra = sorted(set(shown) - set(squares))
        if missing or extra:
            raise Failure(f"marks: expected {' '.join(sorted(squares)) or 'none'}, XBoard shows "
                          f"{describe_marks(shown) or 'none'}")
        return "  marks as expected: " + (describe_marks(shown) or "none")

    def expect_passed_on(self, verb: str) -> None:
        """A person's move must reach the engine (or open XBoard's picker)."""
        deadline = time.time() + 3
        while time.time() < deadline:
            if any(t.sent and t.text.startswith("usermove") for t in
                   self.gui.traffic_since(self.mark)):
                return
            if verb != "choose" and self.gui.run("xdotool", "search", "--onlyvisible",
                                                 "--name", "^Promotion", check=False).strip():
                return
            time.sleep(0.1)
        raise Failure(f"{verb}: XBoard passed no move to the engine (it refused it, or it "
                      f"was not its turn: see the screenshot)")

    def answers(self) -> list[str]:
        """What the engine said since the person's last action."""
        return [t.text for t in self.gui.traffic_since(self.unanswered) if not t.sent]

    def expect_refusal(self) -> None:
        deadline = time.time() + self.timeout
        while time.time() < deadline:
            if any(a.startswith("Illegal move") for a in self.answers()):
                self.unanswered = len(self.gui.debug.seen)
                return
            time.sleep(0.1)
        raise Failure("the engine did not answer the last part with Illegal move")

    def wait(self) -> str:
        """Until the engine's move lines stop coming (its parts arrive together)."""
        deadline = time.time() + self.timeout
        moves: list[str] = []
        last = 0.0
        while True:
            answers = self.answers()
            refusals = [a for a in answers if a.startswith(("Illegal move", "Error"))]
            if refusals:
                raise Failure(f"the engine refused: {refusals[0]}")
            now_moves = [a.split(None, 1)[1] for a in answers if a.startswith("move ")]
            if len(now_moves) != len(moves):
                moves, last = now_moves, time.time()
            ended = [a for a in answers if a.startswith(("1-0", "0-1", "1/2-1/2", "resign"))]
            if (moves or ended) and time.time() - last > 0.8:
                break
            if ended and not last:
                last = time.time()  # a result instead of a move: let the lines settle
            if time.time() > deadline:
                raise Failure(f"stall: the engine sent no move within {self.timeout:.0f}s")
            if not self.gui.alive():
                raise Failure("XBoard exited")
            time.sleep(0.1)
        self.gui.debug.poll()
        self.unanswered = len(self.gui.debug.seen)
        if ended:
            self.game_over = ended[0]
            said = f"  engine: move {' | '.join(moves)}," if moves else "  engine:"
            return f"{said} game over: {ended[0]}" + self.compare()
        if moves[-1] == "@@@@":
            return f"  engine: move {' '.join(moves)} (turn handed back)"
        return f"  engine: move {' | '.join(moves)}" + self.compare()

    def new_game(self) -> None:
        """File -> New Game (Ctrl+N): XBoard sends the engine `new` and the variant again."""
        self.game_over = None
        self.games += 1
        self.positions_before_game = len(self.gui.engine_log.positions())
        self.gui.debug.poll()
        start = len(self.gui.debug.seen)
        self.gui.keys("ctrl+n")
        deadline = time.time() + self.timeout
        while time.time() < deadline:
            traffic = self.gui.traffic_since(start)
            sent_new = [i for i, t in enumerate(traffic) if t.sent and t.text == "new"]
            if sent_new and any(not t.sent and t.text.startswith("pong")
                                for t in traffic[sent_new[0]:]):
                break
            time.sleep(0.1)
        else:
            raise Failure("File -> New Game: XBoard and the engine did not start a new game")
        time.sleep(0.5)
        self.do(f"shot {self.step + 1:02d}-new-game-{self.games}")

    def compare(self) -> str:
        xboard_fen = self.gui.copy_position()
        engine = self.gui.engine_log.last_position(self.positions_before_game)
        if engine is None:
            raise Failure(f"the engine has logged no position (XBoard shows {xboard_fen})")
        engine_fen = engine[1]
        self.compared += 1
        with open(self.out / "positions.txt", "a") as f:
            f.write(f"step {self.step}\n  xboard {xboard_fen}\n  engine {engine_fen}\n"
                    f"  engine (UCI) {engine[0]}\n")
        diffs, notes = board_differences(board_text(xboard_fen), board_text(engine_fen))
        if diffs:
            shown = "; ".join(diffs[:8])
            if len(diffs) > 8:
                shown += f"; and {len(diffs) - 8} more"
            raise Failure("desync: XBoard's board differs from the engine's: "
                          + shown + f"\n  XBoard: {xboard_fen}\n  engine: {engine_fen}")
        return "  boards equal" + (f" (XBoard also shows: {'; '.join(notes)})" if notes else "")

    def engine_fen(self, fallback: str) -> str:
        """The position the engine holds (UCI form), or `fallback` if it has logged none in
        this game (a game from the start position)."""
        engine = self.gui.engine_log.last_position(self.positions_before_game)
        return engine[0] if engine else fallback

    def kaleido(self, *args: str) -> str:
        result = subprocess.run([str(self.engine), *args], capture_output=True, text=True,
                                timeout=120)
        if result.returncode != 0:
            raise Failure(f"kaleido {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def actions_for(self, fen: str, move: str) -> list[str]:
        """How a person enters `move`, from the engine (`kaleido person`)."""
        lines = self.kaleido("person", "--variant", self.variant, "--fen", fen, move)
        return [line.strip() for line in lines.splitlines() if line.strip()]

    def play_turn(self, fen: str, move: str) -> None:
        actions = self.actions_for(fen, move)
        self.log(f"turn {move}: {' ; '.join(actions)}")
        if self.show_marks:
            split = []
            for action in actions:
                words = action.split()
                if words[0] == "drag":
                    split += [f"press {words[1]}", f"release {words[2]}"]
                else:
                    split.append(action)
            actions = split
        actions.append("wait")
        # before the first turn's first wait: after its first part
        at = actions.index("wait")
        actions[at:at] = self.after_first_part
        self.after_first_part = []
        for action in actions:
            self.do(action)

    def next_turn(self, fen: str, nodes: int,
                  wants: list[re.Pattern]) -> tuple[str | None, re.Pattern | None]:
        """The first legal turn matching a wanted pattern, else the second Kaleido's choice."""
        if wants:
            legal = self.kaleido("moves", "--variant", self.variant, "--fen", fen).split()
            for want in wants:
                found = [m for m in legal if want.search(m)]
                if found:
                    return found[0], want
        return self.choose_move(fen, nodes), None

    def choose_move(self, fen: str, nodes: int) -> str | None:
        text = self.kaleido("analyse", "--variant", self.variant, "--fen", fen, "--nodes",
                            str(nodes), "--threads", "1")
        for line in text.splitlines():
            if line.startswith("bestmove"):
                parts = line.split()  # bestmove MOVE [ponder MOVE]
                return parts[1] if len(parts) > 1 and parts[1] != "(none)" else None
        return None


def describe_marks(marks: dict[str, str]) -> str:
    return " ".join(f"{sq}({colour})" for sq, colour in sorted(marks.items()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True, help="Kaleido's variant name")
    ap.add_argument("--engine", type=Path, default=REPO / "target/release/kaleido")
    ap.add_argument("--out", type=Path, default=Path("person-out"))
    ap.add_argument("--fen", help="start from this position (XBoard's FEN form)")
    ap.add_argument("--lpf", action="store_true",
                    help="load --fen the way a person does: xboard -lpf FILE")
    ap.add_argument("--board-options", action="store_true",
                    help="give XBoard the board on its command line (-boardWidth, "
                         "-boardHeight, -holdingsSize, -pieceToCharTable, from the engine's "
                         "setup): XBoard reads an engine-defined variant's -lpf file only so")
    ap.add_argument("--legality", choices=["on", "off"],
                    help="XBoard's legality testing (default: on for chess and xiangqi, off "
                         "for engine-defined variants, as the README prescribes)")
    ap.add_argument("--timeout", type=float, default=30, help="seconds to wait for the engine")
    ap.add_argument("--search-seconds", type=float, default=1)
    ap.add_argument("--actions", type=Path)
    ap.add_argument("-a", "--action", action="append", default=[])
    ap.add_argument("--moves", nargs="+", default=[])
    ap.add_argument("--turns", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--want", action="append", default=[])
    ap.add_argument("--show-marks", action="store_true",
                    help="enter each drag of a turn as press + release: the screenshot between "
                         "shows the target dots, which must be the ones the engine sent")
    ap.add_argument("--then-machine-black", action="store_true",
                    help="after the first part of the person's first turn, Mode -> Machine "
                         "Black: what a person does after Edit -> Paste Position (XBoard is "
                         "then in Edit Game mode and sends the engine `go`)")
    ap.add_argument("--xboard-arg", action="append", default=[],
                    help="one more argument for xboard (repeatable)")
    args = ap.parse_args()

    require_tools(["Xvfb", "xdotool", "import", "convert", "xclip"])
    if not args.engine.exists():
        print(f"no engine at {args.engine} (cargo build --release, or --engine)",
              file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for old in list(args.out.glob("*.png")) + [args.out / "positions.txt"]:
        old.unlink(missing_ok=True)
    xboard_name = {"chess": "normal"}.get(args.variant, args.variant)
    legality = (args.legality or ("on" if xboard_name in ("normal", "xiangqi") else "off")) == "on"
    position_file = None
    if args.fen and args.lpf:
        position_file = args.out / "position.fen"
        position_file.write_text(args.fen + "\n")

    try:
        wants = [re.compile(w) for w in args.want]
    except re.error as e:
        print(f"bad --want pattern: {e}", file=sys.stderr)
        return 2
    try:
        setup = engine_setup(args.engine, xboard_name)
    except Failure as e:
        print(e, file=sys.stderr)
        return 2
    files, _, holdings = engine_board(setup, xboard_name)
    if args.board_options:
        if setup is None:
            print("--board-options: only for engine-defined variants", file=sys.stderr)
            return 2
        args.xboard_arg += board_options(setup)
    started = time.time()
    display = Display()
    gui = XBoardGui(display, args.out, args.engine, xboard_name, legality, args.search_seconds,
                    files + (4 if holdings else 0), position_file, args.xboard_arg)
    person = Person(gui, args.engine, args.variant, args.out, args.timeout)
    person.show_marks = args.show_marks
    if args.then_machine_black:
        person.after_first_part = ["mode machine-black"]
    status = 0
    try:
        gui.wait_ready()
        g = gui.geometry
        person.log(f"variant {args.variant} (XBoard {xboard_name}), legality "
                   f"{'on' if legality else 'off'}, board {g.files}x{g.ranks}"
                   f"{' + holdings' if g.holdings else ''}, square pitch {g.pitch:.1f}px")
        person.do("shot 00-start")
        actions = list(args.action)
        if args.actions:
            actions += args.actions.read_text().splitlines()
        for action in actions:
            person.do(action)
        fen = args.fen or "startpos"
        for move in args.moves:
            person.play_turn(person.engine_fen(fen), move)
        for turn in range(args.turns):
            if person.game_over:
                person.log(f"game {person.games} over ({person.game_over}): a new game")
                person.new_game()
                fen = "startpos"
            current = person.engine_fen(fen)
            move, wanted = person.next_turn(current, args.nodes, wants)
            if move is None:
                raise Failure(f"turn {turn + 1}: no legal move at {current}, and no result")
            person.log(f"turn {turn + 1}: {move}" + (f" (wanted: {wanted.pattern})"
                                                       if wanted else ""))
            person.play_turn(current, move)
            if wanted:
                wants.remove(wanted)
                if not wants:
                    break
        if wants:
            raise Failure("no turn matching " + ", ".join(w.pattern for w in wants)
                          + f" came up in {args.turns} turns")
        person.log(f"PASS: {person.step} steps, {person.compared} board comparisons, "
                   f"{person.games} game{'s' if person.games > 1 else ''}, "
                   f"{time.time() - started:.0f}s")
    except Failure as e:
        try:
            gui.screenshot(args.out / "failure.png")
        except Failure:
            pass
        person.log(f"FAIL at step {person.step}: {e}  ({time.time() - started:.0f}s)")
        status = 1
    finally:
        gui.close()
        display.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
