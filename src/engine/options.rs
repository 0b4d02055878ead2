//! The engine options, in one table: name, type, range, default, which front ends offer each and
//! what it sets. UCI's `option` lines and `setoption`, XBoard's `feature option=...`, `option`,
//! `memory` and `cores`, the command line's `--option` (and `--threads`, `--hash`) and the board
//! all read it; [`Settings`] holds the values one engine runs with. The variants' rule options
//! are not here: each variant declares its own (`OptionSpec`, in the registry).

use super::{echo, parse_count};
use crate::eval::nnue;
use crate::search::strength::{self, Strength, FULL_STRENGTH_SKILL, MAX_ELO, MIN_ELO, MIN_LEVEL};
use crate::search::Limits;
use crate::variants;

/// A value's type, and for numbers the range shown to GUIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number shown as `min..=max`; a value outside `kept` is clamped into it (`kept` is the
    /// shown range but for `UCI_Elo`, see the table).
    Spin {
        default: i64,
        min: i64,
        max: i64,
        kept: (i64, i64),
    },
    Check {
        default: bool,
    },
    /// A file's path (UCI `string`, XBoard `-file`); empty by default.
    File,
}

/// What an option sets in [`Settings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sets {
    /// The transposition table's size in megabytes.
    Hash,
    /// Search threads (Lazy SMP).
    Threads,
    /// Lines searched and reported.
    MultiPv,
    /// UCI's `Ponder`: only announces that the GUI may send `go ponder`; sets nothing.
    Ponder,
    /// Milliseconds kept back from every move's time for the GUI's own delay.
    MoveOverhead,
    /// A playing level 1..=8, or 9: full strength.
    SkillLevel,
    /// Play at `UCI_Elo` (it wins over `Skill Level`).
    LimitStrength,
    /// The Elo `UCI_LimitStrength` plays at.
    Elo,
    /// Evaluate with the games' networks where they have one (else by hand).
    UseNnue,
    /// A network file to evaluate its game with instead of the built-in one.
    EvalFile,
}

/// One engine option.
#[derive(Clone, Copy, Debug)]
pub struct EngineOption {
    pub name: &'static str,
    pub kind: Kind,
    pub sets: Sets,
    /// Offered to XBoard as `feature option="..."` and set by `option NAME=VALUE` (XBoard sets
    /// the table size and threads with `memory` and `cores` instead). UCI offers every option.
    pub xboard: bool,
    /// Taken by the command line's `--option NAME=VALUE`.
    pub command_line: bool,
}

pub const DEFAULT_HASH_MB: usize = 16;
/// Larger requests are clamped to this: the table is allocated and zeroed at once, and a request
/// beyond the machine's memory would abort the process.
pub const MAX_HASH_MB: usize = 4096;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The option naming the number of lines: UCI's standard name, which XBoard's Engine Output
/// pane also drives ("more" / "fewer").
pub const MULTIPV_OPTION: &str = "MultiPV";

const fn spin(default: i64, min: i64, max: i64) -> Kind {
    Kind::Spin {
        default,
        min,
        max,
        kept: (min, max),
    }
}

/// Every engine option, in the order UCI lists them (XBoard keeps the same order).
pub const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: spin(DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB as i64),
        sets: Sets::Hash,
        xboard: false,
        command_line: true,
    },
    EngineOption {
        name: "Threads",
        kind: spin(1, 1, MAX_THREADS as i64),
        sets: Sets::Threads,
        xboard: false,
        command_line: true,
    },
    EngineOption {
        name: MULTIPV_OPTION,
        kind: spin(1, 1, MAX_MULTIPV as i64),
        sets: Sets::MultiPv,
        xboard: true,
        command_line: true,
    },
    EngineOption {
        name: "Ponder",
        kind: Kind::Check { default: false },
        sets: Sets::Ponder,
        xboard: false,
        command_line: false,
    },
    EngineOption {
        name: "Move Overhead",
        kind: spin(
            DEFAULT_MOVE_OVERHEAD_MS as i64,
            0,
            MAX_MOVE_OVERHEAD_MS as i64,
        ),
        sets: Sets::MoveOverhead,
        xboard: false,
        command_line: false,
    },
    EngineOption {
        name: "Skill Level",
        kind: spin(
            FULL_STRENGTH_SKILL as i64,
            MIN_LEVEL as i64,
            FULL_STRENGTH_SKILL as i64,
        ),
        sets: Sets::SkillLevel,
        xboard: true,
        command_line: false,
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check { default: false },
        sets: Sets::LimitStrength,
        xboard: true,
        command_line: false,
    },
    EngineOption {
        name: "UCI_Elo",
        // Kept as given within reason, beyond the range shown: a variant's offset moves the
        // levels' range (`variants::level_elo_offset`).
        kind: Kind::Spin {
            default: MAX_ELO as i64,
            min: MIN_ELO as i64,
            max: MAX_ELO as i64,
            kept: (0, 10_000),
        },
        sets: Sets::Elo,
        xboard: true,
        command_line: false,
    },
    EngineOption {
        name: "UseNNUE",
        kind: Kind::Check { default: true },
        sets: Sets::UseNnue,
        xboard: true,
        command_line: true,
    },
    EngineOption {
        name: "EvalFile",
        kind: Kind::File,
        sets: Sets::EvalFile,
        xboard: true,
        command_line: true,
    },
];

