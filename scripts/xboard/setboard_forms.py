#!/usr/bin/env python3
"""The `setboard` XBoard 4.9.1 sends an engine for a position, measured: what the transcript
tests of engine-tests/tests/xboard_setboard.rs pin.

    scripts/xboard/setboard_forms.py [--engine BIN] [--out DIR] [--variants V ...]

For each position below (a variant's start, or the position after some turns in Kaleido's UCI
notation) the engine writes its XBoard FEN (the form its `setup` uses); XBoard loads that FEN
(-lpf, the path of File -> Load Position, with the board on its command line for an
engine-defined variant, scripts/xboard/README.md) and starts one Two Machines game, Kaleido
against Kaleido; the lines XBoard sends (`setboard` to each engine, and for the start of a game
without -lpf the second engine's `setboard`) are read from its debug file. Prints, per
position: the variant, the label, the engine's XBoard FEN and each distinct `setboard` FEN.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
from two_machines import CLEARED  # noqa: E402
from xbharness import board_options, engine_setup  # noqa: E402

# (variant, label, FEN or None for the start, turns in UCI notation)
CASES = [
    ("chess", "after e2e4 (e.p.)", None, "e2e4"),
    ("chess", "white castled", None, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"),
    ("xiangqi", "after a cannon move", None, "b3e3"),
    ("sin-yeon-sang-gi", "after a pawn", None, "a4a5"),
    ("symmetron-112", "after a flip in place", None, "b1~"),
    ("symmetron-112", "after an entry", None, "@e4"),
    ("sonic", "after a form change", None, "b1c3~n"),
    ("sonic-springs", "after a form change", None, "b1a3~n"),
    ("reflection-14", "after a castling pair", CLEARED["reflection-14"], "g1e1,g14e14"),
    ("reflection-14-rev", "after a castling pair", CLEARED["reflection-14-rev"],
     "h1j1,g14e14"),
    ("reflection-12", "after a castling pair", CLEARED["reflection-12"], "g1i1,g12i12"),
    ("reflection-12-rev", "after a castling pair", CLEARED["reflection-12-rev"],
     "f1d1,g12i12"),
    ("reflection-mini", "after a pair", None, "c2c3,c7c6"),
    ("reflection-mini-rev", "after a pair", None, "c2c3,f7f6"),
    ("reflection-8", "after a pair", None, "b1c3,b8c6"),
    ("reflection-8-rev", "after a pair", None, "g1f3,b8c6"),
    ("reflection-twoboard", "after double steps (e.p.)", None, "c2c4,n2n4"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def play(engine: Path, variant: str, fen: str | None, turns: str) -> str:
    """The position after `turns`, in the XBoard form the engine's `setup` uses."""
    cmd = [str(engine), "play", "--xboard", "--variant", variant] + (["--fen", fen] if fen else [])
    res = run(cmd + turns.split(), timeout=30)
    if res.returncode != 0 or not res.stdout.strip():
        raise SystemExit(f"{variant}: {turns}: {res.stderr.strip()}")
    return res.stdout.strip().splitlines()[-1]


def measure(engine: Path, out: Path, variant: str, fen: str | None) -> list[str]:
    """Runs one game (-adjudicateDrawMoves 1 ends it at once) and returns the `setboard` lines."""
    out.mkdir(parents=True, exist_ok=True)
    extra = ["-depth", "1", "-adjudicateDrawMoves", "1"]
    if fen is not None:
        (out / "position.fen").write_text(fen + "\n")
        extra += ["-lpf", str(out / "position.fen")]
        if variant not in ("chess", "xiangqi"):
            extra += board_options(engine_setup(engine, variant))
    cmd = [str(HERE / "match.sh"), "-v", variant, "-g", "1", "-t", "30", "-i", "1", "-N",
           "-o", str(out), "-T", "120", "-1", str(engine), "-2", str(engine)]
    if variant not in ("chess", "xiangqi"):
        cmd.append("-L")
    run(cmd + ["--"] + extra)
    debug = (out / "xboard.debug").read_text(errors="replace")
    return re.findall(r"^\d+ >(first |second): (setboard .*)$", debug, re.M)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", type=Path, default=REPO / "target/release/kaleido")
    ap.add_argument("--out", type=Path, default=Path("xboard-setboard-forms"))
    ap.add_argument("--variants", nargs="*")
    args = ap.parse_args()
    engine = args.engine.resolve()
    variants = args.variants or run([str(engine), "variants"]).stdout.split()
    n = 0
    for variant in variants:
        cases = [("start (Two Machines, second engine)", None)]
        for v, label, fen, turns in CASES:
            if v == variant:
                cases.append((label, play(engine, v, fen, turns)))
        for label, fen in cases:
            n += 1
            lines = measure(engine, args.out / f"{n:02d}-{variant}", variant, fen)
            print(f"{variant} | {label}")
            print(f"  engine:   {fen or '(start: new + variant)'}")
            for who, line in dict.fromkeys(lines):
                print(f"  {who.strip():6}: {line}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
