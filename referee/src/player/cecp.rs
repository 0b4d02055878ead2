//! CECP as the referee reads it: the engine's features (with protocol version 1's defaults until
//! the engine says otherwise) and what each line an engine prints means.

/// The features the referee acts on, as XBoard keeps them. Every field starts at the value CECP
/// gives an engine that never sends `feature` (protocol version 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub ping: bool,
    pub setboard: bool,
    pub san: bool,
    pub usermove: bool,
    pub time: bool,
    pub sigint: bool,
    pub sigterm: bool,
    pub reuse: bool,
    pub colors: bool,
    pub myname: Option<String>,
    /// `None` until the engine lists them (then only these are played).
    pub variants: Option<Vec<String>>,
    /// The names of the engine's `feature option="NAME -type ..."` options.
    pub options: Vec<String>,
    /// Any `feature` line seen at all (a version 2 engine).
    pub any: bool,
    /// `done=1` seen.
    pub done: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            ping: false,
            setboard: false,
            san: false,
            usermove: false,
            time: true,
            sigint: true,
            sigterm: true,
            reuse: true,
            colors: true,
            myname: None,
            variants: None,
            options: Vec::new(),
            any: false,
            done: false,
        }
    }
}

/// What `feature done=...` asks for, when it is in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Done {
    /// `done=0`: wait longer, until `done=1`.
    Later,
    /// `done=1`: the feature list is complete.
    Now,
}

/// The features the referee understands (answered `accepted`); others are `rejected`, as XBoard
/// answers them.
const KNOWN: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
];

impl Features {
    /// Applies one `feature` line's pairs; returns the `accepted`/`rejected` answers to send and
    /// what the line says about `done`.
    pub fn apply(&mut self, text: &str) -> (Vec<String>, Option<Done>) {
        self.any = true;
        let mut answers = Vec::new();
        let mut done = None;
        for (key, value) in parse_features(text) {
            let on = value == "1";
            match key.as_str() {
                "ping" => self.ping = on,
                "setboard" => self.setboard = on,
                "san" => self.san = on,
                "usermove" => self.usermove = on,
                "time" => self.time = on,
                "sigint" => self.sigint = on,
                "sigterm" => self.sigterm = on,
                "reuse" => self.reuse = on,
                "colors" => self.colors = on,
                "myname" => self.myname = Some(value.clone()).filter(|n| !n.trim().is_empty()),
                "variants" => {
                    self.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect())
                }
                "option" => {
                    // `NAME -type ...`: the name runs up to the first ` -`.
                    let name = value.split(" -").next().unwrap_or("").trim();
                    if !name.is_empty() {
                        self.options.push(name.to_string());
                    }
                }
                "done" if on => {
                    self.done = true;
                    done = Some(Done::Now);
                }
                "done" => done = Some(Done::Later),
                _ => {}
            }
            let verdict = if KNOWN.contains(&key.as_str()) {
                "accepted"
            } else {
                "rejected"
            };
            answers.push(format!("{verdict} {key}"));
        }
        (answers, done)
    }
}

/// Splits `a=1 b="x y" c=2` into pairs.
pub fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, remaining) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((value, remaining)) => (value.to_string(), remaining),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((value, remaining)) => (value.to_string(), remaining),
                None => (after.to_string(), ""),
            }
        };
        out.push((key, value));
        rest = remaining.trim_start();
    }
    out
}

/// One line from a CECP engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Feature(String),
    Pong(String),
    /// `move X`, or the old form `N. ... X` that XBoard still reads (GNU Chess prints it).
    Move(String),
    Claim {
        result: String,
        comment: String,
    },
    Resign,
    /// `Illegal move: X` (or `Illegal move (reason): X`): the engine refuses a move it was sent.
    Illegal(String),
    /// `Error (...): command`.
    Error(String),
    /// Thinking output: `ply score time nodes pv...`.
    Thinking {
        depth: u32,
        score: i32,
    },
    /// Anything else (banners, `#` debug output, `telluser`, echoes of moves).
    Other,
}

