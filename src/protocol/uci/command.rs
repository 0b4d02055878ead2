//! UCI commands, parsed before anything is done with them: a line becomes one [`Command`],
//! arguments read and checked; the protocol then has one handler per command (`Uci::command`),
//! as XBoard's commands do.
//!
//! vampirc-uci parses `setoption`, where it is faithful. It is NOT used for `position` or `go`
//! (measured defects in 0.11.1: it truncates `moves` at the first move outside a1-h8, rejects
//! every non-8x8 FEN, panics on `go depth 300` and `go movestogo 300`, drops `ponder` when times
//! follow): those are read here.

use crate::protocol::{echo, parse_count, split_command};
use crate::search::Limits;
use vampirc_uci::UciMessage;

/// Every command word [`Command::parse`] knows (a test checks that each parses).
pub const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "debug",
    "register",
];

#[derive(Debug)]
pub enum Command {
    /// Lines that need no answer (an empty line, `debug`, `register`).
    Ignored,
    Uci,
    IsReady,
    UciNewGame,
    /// `setoption name N [value V]`: (N, V), or why the line could not be read.
    SetOption(Result<(String, String), String>),
    /// `position ...`, or why it could not be read (the position then stays as it was).
    Position(Result<Position, String>),
    /// `go ...`, with the warnings its reading gave (the rest of the command still counts).
    /// Boxed: its limits outweigh every other command (clippy::large_enum_variant).
    Go {
        go: Box<Go>,
        warnings: Vec<String>,
    },
    Stop,
    PonderHit,
    /// `d`: the board, variant, options, FEN and key.
    Display,
    Quit,
    Unknown,
}

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// `position (startpos | fen F) [moves M...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub start: Start,
    pub moves: Vec<String>,
}

impl Command {
    /// Reads one input line.
    pub fn parse(line: &str) -> Command {
        let (command, args) = split_command(line);
        match command {
            "" | "debug" | "register" => Command::Ignored,
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "ucinewgame" => Command::UciNewGame,
            "setoption" => Command::SetOption(parse_setoption(line).ok_or_else(|| {
                format!(
                    "setoption: expected 'name <id> [value <x>]': {}",
                    echo(line)
                )
            })),
            "position" => Command::Position(parse_position(args)),
            "go" => {
                let (go, warnings) = parse_go(args);
                Command::Go {
                    go: Box::new(go),
                    warnings,
                }
            }
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "d" => Command::Display,
            "quit" => Command::Quit,
            _ => Command::Unknown,
        }
    }
}

