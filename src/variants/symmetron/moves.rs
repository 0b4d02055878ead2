//! The move type: six bytes, `Copy`. Every Symmetron turn is one of the kinds below.

use crate::mailbox::Sq;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// From-to move, or capture by displacement (the victim stands on `to`).
    Normal = 0,
    /// A Can(n)on move that ends with a change of state (`~`).
    NormalFlip = 1,
    /// Advancer move with its approach capture (`x`): the victim is one step beyond `to`.
    Approach = 2,
    /// A Can(n)on flips in place (`to == from`).
    FlipInPlace = 3,
    /// Pawn <-> Bawn in place (`to == from`).
    Change = 4,
    /// A magic piece goes to its own launching square (`to` is the LS slot).
    ToLs = 5,
    /// The piece on the mover's LS enters the Arena (`from` is the LS slot).
    Drop = 6,
    /// A Can(n)on enters from the LS in the diagonal state (`@f5~`).
    DropFlip = 7,
    /// Explosion of two magic pieces of one type (`from*to`).
    Explode = 8,
}

impl MoveKind {
    pub fn from_index(i: u32) -> MoveKind {
        match i {
            1 => MoveKind::NormalFlip,
            2 => MoveKind::Approach,
            3 => MoveKind::FlipInPlace,
            4 => MoveKind::Change,
            5 => MoveKind::ToLs,
            6 => MoveKind::Drop,
            7 => MoveKind::DropFlip,
            8 => MoveKind::Explode,
            _ => MoveKind::Normal,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    pub from: Sq,
    pub to: Sq,
    pub kind: MoveKind,
}

impl Move {
    pub const fn new(from: Sq, to: Sq, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// Packs into a non-zero u32: 9 bits per cell (cells < 512) and the kind.
    pub fn key(self) -> u32 {
        1 + (self.from as u32) + ((self.to as u32) << 9) + ((self.kind as u32) << 18)
    }

    pub fn from_key(key: u32) -> Move {
        let k = key.wrapping_sub(1);
        Move {
            from: (k & 0x1FF) as Sq,
            to: ((k >> 9) & 0x1FF) as Sq,
            kind: MoveKind::from_index(k >> 18),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small_and_keys_round_trip() {
        assert!(std::mem::size_of::<Move>() <= 6);
        let m = Move::new(487, 486, MoveKind::Explode);
        assert_eq!(Move::from_key(m.key()), m);
        assert_ne!(Move::new(0, 0, MoveKind::Normal).key(), 0);
    }
}
