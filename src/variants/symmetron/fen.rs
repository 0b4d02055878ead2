//! S112-FEN (§1.5, R-36): `<board> <ls> <side> [<halfmove> <fullmove>]`, read through the shared
//! frame of `mailbox::fen`, and the XBoard form:
//! a 12x10 board whose l-file is `*` except l1 (WLS) and l10 (BLS), with optional castling and
//! e.p. fields as XBoard writes them for a chess-like parent.

use super::board::*;
use super::position::Position;
use super::START_FEN;
use crate::game::{Dialect, Side};
use crate::mailbox::fen::{read_board, side_field, write_board, Fen, FenCell};
use crate::mailbox::square;

fn cell_of(p: Piece) -> FenCell {
    if p == EMPTY {
        FenCell::Empty
    } else {
        FenCell::Piece(piece_letter(p))
    }
}

impl Position {
    pub fn to_fen(&self, xboard: bool) -> String {
        // XBoard's board has a 12th file: l1 and l10 are the launching squares, the rest holes.
        let files = if xboard { FILES + 1 } else { FILES };
        let board = write_board(files, RANKS, |f, r| match (f, r) {
            (f, r) if f < FILES => cell_of(self.at(square(f, r))),
            (_, 0) => cell_of(self.at(ls_square(Side::White))),
            (_, 9) => cell_of(self.at(ls_square(Side::Black))),
            _ => FenCell::Hole,
        });
        let side = side_field(self.side);
        if xboard {
            format!("{board} {side} - - {} {}", self.halfmove, self.fullmove)
        } else {
            let ls = |s: Side| match self.at(ls_square(s)) {
                EMPTY => '-',
                p => piece_letter(p),
            };
            format!(
                "{board} {}{} {side} {} {}",
                ls(Side::White),
                ls(Side::Black),
                self.halfmove,
                self.fullmove
            )
        }
    }