/// The option called `name` (case-insensitive).
pub fn find(name: &str) -> Option<&'static EngineOption> {
    let name = name.trim();
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The option that sets `sets`.
pub fn option(sets: Sets) -> &'static EngineOption {
    OPTIONS
        .iter()
        .find(|o| o.sets == sets)
        .unwrap_or(&OPTIONS[0])
}

/// A value read by an option's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Number(i64),
    Flag(bool),
    Text(String),
}

impl EngineOption {
    /// Reads `text` by the option's type. Numbers as GUIs send them (`parse_count`: negative as
    /// 0, saturating), clamped into the kept range; checks `true`/`false` (UCI) or `1`/`0`
    /// (CECP), any case.
    pub fn parse(&self, text: &str) -> Result<Value, String> {
        let text = text.trim();
        match self.kind {
            Kind::Spin { .. } => {
                let n = parse_count(text).ok_or_else(|| {
                    format!("option {} takes a number, not '{}'", self.name, echo(text))
                })?;
                Ok(Value::Number(self.clamp(n)))
            }
            Kind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" | "1" => Ok(Value::Flag(true)),
                "false" | "0" => Ok(Value::Flag(false)),
                _ => Err(format!(
                    "option {} takes true or false, not '{}'",
                    self.name,
                    echo(text)
                )),
            },
            Kind::File => Ok(Value::Text(text.to_string())),
        }
    }

    /// A number clamped into the option's kept range (a check's 0/1).
    pub fn clamp(&self, n: u64) -> i64 {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        match self.kind {
            Kind::Spin { kept, .. } => n.clamp(kept.0, kept.1),
            Kind::Check { .. } | Kind::File => n.clamp(0, 1),
        }
    }

    pub fn default_value(&self) -> Value {
        match self.kind {
            Kind::Spin { default, .. } => Value::Number(default),
            Kind::Check { default } => Value::Flag(default),
            Kind::File => Value::Text(String::new()),
        }
    }

    /// The option as XBoard's `feature option="..."` declares it.
    pub fn xboard_feature(&self) -> String {
        match self.kind {
            Kind::Spin {
                default, min, max, ..
            } => format!("{} -spin {default} {min} {max}", self.name),
            Kind::Check { default } => format!("{} -check {}", self.name, u8::from(default)),
            Kind::File => format!("{} -file ", self.name),
        }
    }
}

/// The values of the engine options one engine runs with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: u64,
    /// `Skill Level` 1..=8, or `FULL_STRENGTH_SKILL`.
    pub skill_level: u8,
    pub limit_strength: bool,
    pub elo: i32,
}

impl Default for Settings {
    /// Every option at the table's default.
    fn default() -> Settings {
        let mut settings = Settings {
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            move_overhead: 0,
            skill_level: 0,
            limit_strength: false,
            elo: 0,
        };
        for option in OPTIONS {
            settings.apply(option.sets, option.default_value());
        }
        settings
    }
}

impl Settings {
    /// Sets `option` from `text` (read by its type); on error nothing changes.
    pub fn set(&mut self, option: &EngineOption, text: &str) -> Result<(), String> {
        let value = option.parse(text)?;
        // The network choice is the process's (`nnue::registry`): a game reads it when a
        // position is set up, so it applies from the next `position`, `new` or `setboard`.
        match (option.sets, &value) {
            (Sets::EvalFile, Value::Text(path)) => {
                nnue::registry::load(path).map_err(|e| format!("option {}: {e}", option.name))?;
            }
            (Sets::UseNnue, Value::Flag(on)) => nnue::registry::set_enabled(*on),
            _ => {}
        }
        self.apply(option.sets, value);
        Ok(())
    }

    /// Sets a number option to `n`, clamped as the table says (`--threads`, XBoard's `cores`...).
    pub fn set_number(&mut self, sets: Sets, n: u64) {
        self.apply(sets, Value::Number(option(sets).clamp(n)));
    }

