//! A UCI engine run as a teacher (`tuning relabel`): one process, one search thread, asked for
//! its score of one position at a time. Everything it sends is read by a thread of its own, so
//! that a teacher that hangs is noticed by a timeout, and one that dies or sends garbage is an
//! error for the position asked, never a panic or a hang of the caller.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start the teacher and what to set in it.
#[derive(Clone, Debug)]
pub struct TeacherSpec {
    pub program: String,
    pub args: Vec<String>,
    /// UCI options to set after the fixed ones, `NAME=VALUE`.
    pub options: Vec<String>,
    pub hash_mb: usize,
    /// The longest wait for one search's `bestmove` (and for `uciok`, `readyok`).
    pub timeout: Duration,
}

/// The search per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes(u64),
    Depth(u32),
}

impl Limit {
    /// As the data header writes a limit: `nodes=N` or `depth=D`.
    pub fn text(&self) -> String {
        match self {
            Limit::Nodes(n) => format!("nodes={n}"),
            Limit::Depth(d) => format!("depth={d}"),
        }
    }
    fn go(&self) -> String {
        match self {
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
        }
    }
}

/// A search's last score, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// A running teacher.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    /// The engine's `id name`.
    pub id_name: String,
    /// Every option set, `NAME=VALUE`, in the order sent.
    pub applied: Vec<String>,
}

/// An option the engine announced: its name and, for a combo, its values.
struct Announced {
    name: String,
    vars: Vec<String>,
}

fn parse_option(line: &str) -> Option<Announced> {
    let rest = line.strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let vars = words
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect();
    Some(Announced {
        name: name.trim().to_string(),
        vars,
    })
}

/// The score an `info` line carries, if it is the main line's final score of an iteration:
/// `Ok(None)` for lines without one (`info string ...`, bounds, other `multipv` lines), an error
/// for a score that does not read.
pub fn info_score(line: &str) -> Result<Option<Score>, String> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return Ok(None);
    }
    // Everything after `string` is free text.
    let words: Vec<&str> = words.take_while(|&w| w != "string").collect();
    if words
        .iter()
        .any(|&w| w == "lowerbound" || w == "upperbound")
    {
        return Ok(None);
    }
    if let Some(i) = words.iter().position(|&w| w == "multipv") {
        if words.get(i + 1) != Some(&"1") {
            return Ok(None);
        }
    }
    let Some(i) = words.iter().position(|&w| w == "score") else {
        return Ok(None);
    };
    let bad = || format!("unreadable score in '{line}'");
    let value: i32 = words
        .get(i + 2)
        .ok_or_else(bad)?
        .parse()
        .map_err(|_| bad())?;
    match words.get(i + 1) {
        Some(&"cp") => Ok(Some(Score::Cp(value))),
        Some(&"mate") => Ok(Some(Score::Mate(value))),
        _ => Err(bad()),
    }
}

