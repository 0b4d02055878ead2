//! Dr. Eggman's forms (docs/sonic.md §3.6): the king's current form, the forms it has left, the
//! pending choice after a hit, and what hits do to that state.

/// Usual king form (one step in any direction).
pub const FORM_K: u8 = 0;
/// Knight form (knight leap).
pub const FORM_N: u8 = 1;
/// Alibaba form (jump exactly two squares orthogonally or diagonally).
pub const FORM_A: u8 = 2;
pub const ALL_FORMS: u8 = 0b111;

pub fn bit(form: u8) -> u8 {
    1 << form
}
pub fn letter(form: u8) -> char {
    ['k', 'n', 'a'][form as usize]
}
pub fn from_letter(c: char) -> Option<u8> {
    match c {
        'k' => Some(FORM_K),
        'n' => Some(FORM_N),
        'a' => Some(FORM_A),
        _ => None,
    }
}
/// The forms of `mask` in the rules' order k, n, a.
pub fn forms_in(mask: u8) -> impl Iterator<Item = u8> {
    (0..3).filter(move |f| mask & bit(*f) != 0)
}

/// Leap vectors of a king in `form` (plain moves, no continuation: ruling 16).
pub fn leaps(form: u8) -> &'static [(i8, i8)] {
    const KING: [(i8, i8); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    const ALIBABA: [(i8, i8); 8] = [
        (2, 0),
        (2, 2),
        (0, 2),
        (-2, 2),
        (-2, 0),
        (-2, -2),
        (0, -2),
        (2, -2),
    ];
    match form {
        FORM_K => &KING,
        FORM_N => &super::chains::KNIGHT_DELTAS,
        _ => &ALIBABA,
    }
}

/// One king's state, the 7th FEN field's half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingState {
    /// `avail` (a mask of forms) includes `current`.
    Normal { current: u8, avail: u8 },
    /// Hit during the opponent's last move: the owner picks one of `candidates` at the start of his
    /// turn. `keep_both`: both candidates stay available (one hit); otherwise only the chosen one.
    Pending { candidates: u8, keep_both: bool },
    /// No form left or captured: the game is over.
    Lost,
}

impl KingState {
    pub fn fresh() -> KingState {
        KingState::Normal {
            current: FORM_K,
            avail: ALL_FORMS,
        }
    }

    /// Hits still needed to destroy this king.
    pub fn forms_left(self) -> u8 {
        match self {
            KingState::Normal { avail, .. } => avail.count_ones() as u8,
            KingState::Pending { keep_both, .. } => 1 + keep_both as u8,
            KingState::Lost => 0,
        }
    }

    /// The forms this king may move in now (a pending king moves in the form it picks).
    pub fn move_forms(self) -> u8 {
        match self {
            KingState::Normal { current, .. } => bit(current),
            KingState::Pending { candidates, .. } => candidates,
            KingState::Lost => 0,
        }
    }

    /// The state after `hits` hits in one move (`hits` >= 1).
    pub fn after_hits(self, hits: u8) -> KingState {
        if hits >= self.forms_left() {
            return KingState::Lost;
        }
        match self {
            KingState::Normal { current, avail } => {
                let candidates = avail & !bit(current);
                let survivors = avail.count_ones() as u8 - hits;
                if candidates.count_ones() == 1 {
                    // No choice to make: the last form becomes current at once.
                    KingState::Normal {
                        current: candidates.trailing_zeros() as u8,
                        avail: candidates,
                    }
                } else {
                    KingState::Pending {
                        candidates,
                        keep_both: survivors == 2,
                    }
                }
            }
            // Not reachable in play (only the side to move can be pending, and it is never hit
            // before it moves); a hit then costs one of the two remaining forms.
            KingState::Pending { candidates, .. } => KingState::Pending {
                candidates,
                keep_both: false,
            },
            KingState::Lost => KingState::Lost,
        }
    }

