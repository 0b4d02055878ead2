#!/usr/bin/env python3
"""How often a UCI engine overruns a short clock when nothing but this script drives it.

Sends `go wtime 150 btime 150 winc 50 binc 50` sixty times (positions from a short opening) and
times each `bestmove` from the moment `go` was written: the regime in which engines lose on time
at 5+0.05 once their clock has run down. A reply later than 200 ms (clock + the referee's default
50 ms margin) would be a forfeit under `kaleido match`; this measures it without the referee.

    scripts/clock_overshoot.py stockfish
"""
import queue
import subprocess
import sys
import threading
import time

MOVES = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"]


def main(command):
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, bufsize=0)
    lines = queue.Queue()

    def reader():
        for line in iter(engine.stdout.readline, b""):
            lines.put((time.monotonic(), line.decode(errors="replace").strip()))

    threading.Thread(target=reader, daemon=True).start()

    def send(text):
        engine.stdin.write((text + "\n").encode())
        engine.stdin.flush()

    def until(prefix):
        while True:
            stamp, line = lines.get(timeout=30)
            if line.startswith(prefix):
                return stamp

    send("uci")
    until("uciok")
    send("isready")
    until("readyok")
    times = []
    for i in range(60):
        send("position startpos moves " + " ".join(MOVES[: i % len(MOVES)]))
        start = time.monotonic()
        send("go wtime 150 btime 150 winc 50 binc 50")
        times.append((until("bestmove") - start) * 1000)
    send("quit")
    times.sort()
    late = sum(1 for t in times if t > 200)
    print(f"{command[0]}: median {times[len(times) // 2]:.0f} ms, 90% {times[int(len(times) * 0.9)]:.0f},"
          f" max {times[-1]:.0f}, later than 200 ms: {late} of {len(times)}")


if __name__ == "__main__":
    main(sys.argv[1:])
