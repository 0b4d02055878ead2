//! The words the engine and the referee share, defined once: `Side`, `Score`, `Outcome`,
//! `Dialect`, `MoveError`, the rule options, game records (`pgn`) and shards of numbered jobs
//! (`shard`). It knows no game and depends on nothing (serde only for the browser board's JSON,
//! behind a feature), so the referee can use it and still know no game. The engine re-exports
//! every item from `kaleido::game`.

pub mod pgn;
pub mod shard;

use std::collections::BTreeMap;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// The first player is White in every game we play.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// Centipawn-like score, always from the side to move's point of view.
pub type Score = i32;
/// Mate in 0 plies; a mate found `n` plies from the root scores `MATE - n`.
pub const MATE: Score = 32000;
/// Any score at or beyond this magnitude is a forced win or loss.
pub const MATE_BOUND: Score = MATE - 1000;
/// Larger than every real score; fits in an `i16`.
pub const INFINITY: Score = 32500;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Human-readable reason, used in result claims: `White mates`, `repetition`...
    pub reason: String,
}

impl Outcome {
    pub fn win(side: Side, reason: impl Into<String>) -> Outcome {
        Outcome {
            winner: Some(side),
            reason: reason.into(),
        }
    }
    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome {
            winner: None,
            reason: reason.into(),
        }
    }
    /// PGN / CECP result token.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// Score of this terminal state for `side`, with `ply` the distance from the search root.
    pub fn score_for(&self, side: Side, ply: usize) -> Score {
        match self.winner {
            None => 0,
            Some(w) if w == side => MATE - ply as Score,
            Some(_) => -MATE + ply as Score,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.result(), self.reason)
    }
}

/// Where a move string or FEN comes from or goes to. XBoard counts ranks from 0 on boards with
/// exactly 10 ranks and rewrites FENs its own way; UCI and the command line use the rules docs' form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    Uci,
    /// CECP. A turn XBoard cannot carry as one move may be written as several space-separated
    /// protocol moves (e.g. `d2d4 @@@@ d7d5`): the XBoard layer sends each as its own `move`, and
    /// `parse_move` answers `MoveError::Incomplete` to a valid beginning of such a turn.
    XBoard,
    /// A game record's notation (SAN for chess, the source page's notation for our games): what
    /// `kaleido replay` reads and PGN files contain.
    Record,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move string of this game at all.
    Unparsable(String),
    /// A well-formed move that is not legal here.
    Illegal(String),
    /// A valid first part of a turn that XBoard delivers in pieces; wait for the rest.
    Incomplete,
    /// The game is already over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unparsable(s) => write!(f, "unparsable move: {s}"),
            MoveError::Illegal(s) => write!(f, "illegal move: {s}"),
            MoveError::Incomplete => write!(f, "incomplete move"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

/// A rule toggle a variant offers (UCI `setoption`, XBoard `option`, `--option` on the command line).
#[derive(Clone, Debug)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
}

#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

impl OptionSpec {
    /// Checks `value` against the option's type; returns the canonical value. A check is
    /// `true`/`false` (UCI, the command line) or `1`/`0` (how CECP sends it).
    pub fn validate(&self, value: &str) -> Result<String, String> {
        match &self.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" | "1" => Ok("true".into()),
                "false" | "0" => Ok("false".into()),
                _ => Err(format!(
                    "option {} takes true or false, not '{value}'",
                    self.name
                )),
            },
            OptionKind::Combo { values, .. } => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| v.to_string())
                .ok_or_else(|| {
                    format!(
                        "option {} takes one of {}, not '{value}'",
                        self.name,
                        values.join(", ")
                    )
                }),
        }
    }
    pub fn default_value(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Combo { default, .. } => default.to_string(),
        }
    }
}

/// Values of a variant's rule options, keyed by lower-case option name. Missing means default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions {
    values: BTreeMap<String, String>,
}

impl VariantOptions {
    pub fn set(&mut self, name: &str, value: &str) {
        self.values
            .insert(name.to_ascii_lowercase(), value.to_string());
    }
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .get(&name.to_ascii_lowercase())
            .map(|s| s.as_str())
    }
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.values.iter()
    }
}

/// `name=value` pairs separated by spaces (what the protocols' `d` shows).
impl fmt::Display for VariantOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self.iter().map(|(n, v)| format!("{n}={v}")).collect();
        write!(f, "{}", pairs.join(" "))
    }
}

/// `"white"` / `"black"` in the browser board's JSON.
#[cfg(feature = "serde")]
impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(serde::de::Error::custom(format!("no side '{other}'"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_validation_is_case_insensitive() {
        let spec = OptionSpec {
            name: "WinCondition",
            kind: OptionKind::Combo {
                default: "checkmate",
                values: &["checkmate", "capture-kings"],
            },
        };
        assert_eq!(
            spec.validate("Capture-Kings").as_deref(),
            Ok("capture-kings")
        );
        assert!(spec.validate("other").is_err());
        let check = OptionSpec {
            name: "Crooked",
            kind: OptionKind::Check { default: false },
        };
        assert_eq!(check.validate("TRUE").as_deref(), Ok("true"));
        assert!(check.validate("yes").is_err());
    }
}
