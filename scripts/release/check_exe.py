#!/usr/bin/env python3
"""Checks a Kaleido build against another, line for line: the UCI and XBoard handshakes, a fixed
node search (UCI) and a fixed depth search (XBoard) of one thread, and every variant's perft.
scripts/release.sh runs it with the Linux binary as reference and `wine kaleido.exe` as the
candidate. Usage: check_exe.py REFERENCE [ARG...] -- CANDIDATE [ARG...]. Exits 1 on a difference."""

import queue
import re
import subprocess
import sys
import threading
import time

TIMEOUT = 120  # seconds for any one answer; wine's first start is slow
# Tokens that depend on the machine, not on the search: left out of the comparison (UCI's time,
# nps and hashfull; the centiseconds, third field, of an XBoard thinking line `ply score time nodes pv`).
VOLATILE = re.compile(r" (time|nps|hashfull) \d+")
XBOARD_TIME = re.compile(r"^(\d+ -?\d+) \d+ (\d+ )")


def steady(line):
    return XBOARD_TIME.sub(r"\1 - \2", VOLATILE.sub("", line))


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, pattern):
        """The lines up to and including the first that matches `pattern`."""
        seen, deadline = [], time.monotonic() + TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise SystemExit(f"no line matching {pattern!r} in {TIMEOUT} s; got {seen[-5:]}")
            if line is None:
                raise SystemExit(f"the engine exited before {pattern!r}; got {seen[-5:]}")
            seen.append(steady(line))
            if re.search(pattern, line):
                return seen

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def uci(command):
    engine = Engine(command)
    engine.send("uci")
    out = engine.until(r"^uciok$")
    engine.send("isready")
    out += engine.until(r"^readyok$")
    engine.send("position startpos moves e2e4 c7c5")
    engine.send("go nodes 30000")
    out += engine.until(r"^bestmove ")
    engine.close()
    return out


def xboard(command):
    engine = Engine(command)
    engine.send("xboard")
    engine.send("protover 2")
    out = engine.until(r"done=1")
    engine.send("new")
    engine.send("variant xiangqi")
    engine.send("ping 1")
    out += engine.until(r"^pong 1$")
    engine.send("post")
    engine.send("sd 4")
    engine.send("go")
    out += engine.until(r"^move ")
    engine.close()
    return out


def run(command, args):
    done = subprocess.run(command + args, capture_output=True, text=True, timeout=600)
    return [line.rstrip("\r") for line in done.stdout.splitlines()] + [f"exit {done.returncode}"]


def perfts(command, variants):
    out = []
    for variant in variants:
        lines = run(command, ["perft", "--variant", variant, "--depth", "3"])
        out.append(f"{variant}: " + " ".join(l for l in lines if l.startswith(("nodes", "exit"))))
    return out


def compare(what, reference, candidate):
    if reference != candidate:
        print(f"FAIL {what}: the builds differ")
        for r, c in zip(reference + ["(none)"] * len(candidate), candidate + ["(none)"] * len(reference)):
            if r != c:
                print(f"  reference: {r}\n  candidate: {c}")
                break
        return False
    print(f"ok   {what} ({len(reference)} lines equal; last: {reference[-1]})")
    return True


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        raise SystemExit(__doc__)
    split = argv.index("--")
    reference, candidate = argv[:split], argv[split + 1:]
    variants = [v for v in run(reference, ["variants"]) if not v.startswith("exit")]
    version = run(candidate, ["--version"])
    print(f"candidate: {version[0]}")
    ok = version[-1] == "exit 0"
    ok &= compare("UCI handshake and a 30,000-node search", uci(reference), uci(candidate))
    ok &= compare("XBoard handshake and a depth-4 xiangqi search", xboard(reference), xboard(candidate))
    ok &= compare(f"perft 3 of {len(variants)} variants", perfts(reference, variants),
                  perfts(candidate, variants))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
