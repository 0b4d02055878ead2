//! XBoard commands, parsed before anything is done with them: a line becomes one [`Command`],
//! arguments read and checked; the protocol then has one handler per command.

use super::clock::{parse_level, seconds_ms};
use crate::engine::options::MULTIPV_OPTION;
use crate::protocol::{parse_count, split_command};

/// Every command word [`Command::parse`] knows, answered or ignored: the one list the fuzz
/// harness and the token-soup test draw from (a test checks that each parses).
pub const COMMANDS: &[&str] = &[
    "xboard",
    "accepted",
    "rejected",
    "name",
    "random",
    "ics",
    "bk",
    "hint",
    "white",
    "black",
    "nps",
    "otherengine",
    "protover",
    "new",
    "variant",
    "force",
    "go",
    "playother",
    "usermove",
    "computer",
    "?",
    "ping",
    "setboard",
    "undo",
    "remove",
    "result",
    "analyze",
    "exit",
    ".",
    "post",
    "nopost",
    "hard",
    "easy",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "memory",
    "cores",
    "option",
    "exclude",
    "include",
    "draw",
    "lift",
    "put",
    "hover",
    "d",
    "quit",
];

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Lines that need no answer (`xboard`, `accepted`, `random`...).
    Ignored,
    Protover,
    New,
    Variant(String),
    Force,
    Go,
    Playother,
    Usermove(String),
    /// The opponent is a program (until the next `new`).
    Computer,
    /// `?`: move now.
    MoveNow,
    Ping(String),
    Setboard(String),
    /// `undo` (1) and `remove` (2): XBoard plies to take back.
    TakeBack(usize),
    Result(String),
    Analyze,
    Exit,
    /// `.` in analyze mode.
    Status,
    /// `post` (true) / `nopost`.
    Post(bool),
    /// `hard` (true) / `easy`.
    Ponder(bool),
    Level((u32, u64, u64)),
    /// `st`: seconds per move, in milliseconds.
    St(u64),
    Sd(u32),
    /// `time` (own clock, true) / `otim`, in milliseconds.
    Time {
        own: bool,
        ms: u64,
    },
    Memory(usize),
    Cores(usize),
    Option {
        name: String,
        value: String,
    },
    /// `option MultiPV=N`: lines of analysis and thinking output (an engine option, not a rule).
    MultiPv(usize),
    /// `exclude` (true) / `include` (false) a root move, or all of them (`feature exclude=1`).
    Exclude {
        exclude: bool,
        moves: RootSelection,
    },
    Draw,
    /// The person picked up the piece on a square (`feature highlight=1`).
    Lift(String),
    /// ... and put it down.
    Put(String),
    /// The mouse is over a square marked red or magenta.
    Hover(String),
    /// `d`: the board as `#` debug lines.
    Display,
    Quit,
    /// A known command whose arguments are wrong: the error's reason.
    Bad(&'static str),
    Unknown,
}

/// What `exclude` / `include` name.
#[derive(Clone, Debug, PartialEq)]
pub enum RootSelection {
    All,
    /// A move as XBoard writes it: a whole turn, or the beginning of one given in parts.
    Move(String),
}