/// What `line` means.
pub fn classify(line: &str) -> Line {
    let line = line.trim();
    let mut tokens = line.split_whitespace();
    let first = tokens.next().unwrap_or("");
    if let Some(rest) = line.strip_prefix("feature ") {
        return Line::Feature(rest.to_string());
    }
    if first == "pong" {
        return Line::Pong(tokens.next().unwrap_or("").to_string());
    }
    if first == "move" {
        return Line::Move(tokens.next().unwrap_or("").to_string());
    }
    if first == "resign" {
        return Line::Resign;
    }
    for result in ["1-0", "0-1", "1/2-1/2"] {
        if let Some(rest) = line.strip_prefix(result) {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                let comment = rest.trim().trim_start_matches('{').trim_end_matches('}');
                return Line::Claim {
                    result: result.to_string(),
                    comment: comment.trim().to_string(),
                };
            }
        }
    }
    if line.starts_with("Illegal move") {
        return Line::Illegal(line.to_string());
    }
    if line.starts_with("Error") {
        return Line::Error(line.to_string());
    }
    // `12. ... e7e5`: the move number, three dots, the move.
    let numbered = first.ends_with('.')
        && first.len() > 1
        && first[..first.len() - 1].bytes().all(|b| b.is_ascii_digit());
    let second = tokens.next();
    if numbered && second == Some("...") {
        return match tokens.next() {
            Some(mv) => Line::Move(mv.to_string()),
            None => Line::Other,
        };
    }
    if first.starts_with(|c: char| c.is_ascii_digit()) {
        let depth = first.trim_end_matches(['.', '&']).parse::<u32>();
        let score = second.map(str::parse::<i32>);
        if let (Ok(depth), Some(Ok(score))) = (depth, score) {
            return Line::Thinking { depth, score };
        }
    }
    Line::Other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let features =
            parse_features(r#"myname="Fairy-Max 5.0b" ping=1 variants="normal,shatranj" done=0"#);
        assert_eq!(
            features,
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("ping".to_string(), "1".to_string()),
                ("variants".to_string(), "normal,shatranj".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
        assert!(parse_features("").is_empty());
        // Garbage without '=' yields nothing rather than a panic.
        assert!(parse_features("garbage").is_empty());
    }

    #[test]
    fn features_start_at_protocol_1_defaults_and_apply_whenever_they_come() {
        let mut features = Features::default();
        assert!(!features.ping && !features.usermove && !features.setboard && !features.san);
        assert!(features.time && features.sigint && features.sigterm && features.colors);
        let (answers, done) =
            features.apply(r#"ping=1 usermove=1 frobnicate=1 option="Style -combo a /// b""#);
        assert_eq!(
            answers,
            vec![
                "accepted ping",
                "accepted usermove",
                "rejected frobnicate",
                "accepted option"
            ]
        );
        assert_eq!(done, None);
        assert!(features.ping && features.usermove && features.any);
        assert_eq!(features.options, vec!["Style"]);
        assert_eq!(features.apply("done=0").1, Some(Done::Later));
        assert_eq!(features.apply("sigint=0 done=1").1, Some(Done::Now));
        assert!(!features.sigint && features.done);
    }

    #[test]
    fn lines_are_classified_as_xboard_reads_them() {
        assert_eq!(classify("move e2e4"), Line::Move("e2e4".into()));
        assert_eq!(classify("move O-O"), Line::Move("O-O".into()));
        // GNU Chess: its own move in the old form, and an echo of the opponent's (not a move).
        assert_eq!(classify("1. ... g1f3"), Line::Move("g1f3".into()));
        assert_eq!(classify("12. ... Nxe5"), Line::Move("Nxe5".into()));
        assert_eq!(classify("1. e2e4"), Line::Other);
        assert_eq!(classify("My move is : g1f3"), Line::Other);
        assert_eq!(classify("pong 3"), Line::Pong("3".into()));
        assert_eq!(
            classify("1/2-1/2 {Draw by repetition}"),
            Line::Claim {
                result: "1/2-1/2".into(),
                comment: "Draw by repetition".into()
            }
        );
        assert_eq!(classify("resign"), Line::Resign);
        assert!(matches!(classify("Illegal move: e2e5"), Line::Illegal(_)));
        assert!(matches!(
            classify("Illegal move (no piece): e2e5"),
            Line::Illegal(_)
        ));
        assert!(matches!(
            classify("Error (unknown command): computer"),
            Line::Error(_)
        ));
        assert_eq!(
            classify("9 +4 17 503623 d5 exd5"),
            Line::Thinking { depth: 9, score: 4 }
        );
        assert_eq!(
            classify("10. -100005 3 100 Qh5"),
            Line::Thinking {
                depth: 10,
                score: -100005
            }
        );
        assert_eq!(classify(""), Line::Other);
        assert_eq!(classify("\u{1}\u{7f}~~ noise"), Line::Other);
    }
}