/// The arguments of `position`.
fn parse_position(args: &str) -> Result<Position, String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (base, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let start = match base {
        ["startpos"] => Start::StartPos,
        ["fen", fen @ ..] if !fen.is_empty() => Start::Fen(fen.join(" ")),
        _ => {
            return Err(format!(
                "position: expected 'startpos' or 'fen <fen>', position unchanged: {}",
                echo(args)
            ))
        }
    };
    Ok(Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// What `go` asked for, read by our own parser.
#[derive(Debug, Default)]
pub struct Go {
    pub limits: Limits,
    /// `go perft N`: count leaves instead of searching (the depth as sent; checked later).
    pub perft: Option<u64>,
    /// Moves after `searchmoves`: the root moves the search may choose from (`Uci::go` checks
    /// them against the position).
    pub searchmoves: Vec<String>,
}

/// Every keyword `go` reads (the fuzz harness builds its vocabulary from these too).
pub const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Reads the arguments of `go`. Never fails: problems come back as warnings for `info string`,
/// and the rest of the command still counts.
pub fn parse_go(args: &str) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut warnings = Vec::new();
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let keyword = tokens[i];
        i += 1;
        match keyword {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.limits.ponder = true,
            "searchmoves" => {
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "movetime"
            | "mate" | "perft" => {
                let Some(value) = tokens.get(i).and_then(|t| parse_count(t)) else {
                    warnings.push(format!("go: '{keyword}' needs a number; ignored"));
                    // A bad value is skipped with its keyword; a following keyword is kept.
                    if tokens.get(i).is_some_and(|t| !GO_KEYWORDS.contains(t)) {
                        i += 1;
                    }
                    continue;
                };
                i += 1;
                let small = u32::try_from(value).unwrap_or(u32::MAX);
                let l = &mut go.limits;
                match keyword {
                    "wtime" => l.wtime = Some(value),
                    "btime" => l.btime = Some(value),
                    "winc" => l.winc = Some(value),
                    "binc" => l.binc = Some(value),
                    "movestogo" => l.movestogo = Some(small),
                    "depth" => l.depth = Some(small),
                    "nodes" => l.nodes = Some(value),
                    "movetime" => l.movetime = Some(value),
                    "mate" => l.mate = Some(small),
                    _ => go.perft = Some(value),
                }
            }
            other => warnings.push(format!("go: unknown parameter '{}' ignored", echo(other))),
        }
    }
    (go, warnings)
}

/// `setoption name N [value V]` -> (N, V). vampirc-uci reads names and values with spaces
/// faithfully; a line it cannot read falls back to our own split.
pub fn parse_setoption(line: &str) -> Option<(String, String)> {
    if let UciMessage::SetOption { name, value } = vampirc_uci::parse_one(line) {
        if !name.trim().is_empty() {
            return Some((name.trim().to_string(), value.unwrap_or_default()));
        }
    }
    let (_, rest) = split_command(line);
    let rest = rest.strip_prefix("name")?.trim();
    let (name, value) = match rest.find(" value") {
        Some(i) => (&rest[..i], rest[i + " value".len()..].trim()),
        None => (rest, ""),
    };
    let name = name.trim();
    (!name.is_empty()).then(|| (name.to_string(), value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_what_vampirc_cannot() {
        // vampirc-uci 0.11.1 panics on these two and drops `ponder` when times follow.
        let (go, w) = parse_go("depth 300");
        assert!(w.is_empty());
        assert_eq!(go.limits.depth, Some(300));
        let (go, _) = parse_go("movestogo 300 wtime 1000 btime 1000");
        assert_eq!(go.limits.movestogo, Some(300));
        let (go, _) = parse_go("ponder wtime 1000 btime 2000 winc 10 binc 20");
        assert!(go.limits.ponder);
        assert_eq!(
            (
                go.limits.wtime,
                go.limits.btime,
                go.limits.winc,
                go.limits.binc
            ),
            (Some(1000), Some(2000), Some(10), Some(20))
        );
    }

    #[test]
    fn go_survives_junk() {
        let (go, w) = parse_go("wtime -20 depth banana nodes 99999999999999999999999 frobnicate");
        assert_eq!(go.limits.wtime, Some(0));
        assert_eq!(go.limits.depth, None);
        assert_eq!(go.limits.nodes, Some(u64::MAX));
        assert_eq!(w.len(), 2, "{w:?}");
        let (go, _) = parse_go("searchmoves e2e4 a10a9 infinite perft 3");
        assert_eq!(go.searchmoves, vec!["e2e4", "a10a9"]);
        assert!(go.limits.infinite);
        assert_eq!(go.perft, Some(3));
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            parse_setoption("setoption name Move Overhead value 100"),
            Some(("Move Overhead".into(), "100".into()))
        );
        assert_eq!(
            parse_setoption("setoption name UCI_Variant value sin-yeon-sang-gi"),
            Some(("UCI_Variant".into(), "sin-yeon-sang-gi".into()))
        );
        assert_eq!(
            parse_setoption("setoption name Clear Hash"),
            Some(("Clear Hash".into(), "".into()))
        );
        assert_eq!(parse_setoption("setoption"), None);
        assert_eq!(parse_setoption("setoption value 3"), None);
    }

    #[test]
    fn position_is_read_before_it_is_played() {
        let Command::Position(Ok(position)) =
            Command::parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 h1h2")
        else {
            panic!("a position");
        };
        assert_eq!(
            position.start,
            Start::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into())
        );
        assert_eq!(position.moves, ["a1a2", "h1h2"]);
        assert!(matches!(
            Command::parse("position startpos"),
            Command::Position(Ok(Position {
                start: Start::StartPos,
                ..
            }))
        ));
        for bad in [
            "position",
            "position fen",
            "position moves e2e4",
            "position start",
        ] {
            assert!(
                matches!(Command::parse(bad), Command::Position(Err(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            Command::parse("setoption"),
            Command::SetOption(Err(_))
        ));
    }

    #[test]
    fn every_listed_command_is_known() {
        for word in COMMANDS {
            assert!(!matches!(Command::parse(word), Command::Unknown), "{word}");
        }
        assert!(matches!(Command::parse("xboard"), Command::Unknown));
        assert!(matches!(Command::parse("  "), Command::Ignored));
    }
}