    /// Parses a FEN (or `startpos`, always in the S112-FEN form); validates it.
    pub fn from_fen(text: &str, xboard: bool) -> Result<Position, String> {
        let dialect = if xboard {
            Dialect::XBoard
        } else {
            Dialect::Uci
        };
        let mut fen = Fen::new(text, dialect, START_FEN)?;
        let xboard = fen.dialect == Dialect::XBoard;
        // XBoard appends its holdings (`[PPd]`, `[-]`) and may mark promoted pieces with `~`;
        // neither is part of a Symmetron position.
        let board_field = if xboard {
            let without_holdings = fen.board_field().split('[').next().unwrap_or("");
            without_holdings.replace('~', "")
        } else {
            fen.board_field().to_string()
        };
        let width = if xboard { FILES + 1 } else { FILES };
        let mut pos = Position::empty();
        for (f, r, cell) in read_board(&board_field, width, RANKS, "Symmetron! 112")?.cells() {
            let (sq, ls_owner) = if f < FILES {
                (square(f, r), None)
            } else if r == 0 {
                (ls_square(Side::White), Some(Side::White))
            } else if r == RANKS - 1 {
                (ls_square(Side::Black), Some(Side::Black))
            } else {
                // The inaccessible l2..l9: `*`, or a piece XBoard parked there after an
                // explosion (see docs/symmetron.md): either way nothing of ours.
                continue;
            };
            match cell {
                FenCell::Empty => {}
                FenCell::Hole => return Err("'*' is not a square of the Arena".into()),
                FenCell::Piece(c) => {
                    let mut p =
                        piece_from_letter(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
                    if let Some(owner) = ls_owner {
                        // XBoard keeps a retrieved Canon as `V`; on an LS it is a Cannon.
                        if kind(p) == CANON {
                            p = make_piece(CANNON, colour(p));
                        }
                        check_ls_piece(p, owner)?;
                    }
                    pos.board[sq as usize] = p;
                }
            }
        }
        if !xboard {
            let ls = fen.field().ok_or("missing launching-square field")?;
            let chars: Vec<char> = ls.chars().collect();
            if chars.len() != 2 {
                return Err(format!(
                    "launching-square field '{ls}' must have two characters"
                ));
            }
            for (c, owner) in chars.into_iter().zip([Side::White, Side::Black]) {
                if c == '-' {
                    continue;
                }
                let p = piece_from_letter(c).ok_or_else(|| format!("unknown piece '{c}'"))?;
                check_ls_piece(p, owner)?;
                pos.board[ls_square(owner) as usize] = p;
            }
        }
        pos.side = fen.side(None)?;
        if xboard {
            // XBoard's castling and e.p. fields carry nothing for this game.
            while fen.peek().is_some_and(|s| s.parse::<u32>().is_err()) {
                fen.field();
            }
        }
        (pos.halfmove, pos.fullmove) = fen.counters()?;
        fen.finish()?;
        pos.validate()?;
        pos.refresh();
        Ok(pos)
    }

    /// one King per side, at most one magic piece of each type per side, the side not to
    /// move not in check.
    fn validate(&mut self) -> Result<(), String> {
        let mut counts = [[0usize; KINDS]; 2];
        for &sq in ARENA
            .iter()
            .chain([ls_square(Side::White), ls_square(Side::Black)].iter())
        {
            let p = self.at(sq);
            if p != EMPTY {
                counts[colour(p).index()][kind(p) as usize] += 1;
            }
        }
        for side in [Side::White, Side::Black] {
            let c = &counts[side.index()];
            if c[KING as usize] != 1 {
                return Err(format!("{} must have exactly one King", side.name()));
            }
            for k in [REDUCER, SHS, RESURRECTOR] {
                if c[k as usize] > 1 {
                    return Err(format!(
                        "{} has more than one {}",
                        side.name(),
                        LETTERS[k as usize]
                    ));
                }
            }
        }
        self.refresh();
        let them = self.side.other();
        if self.attacked(self.kings[them.index()], self.side) {
            return Err(format!("{} is in check but not to move", them.name()));
        }
        Ok(())
    }
}

fn check_ls_piece(p: Piece, owner: Side) -> Result<(), String> {
    if colour(p) != owner {
        return Err("a launching square holds only its owner's piece".into());
    }
    if matches!(kind(p), KING | CANON) {
        return Err("a King or a V cannot stand on a launching square".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NC3K3CN Uu w 0 1";

    #[test]
    fn start_round_trips() {
        let p = Position::from_fen(START, false).unwrap();
        assert_eq!(p.to_fen(false), START);
        let xb = p.to_fen(true);
        assert_eq!(
            xb,
            "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NC3K3CNU w - - 0 1"
        );
        assert_eq!(Position::from_fen(&xb, true).unwrap().to_fen(false), START);
        // XBoard with a xiangqi-like parent drops castling and e.p.
        let short = "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NC3K3CNU w 0 1";
        assert_eq!(
            Position::from_fen(short, true).unwrap().to_fen(false),
            START
        );
        // What XBoard 4.9.1 sent in a real match (holdings appended).
        let sent = "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NC3K3CNU[-] w - - 0 1";
        assert_eq!(Position::from_fen(sent, true).unwrap().to_fen(false), START);
        // A retrieved Canon that XBoard shows as `V` on l1 is our `C` on WLS.
        let canon = "5k6/11*/11*/11*/11*/11*/11*/11*/11*/5K5V[PPd] w - - 0 1";
        assert_eq!(
            Position::from_fen(canon, true).unwrap().to_fen(false),
            "5k5/11/11/11/11/11/11/11/11/5K5 C- w 0 1"
        );
    }

    #[test]
    fn counters_may_be_omitted() {
        let p = Position::from_fen("5k5/11/11/11/11/11/11/11/11/5K5 -- w", false).unwrap();
        assert_eq!(p.to_fen(false), "5k5/11/11/11/11/11/11/11/11/5K5 -- w 0 1");
    }

    #[test]
    fn invalid_positions_are_rejected() {
        let bad = [
            "",
            "5k5/11/11 -- w",
            "5k5/11/11/11/11/11/11/11/11/5K4 -- w",
            "5k5/11/11/11/11/11/11/11/11/11 -- w",
            "5k5/11/11/11/11/11/11/11/11/4KK5 -- w",
            "5k5/11/11/11/11/11/11/11/11/5K5 K- w",
            "5k5/11/11/11/11/11/11/11/11/5K5 V- w",
            "5k5/11/11/11/11/11/11/11/11/5K5 u- w",
            "5k5/11/11/11/11/11/11/11/11/5K5 - w",
            "5k5/11/11/11/11/11/11/11/11/5K5 -- x",
            "5k5/11/11/11/11/11/11/11/11/5K5 -- w x 1",
            "5k5/11/11/11/11/11/11/11/RR9/5K5 -- w",
            "5k5/11/11/11/11/11/11/11/R10/5K5 R- w",
            "5kQ4/11/11/11/11/11/11/11/11/5K5 -- w",
            // Black King f10 attacked by the Dragon f9 (one orthogonal step) with White to move.
            "5k5/5D5/11/11/11/11/11/11/11/5K5 -- w",
        ];
        for fen in bad {
            assert!(Position::from_fen(fen, false).is_err(), "{fen}");
        }
    }
}
