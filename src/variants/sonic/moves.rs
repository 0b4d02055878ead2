//! The packed move: origin, destination or first contact, kind, promotion piece, first-turn sense,
//! pending-choice prefix and form-change suffix in one `u32`. A chain is replayed from this.

use super::board::{BISHOP, KNIGHT, QUEEN, ROOK};
use super::chains::Sense;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SonicMove(u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Quiet move, pawn move, king move, or a chain (then `to` is the first contact).
    Normal,
    /// `from` = king square, `to` = the rook's square (king-takes-rook notation).
    Castle,
    Promotion,
}

const PROMOS: [u8; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];

impl SonicMove {
    pub fn new(from: u8, to: u8, kind: MoveKind) -> SonicMove {
        let k = match kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => 1,
            MoveKind::Promotion => 2,
        };
        SonicMove(from as u32 | (to as u32) << 6 | k << 12)
    }
    pub fn promotion(from: u8, to: u8, piece: u8) -> SonicMove {
        let index = PROMOS.iter().position(|&p| p == piece).unwrap_or(3) as u32;
        SonicMove(SonicMove::new(from, to, MoveKind::Promotion).0 | index << 14)
    }
    pub fn with_sense(self, sense: Sense) -> SonicMove {
        match sense {
            Sense::Clockwise => SonicMove(self.0 & !(1 << 16)),
            Sense::Counter => SonicMove(self.0 | 1 << 16),
        }
    }
    pub fn with_prefix(self, form: u8) -> SonicMove {
        SonicMove(self.0 & !(3 << 17) | (form as u32 + 1) << 17)
    }
    pub fn with_suffix(self, form: u8) -> SonicMove {
        SonicMove(self.0 & !(3 << 19) | (form as u32 + 1) << 19)
    }
    /// The move without prefix and suffix.
    pub fn body(self) -> SonicMove {
        SonicMove(self.0 & !(0xF << 17))
    }
    pub fn from(self) -> u8 {
        (self.0 & 63) as u8
    }
    pub fn to(self) -> u8 {
        (self.0 >> 6 & 63) as u8
    }
    pub fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            1 => MoveKind::Castle,
            2 => MoveKind::Promotion,
            _ => MoveKind::Normal,
        }
    }
    pub fn promo(self) -> Option<u8> {
        (self.kind() == MoveKind::Promotion).then(|| PROMOS[(self.0 >> 14 & 3) as usize])
    }
    pub fn sense(self) -> Sense {
        if self.0 & 1 << 16 != 0 {
            Sense::Counter
        } else {
            Sense::Clockwise
        }
    }
    pub fn prefix(self) -> Option<u8> {
        match self.0 >> 17 & 3 {
            0 => None,
            f => Some(f as u8 - 1),
        }
    }
    pub fn suffix(self) -> Option<u8> {
        match self.0 >> 19 & 3 {
            0 => None,
            f => Some(f as u8 - 1),
        }
    }
    pub fn bits(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = SonicMove::promotion(52, 60, ROOK)
            .with_sense(Sense::Counter)
            .with_prefix(2)
            .with_suffix(1);
        assert_eq!((m.from(), m.to(), m.kind()), (52, 60, MoveKind::Promotion));
        assert_eq!(m.promo(), Some(ROOK));
        assert_eq!(m.sense(), Sense::Counter);
        assert_eq!((m.prefix(), m.suffix()), (Some(2), Some(1)));
        assert_eq!(m.body().prefix(), None);
        assert_eq!(m.body().promo(), Some(ROOK));
    }
}