impl Engine {
    /// Starts the teacher and sets it up: `Threads=1`, `Hash`, `UCI_Variant` (when it announces
    /// it; a variant other than chess needs it), the data's rule options and `spec.options`,
    /// every one of which it must announce.
    pub fn start(
        spec: &TeacherSpec,
        variant: &str,
        rule_options: &[String],
    ) -> Result<Self, String> {
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.program))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("no pipes to the teacher".into());
        };
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Bytes that are not UTF-8 are garbage, not a reason to stop reading.
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if send.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            timeout: spec.timeout,
            id_name: String::new(),
            applied: Vec::new(),
        };
        match engine.set_up(spec, variant, rule_options) {
            Ok(()) => Ok(engine),
            Err(e) => {
                engine.kill();
                Err(format!("teacher {}: {e}", spec.program))
            }
        }
    }

    fn set_up(
        &mut self,
        spec: &TeacherSpec,
        variant: &str,
        rule_options: &[String],
    ) -> Result<(), String> {
        self.send("uci")?;
        let deadline = self.deadline();
        let mut announced = Vec::new();
        loop {
            let line = self.line(deadline, "uciok")?;
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = name.trim().to_string();
            } else if let Some(option) = parse_option(&line) {
                announced.push(option);
            }
        }
        if self.id_name.is_empty() {
            return Err("no 'id name' before uciok".into());
        }
        let find = |name: &str| announced.iter().find(|o| o.name.eq_ignore_ascii_case(name));
        let mut set = Vec::new();
        if find("Threads").is_some() {
            set.push("Threads=1".to_string());
        }
        if find("Hash").is_some() {
            set.push(format!("Hash={}", spec.hash_mb));
        }
        let user_variant = spec.options.iter().any(|o| {
            o.split('=')
                .next()
                .is_some_and(|n| n.eq_ignore_ascii_case("UCI_Variant"))
        });
        match find("UCI_Variant") {
            Some(o) if !user_variant => {
                if !o.vars.is_empty() && !o.vars.iter().any(|v| v == variant) {
                    return Err(format!("it does not play {variant} (UCI_Variant)"));
                }
                set.push(format!("UCI_Variant={variant}"));
            }
            None if variant != "chess" && !user_variant => {
                return Err(format!(
                    "it announces no UCI_Variant option to play {variant}"
                ));
            }
            _ => {}
        }
        for o in rule_options.iter().chain(&spec.options) {
            let (name, _) = o
                .split_once('=')
                .ok_or_else(|| format!("option '{o}': expected NAME=VALUE"))?;
            if name.eq_ignore_ascii_case("Threads") {
                return Err("Threads is always 1 (one process per thread instead)".into());
            }
            if find(name).is_none() {
                let names: Vec<&str> = announced.iter().map(|o| o.name.as_str()).collect();
                return Err(format!(
                    "no option '{name}' (it announces: {})",
                    names.join(", ")
                ));
            }
            set.push(o.clone());
        }
        for o in &set {
            let (name, value) = o.split_once('=').unwrap_or((o, ""));
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.applied = set;
        self.ready()
    }

    /// When a wait that starts now times out (far away for a huge timeout, never an overflow).
    fn deadline(&self) -> Instant {
        let now = Instant::now();
        now.checked_add(self.timeout)
            .unwrap_or_else(|| now + Duration::from_secs(1 << 30))
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("the teacher exited ({e})"))
    }

    /// The next line, or an error once `deadline` passes or the teacher has exited.
    fn line(&self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "no '{waiting_for}' within {:.1} s",
                self.timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(format!(
                "the teacher exited while we waited for '{waiting_for}'"
            )),
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = self.deadline();
        while self.line(deadline, "readyok")? != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`: the next positions are another game's (cleared hash and histories).
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The last score of the search of `fen` (`info ... score`, bounds and other `multipv`
    /// lines left out), from the side to move's view.
    pub fn score(&mut self, fen: &str, limit: Limit) -> Result<Score, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&limit.go())?;
        let deadline = self.deadline();
        let mut last = None;
        loop {
            let line = self.line(deadline, "bestmove")?;
            if line.split_whitespace().next() == Some("bestmove") {
                return last.ok_or_else(|| "bestmove without a score".to_string());
            }
            if let Some(score) = info_score(&line)? {
                last = Some(score);
            }
        }
    }

    /// Ends the process at once (a teacher that hangs answers nothing, `quit` included).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// `quit`, then a short wait before killing it.
    pub fn quit(mut self) {
        if self.send("quit").is_ok() {
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.kill();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Never leave a teacher running; after `quit` or `kill` this does nothing.
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_the_main_line_s_exact_score() {
        let s = |l: &str| info_score(l);
        assert_eq!(
            s("info depth 8 seldepth 8 multipv 1 score cp 749 nodes 2819 pv c5d4"),
            Ok(Some(Score::Cp(749)))
        );
        assert_eq!(
            s("info depth 9 score mate -3 pv a1a2"),
            Ok(Some(Score::Mate(-3)))
        );
        assert_eq!(s("info depth 9 score cp 12 lowerbound nodes 5"), Ok(None));
        assert_eq!(s("info depth 9 score cp 12 upperbound"), Ok(None));
        assert_eq!(s("info depth 9 multipv 2 score cp 12"), Ok(None));
        assert_eq!(s("info string score cp 1 is not a score"), Ok(None));
        assert_eq!(s("info depth 3 nodes 100"), Ok(None));
        assert_eq!(s("bestmove e2e4"), Ok(None));
        assert!(s("info depth 3 score cp banana").is_err());
        assert!(s("info depth 3 score").is_err());
        assert!(s("info depth 3 score wdl 1 2 3").is_err());
    }

    #[test]
    fn options_and_their_values_are_read() {
        let o =
            parse_option("option name UCI_Variant type combo default chess var chess var xiangqi")
                .unwrap();
        assert_eq!(o.name, "UCI_Variant");
        assert_eq!(o.vars, vec!["chess", "xiangqi"]);
        let o =
            parse_option("option name Move Overhead type spin default 30 min 0 max 5000").unwrap();
        assert_eq!((o.name.as_str(), o.vars.len()), ("Move Overhead", 0));
        assert!(parse_option("id name X").is_none());
    }
}