    /// The state after the owner picks `form` (a candidate) for a pending king.
    pub fn resolve(self, form: u8) -> KingState {
        match self {
            KingState::Pending {
                candidates,
                keep_both,
            } => KingState::Normal {
                current: form,
                avail: if keep_both { candidates } else { bit(form) },
            },
            other => other,
        }
    }

    /// Distinct small code per state, for Zobrist keys (< 48).
    pub fn code(self) -> usize {
        match self {
            KingState::Normal { current, avail } => current as usize * 8 + avail as usize,
            KingState::Pending {
                candidates,
                keep_both,
            } => 24 + candidates as usize * 2 + keep_both as usize,
            KingState::Lost => 40,
        }
    }

    /// The 7th-field text: `Kna`, `?na2`, `-`.
    pub fn text(self) -> String {
        match self {
            KingState::Normal { current, avail } => {
                let mut s = letter(current).to_ascii_uppercase().to_string();
                s.extend(forms_in(avail & !bit(current)).map(letter));
                s
            }
            KingState::Pending {
                candidates,
                keep_both,
            } => {
                let mut s = String::from("?");
                s.extend(forms_in(candidates).map(letter));
                s.push(if keep_both { '2' } else { '1' });
                s
            }
            KingState::Lost => "-".into(),
        }
    }

    /// Reads one half of the 7th field.
    pub fn parse(text: &str) -> Result<KingState, String> {
        let bad = || format!("bad king state '{text}'");
        if text == "-" {
            return Ok(KingState::Lost);
        }
        let mut chars = text.chars();
        let first = chars.next().ok_or_else(bad)?;
        if first == '?' {
            let rest: Vec<char> = chars.collect();
            if rest.len() != 3 {
                return Err(bad());
            }
            let a = from_letter(rest[0]).ok_or_else(bad)?;
            let b = from_letter(rest[1]).ok_or_else(bad)?;
            if a == b {
                return Err(bad());
            }
            let keep_both = match rest[2] {
                '2' => true,
                '1' => false,
                _ => return Err(bad()),
            };
            return Ok(KingState::Pending {
                candidates: bit(a) | bit(b),
                keep_both,
            });
        }
        if !first.is_ascii_uppercase() {
            return Err(bad());
        }
        let current = from_letter(first.to_ascii_lowercase()).ok_or_else(bad)?;
        let mut avail = bit(current);
        for c in chars {
            let f = from_letter(c).ok_or_else(bad)?;
            if avail & bit(f) != 0 {
                return Err(bad());
            }
            avail |= bit(f);
        }
        Ok(KingState::Normal { current, avail })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_texts_round_trip() {
        for t in ["Kna", "Akn", "Na", "A", "?na2", "?ka1", "-"] {
            assert_eq!(KingState::parse(t).map(|s| s.text()).as_deref(), Ok(t));
        }
        // Lower-case forms are written in the order k, n, a whatever order they are read in.
        assert_eq!(
            KingState::parse("Kan").map(|s| s.text()).as_deref(),
            Ok("Kna")
        );
        for bad in ["", "kna", "KK", "?n2", "?nn2", "?na3", "Kx"] {
            assert!(KingState::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hits_remove_forms_as_the_rules_say() {
        let fresh = KingState::fresh();
        assert_eq!(fresh.after_hits(1).text(), "?na2");
        assert_eq!(fresh.after_hits(2).text(), "?na1");
        assert_eq!(fresh.after_hits(3), KingState::Lost);
        let two = KingState::parse("Na").unwrap();
        assert_eq!(two.after_hits(1).text(), "A");
        assert_eq!(two.after_hits(2), KingState::Lost);
        assert_eq!(
            KingState::parse("N").unwrap().after_hits(1),
            KingState::Lost
        );
        let pending = fresh.after_hits(1);
        assert_eq!(pending.resolve(FORM_A).text(), "An");
        assert_eq!(fresh.after_hits(2).resolve(FORM_N).text(), "N");
    }
}
