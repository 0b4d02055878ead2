#!/usr/bin/env python3
"""An independent, deliberately naive model of Sin-yeon-sang-gi written straight from the rules
(docs/sin-yeon-sang-gi.md, sections 2.2-2.5; no code shared with Kaleido): dictionary board, moves spelled
out per piece, legality by generating every enemy reply and looking for one that lands on the king,
flying general as its own test. Used once to cross-check Kaleido's perft figures:

    python3 sinyeon_reference_perft.py FEN DEPTH
"""
import sys

FILES, RANKS = 13, 10


def parse(fen):
    rows = fen.split()[0].split('/')
    board = {}
    for i, row in enumerate(rows):
        r = RANKS - 1 - i
        f = 0
        num = ''
        for ch in row + ' ':
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ''
            if ch == ' ':
                break
            board[(f, r)] = ch
            f += 1
    side = 'w' if fen.split()[1] == 'w' else 'b'
    return board, side


def on(f, r):
    return 0 <= f < FILES and 0 <= r < RANKS


def own(p, side):
    return p.isupper() if side == 'w' else p.islower()


def in_palace(f, r, side):
    return 5 <= f <= 7 and (r <= 2 if side == 'w' else r >= 7)


def in_own_half(r, side):
    return r <= 4 if side == 'w' else r >= 5


def freed(board):
    return not any(p == 'P' for p in board.values()) or not any(p == 'p' for p in board.values())


def pseudo(board, side):
    fr = freed(board)
    out = []
    for (f, r), p in list(board.items()):
        if not own(p, side):
            continue
        k = p.upper()

        def add(tf, tr):
            if on(tf, tr):
                t = board.get((tf, tr))
                if t is None or not own(t, side):
                    out.append(((f, r), (tf, tr)))

        def empty(df, dr):
            return on(f + df, r + dr) and (f + df, r + dr) not in board

        if k in 'RC':
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                tf, tr = f + df, r + dr
                while on(tf, tr) and (tf, tr) not in board:
                    out.append(((f, r), (tf, tr)))
                    tf, tr = tf + df, tr + dr
                if not on(tf, tr):
                    continue
                if k == 'R':
                    add(tf, tr)
                else:
                    tf, tr = tf + df, tr + dr
                    while on(tf, tr) and (tf, tr) not in board:
                        tf, tr = tf + df, tr + dr
                    if on(tf, tr) and not own(board[(tf, tr)], side):
                        out.append(((f, r), (tf, tr)))
        elif k == 'H':
            for sx in (1, -1):
                for sy in (1, -1):
                    if empty(0, sy):
                        add(f + sx, r + 2 * sy)
                    if empty(sx, 0):
                        add(f + 2 * sx, r + sy)
        elif k == 'B':
            for sx in (1, -1):
                for sy in (1, -1):
                    if empty(0, sy) and empty(sx, 2 * sy):
                        add(f + 2 * sx, r + 3 * sy)
                    if empty(sx, 0) and empty(2 * sx, sy):
                        add(f + 3 * sx, r + 2 * sy)
        elif k == 'I':
            for sx in (1, -1):
                for sy in (1, -1):
                    if empty(0, sy) and empty(0, 2 * sy):
                        add(f + sx, r + 3 * sy)
                    if empty(sx, 0) and empty(2 * sx, 0):
                        add(f + 3 * sx, r + sy)
        elif k == 'U':
            for sx in (1, -1):
                for sy in (1, -1):
                    if empty(sx, sy) and (fr or in_own_half(r + 2 * sy, side)):
                        add(f + 2 * sx, r + 2 * sy)
        elif k == 'G':
            for sx in (1, -1):
                for sy in (1, -1):
                    if fr or in_palace(f + sx, r + sy, side):
                        add(f + sx, r + sy)
        elif k == 'K':
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if in_palace(f + df, r + dr, side):
                    add(f + df, r + dr)
        elif k == 'P':
            fwd = 1 if side == 'w' else -1
            add(f, r + fwd)
            if not in_own_half(r, side):
                add(f + 1, r)
                add(f - 1, r)
            own_rank = r + 1 if side == 'w' else RANKS - r  # 1..10 from the pawn's side
            if own_rank in (9, 10):
                add(f, r - fwd)
    return out


def king(board, side):
    return next(sq for sq, p in board.items() if p == ('K' if side == 'w' else 'k'))


def exposed(board, side):
    """The king of `side` can be taken, or faces the other king."""
    kf, kr = king(board, side)
    other = 'b' if side == 'w' else 'w'
    of, orr = king(board, other)
    if kf == of and not any((kf, r) in board for r in range(min(kr, orr) + 1, max(kr, orr))):
        return True
    return any(to == (kf, kr) for _, to in pseudo(board, other))


def legal(board, side):
    moves = []
    for frm, to in pseudo(board, side):
        b = dict(board)
        b[to] = b.pop(frm)
        if not exposed(b, side):
            moves.append((frm, to))
    return moves


def perft(board, side, depth):
    moves = legal(board, side)
    if depth == 1:
        return len(moves)
    other = 'b' if side == 'w' else 'w'
    total = 0
    for frm, to in moves:
        b = dict(board)
        b[to] = b.pop(frm)
        total += perft(b, other, depth - 1)
    return total


if __name__ == '__main__':
    board, side = parse(sys.argv[1])
    print(perft(board, side, int(sys.argv[2])))
