//! A scripted UCI teacher for the tests of `tuning relabel` (`tests/relabel.rs`): it speaks just
//! enough UCI, and its score of a position is a fixed function of the FEN (`truth.rs`, from
//! White's view; sent from the side to move's view, as UCI engines do), so a test knows every
//! score it must find without Stockfish.
//!
//! Every search sends decoys first (an earlier iteration's score, a bound, a second `multipv`
//! line, an `info string` naming a score), then the final score: a relabel that reads anything
//! but the last exact main-line score gets another number. A position whose `truth` is a
//! multiple of 10 is scored as a mate.
//!
//! `fake_teacher [--id NAME] [--log FILE] [--no-variant]
//!               [--die-on TEXT] [--hang-on TEXT] [--garbage-on TEXT] [--once FILE]`
//! - `--log FILE` appends every line received;
//! - `--no-variant` announces no `UCI_Variant` option;
//! - `--die-on TEXT` exits (status 3) when asked to search a FEN containing TEXT;
//! - `--hang-on TEXT` then reads and answers nothing again;
//! - `--garbage-on TEXT` then sends a score that does not read and bytes that are not UTF-8;
//! - `--once FILE`: those happen only while FILE does not exist, which the first one creates
//!   (a teacher that fails once, then works).
//!
//! The option `Offset` (spin) is added to every score, White's view.

mod truth;

use std::io::{BufRead, Write};
use truth::truth;

/// The answer to `uci`.
fn announce(out: &mut impl Write, id: &str, no_variant: bool) {
    let _ = writeln!(out, "id name {id}\nid author nobody");
    let _ = writeln!(out, "option name Hash type spin default 16 min 1 max 1024");
    let _ = writeln!(out, "option name Threads type spin default 1 min 1 max 64");
    if !no_variant {
        let _ = writeln!(
            out,
            "option name UCI_Variant type combo default chess var chess var xiangqi"
        );
    }
    let _ = writeln!(
        out,
        "option name Offset type spin default 0 min -5000 max 5000"
    );
    let _ = writeln!(out, "uciok");
}

/// A search of `fen`: decoys, then the final score from the side to move's view, `bestmove`.
fn search(out: &mut impl Write, fen: &str, offset: i32) {
    let t = truth(fen) + offset;
    let white = fen.split_whitespace().nth(1) != Some("b");
    let own = if white { t } else { -t };
    let _ = writeln!(out, "info depth 1 score cp {} nodes 1 pv 0000", own + 1);
    let _ = writeln!(out, "info string score cp 4444");
    let _ = writeln!(out, "info depth 2 score cp {} lowerbound nodes 5", own + 7);
    let _ = writeln!(out, "info depth 2 multipv 2 score cp -999 nodes 9");
    if t % 10 == 0 {
        let _ = writeln!(out, "info depth 2 multipv 1 score mate 3 nodes 10 pv 0000");
    } else {
        let _ = writeln!(
            out,
            "info depth 2 seldepth 3 multipv 1 score cp {own} nodes 10 pv 0000"
        );
    }
    let _ = writeln!(out, "bestmove 0000");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let id = value("--id").unwrap_or_else(|| "Fake Teacher 1.0".into());
    let mut log = value("--log").and_then(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .ok()
    });
    let no_variant = args.iter().any(|a| a == "--no-variant");
    let once = value("--once");
    let trigger = |flag: &str, fen: &str| -> bool {
        let Some(text) = value(flag) else {
            return false;
        };
        if !fen.contains(&text) {
            return false;
        }
        match &once {
            Some(path) if std::path::Path::new(path).exists() => false,
            Some(path) => std::fs::write(path, "fired").is_ok(),
            None => true,
        }
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut fen = String::new();
    let mut offset = 0i32;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(f) = log.as_mut() {
            // One write a line: teachers of one run share the log.
            let _ = f.write_all(format!("{line}\n").as_bytes());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => announce(&mut out, &id, no_variant),
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("setoption") if words.get(2) == Some(&"Offset") => {
                offset = words.get(4).and_then(|v| v.parse().ok()).unwrap_or(0);
            }
            Some("position") => {
                fen = line
                    .split_once(" fen ")
                    .map_or(String::new(), |(_, f)| f.to_string());
            }
            Some("go") => {
                if trigger("--die-on", &fen) {
                    std::process::exit(3);
                }
                if trigger("--hang-on", &fen) {
                    loop {
                        std::thread::sleep(std::time::Duration::from_secs(3600));
                    }
                }
                if trigger("--garbage-on", &fen) {
                    let _ = out.write_all(b"\xff\xfe garbage\ninfo depth 2 score cp 1x2\n");
                    let _ = writeln!(out, "bestmove 0000");
                    let _ = out.flush();
                    continue;
                }
                search(&mut out, &fen, offset);
            }
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