impl Command {
    /// Reads one input line.
    pub fn parse(line: &str) -> Command {
        let (command, args) = split_command(line);
        let number = |why: &'static str| parse_count(args).ok_or(why);
        let parsed: Result<Command, &'static str> = match command {
            "" | "xboard" | "accepted" | "rejected" | "name" | "random" | "ics" | "bk" | "hint"
            | "white" | "black" | "nps" | "otherengine" => Ok(Command::Ignored),
            "protover" => Ok(Command::Protover),
            "new" => Ok(Command::New),
            "variant" => Ok(Command::Variant(args.to_string())),
            "force" => Ok(Command::Force),
            "go" => Ok(Command::Go),
            "playother" => Ok(Command::Playother),
            // An empty part would count as one of XBoard's plies.
            "usermove" if args.trim().is_empty() => Err("usermove takes a move"),
            "usermove" => Ok(Command::Usermove(args.to_string())),
            "computer" => Ok(Command::Computer),
            "?" => Ok(Command::MoveNow),
            "ping" => Ok(Command::Ping(args.to_string())),
            "setboard" => Ok(Command::Setboard(args.to_string())),
            "undo" => Ok(Command::TakeBack(1)),
            "remove" => Ok(Command::TakeBack(2)),
            "result" => Ok(Command::Result(args.to_string())),
            "analyze" => Ok(Command::Analyze),
            "exit" => Ok(Command::Exit),
            "." => Ok(Command::Status),
            "post" => Ok(Command::Post(true)),
            "nopost" => Ok(Command::Post(false)),
            "hard" => Ok(Command::Ponder(true)),
            "easy" => Ok(Command::Ponder(false)),
            "level" => parse_level(args)
                .map(Command::Level)
                .ok_or("level takes MPS BASE INC"),
            "st" => seconds_ms(args).map(Command::St).ok_or("st takes seconds"),
            "sd" => number("sd takes a depth")
                .map(|d| Command::Sd(u32::try_from(d).unwrap_or(u32::MAX).max(1))),
            "time" | "otim" => number("takes centiseconds").map(|cs| Command::Time {
                own: command == "time",
                ms: cs.saturating_mul(10),
            }),
            "memory" => number("memory takes megabytes").map(|mb| Command::Memory(mb as usize)),
            "cores" => number("cores takes a number").map(|n| Command::Cores(n as usize)),
            "option" => match args.split_once('=') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case(MULTIPV_OPTION) => {
                    parse_count(value)
                        .map(|n| Command::MultiPv(usize::try_from(n).unwrap_or(usize::MAX)))
                        .ok_or("MultiPV takes a number")
                }
                // The value as sent: only the option's type says what it means (a check
                // arrives as 0/1, a spin's 1 is a number).
                Some((name, value)) => Ok(Command::Option {
                    name: name.trim().to_string(),
                    value: value.trim().to_string(),
                }),
                None => Err("expected option NAME=VALUE"),
            },
            "exclude" | "include" => match args.trim() {
                "" => Err("takes a move or all"),
                "all" => Ok(Command::Exclude {
                    exclude: command == "exclude",
                    moves: RootSelection::All,
                }),
                text => Ok(Command::Exclude {
                    exclude: command == "exclude",
                    moves: RootSelection::Move(text.to_string()),
                }),
            },
            "draw" => Ok(Command::Draw),
            "lift" => Ok(Command::Lift(args.to_string())),
            "put" => Ok(Command::Put(args.to_string())),
            "hover" => Ok(Command::Hover(args.to_string())),
            "d" => Ok(Command::Display),
            "quit" => Ok(Command::Quit),
            _ => Ok(Command::Unknown),
        };
        parsed.unwrap_or_else(Command::Bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_read_and_checked() {
        assert_eq!(
            Command::parse("usermove  e2e4 "),
            Command::Usermove("e2e4".into())
        );
        assert_eq!(
            Command::parse("usermove  "),
            Command::Bad("usermove takes a move")
        );
        assert_eq!(Command::parse("remove"), Command::TakeBack(2));
        assert_eq!(
            Command::parse("level 40 5 0"),
            Command::Level((40, 300_000, 0))
        );
        assert_eq!(
            Command::parse("level 40"),
            Command::Bad("level takes MPS BASE INC")
        );
        assert_eq!(
            Command::parse("otim -5"),
            Command::Time { own: false, ms: 0 }
        );
        assert_eq!(Command::parse("sd 0"), Command::Sd(1));
        // The value as sent: the option's type reads it (a check's 1 is true, a spin's 1 is 1).
        assert_eq!(
            Command::parse("option Crooked=1"),
            Command::Option {
                name: "Crooked".into(),
                value: "1".into()
            }
        );
        assert_eq!(
            Command::parse("option Skill Level=1"),
            Command::Option {
                name: "Skill Level".into(),
                value: "1".into()
            }
        );
        assert_eq!(Command::parse("lift e2"), Command::Lift("e2".into()));
        // MultiPV is a number even when it is 1 (checks arrive as 0/1 too).
        assert_eq!(Command::parse("option MultiPV=1"), Command::MultiPv(1));
        assert_eq!(Command::parse("option multipv= 3"), Command::MultiPv(3));
        assert_eq!(
            Command::parse("option MultiPV=many"),
            Command::Bad("MultiPV takes a number")
        );
        assert_eq!(
            Command::parse("exclude  h1f1 @@@@ g14i14 "),
            Command::Exclude {
                exclude: true,
                moves: RootSelection::Move("h1f1 @@@@ g14i14".into())
            }
        );
        assert_eq!(
            Command::parse("include all"),
            Command::Exclude {
                exclude: false,
                moves: RootSelection::All
            }
        );
        assert_eq!(
            Command::parse("exclude"),
            Command::Bad("takes a move or all")
        );
        assert_eq!(Command::parse("frobnicate"), Command::Unknown);
        assert_eq!(Command::parse("   "), Command::Ignored);
    }

    #[test]
    fn every_listed_command_is_known() {
        for word in COMMANDS {
            assert_ne!(Command::parse(word), Command::Unknown, "{word}");
        }
        let mut sorted = COMMANDS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), COMMANDS.len(), "a command listed twice");
    }
}