    /// Stores a value already read and clamped by its option.
    fn apply(&mut self, sets: Sets, value: Value) {
        let (n, on) = match value {
            Value::Number(n) => (n, n != 0),
            Value::Flag(on) => (i64::from(on), on),
            Value::Text(_) => (0, false),
        };
        let size = |n: i64| usize::try_from(n).unwrap_or(1);
        match sets {
            Sets::Hash => self.hash_mb = size(n),
            Sets::Threads => self.threads = size(n),
            Sets::MultiPv => self.multipv = size(n),
            Sets::Ponder => {}
            Sets::MoveOverhead => self.move_overhead = u64::try_from(n).unwrap_or(0),
            Sets::SkillLevel => self.skill_level = u8::try_from(n).unwrap_or(FULL_STRENGTH_SKILL),
            Sets::LimitStrength => self.limit_strength = on,
            Sets::Elo => self.elo = i32::try_from(n).unwrap_or(MAX_ELO),
            Sets::UseNnue | Sets::EvalFile => {}
        }
    }

    /// The playing strength the options ask for in `variant` (`None`: full strength).
    pub fn strength(&self, variant: &str) -> Option<Strength> {
        if self.limit_strength {
            Some(elo_strength(self.elo, variant))
        } else {
            Strength::level(self.skill_level, strength::fresh_seed())
        }
    }

    /// Limits carrying the settings; the caller adds the clock or depth.
    pub fn limits(&self, variant: &str) -> Limits {
        Limits {
            multipv: self.multipv.max(1),
            threads: self.threads.max(1),
            move_overhead: self.move_overhead,
            strength: self.strength(variant),
            ..Limits::default()
        }
    }
}

/// The strength of `UCI_Elo` `elo` in `variant`: the levels' chess scale moved by the
/// variant's offset (`variants::level_elo_offset`).
pub fn elo_strength(elo: i32, variant: &str) -> Strength {
    let offset = variants::level_elo_offset(variant);
    Strength::from_elo(elo.saturating_sub(offset), strength::fresh_seed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_tables() {
        let settings = Settings::default();
        assert_eq!(settings.hash_mb, DEFAULT_HASH_MB);
        assert_eq!((settings.threads, settings.multipv), (1, 1));
        assert_eq!(settings.move_overhead, DEFAULT_MOVE_OVERHEAD_MS);
        assert_eq!(settings.skill_level, FULL_STRENGTH_SKILL);
        assert!(!settings.limit_strength);
        assert_eq!(settings.elo, MAX_ELO);
        assert_eq!(settings.strength("chess"), None);
    }

    #[test]
    fn values_are_read_by_type_and_clamped() {
        let mut settings = Settings::default();
        let hash = find("hash").expect("Hash");
        assert_eq!(settings.set(hash, "99999999999"), Ok(()));
        assert_eq!(settings.hash_mb, MAX_HASH_MB);
        assert_eq!(settings.set(hash, "-3"), Ok(()));
        assert_eq!(settings.hash_mb, 1);
        assert!(settings.set(hash, "lots").is_err());
        assert_eq!(settings.hash_mb, 1);
        let overhead = find(" move overhead ").expect("Move Overhead");
        assert_eq!(settings.set(overhead, "0"), Ok(()));
        assert_eq!(settings.move_overhead, 0);
        let limit = find("UCI_LimitStrength").expect("UCI_LimitStrength");
        assert_eq!(settings.set(limit, "TRUE"), Ok(()));
        assert!(settings.limit_strength);
        assert!(settings.set(limit, "yes").is_err());
        // UCI_Elo keeps values beyond the range it shows.
        let elo = find("UCI_Elo").expect("UCI_Elo");
        assert_eq!(settings.set(elo, "3000"), Ok(()));
        assert_eq!(settings.elo, 3000);
        settings.set_number(Sets::Threads, 0);
        assert_eq!(settings.threads, 1);
        assert!(find("UCI_Variant").is_none());
    }

    #[test]
    fn every_option_has_a_sane_entry() {
        for (i, option) in OPTIONS.iter().enumerate() {
            assert!(option.parse("0").is_ok(), "{}", option.name);
            assert!(
                OPTIONS[..i].iter().all(|o| o.sets != option.sets),
                "{} sets what another sets",
                option.name
            );
            if let Kind::Spin {
                default,
                min,
                max,
                kept,
            } = option.kind
            {
                assert!(min <= default && default <= max, "{}", option.name);
                assert!(kept.0 <= min && max <= kept.1, "{}", option.name);
            }
        }
    }
}
