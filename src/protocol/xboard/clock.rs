//! Time controls as XBoard sets them (`level`, `st`, `sd`, `time`, `otim`) and thinking output.

use crate::game::Side;
use crate::protocol::parse_count;
use crate::search::Limits;
use crate::session::{InfoLine, ScoreText};

/// A search report as XBoard thinking output: `depth score time(cs) nodes pv`; mate scores are
/// 100000 + moves, as XBoard expects.
pub fn thinking_text(info: &InfoLine) -> String {
    let score = match ScoreText::from_score(info.score) {
        ScoreText::Centipawns(cp) => cp,
        ScoreText::Mate(n) if n > 0 => 100_000 + n,
        ScoreText::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// The thinking output of one search with `lines` lines per depth, the best line last. XBoard
/// sorts a depth's lines by score itself, but takes the last line it was sent for the engine's
/// PV (the "best" of its exclusion header, a PV walk, the analysis comment), so the best line is
/// held back until the others of its depth are out.
#[derive(Debug)]
pub struct ThinkingOutput {
    lines: usize,
    held: Option<String>,
}

impl ThinkingOutput {
    pub fn new(lines: usize) -> ThinkingOutput {
        ThinkingOutput { lines, held: None }
    }

    /// The lines to send now for one report.
    pub fn lines_for(&mut self, info: &InfoLine) -> Vec<String> {
        let text = thinking_text(info);
        // The search reports a depth's lines together, best first: a held line still here
        // when the next depth begins is sent anyway rather than lost.
        let mut out: Vec<String> = Vec::new();
        if info.multipv <= 1 {
            out.extend(self.held.take());
            if self.lines <= 1 {
                out.push(text);
            } else {
                self.held = Some(text);
            }
            return out;
        }
        out.push(text);
        if info.multipv >= self.lines {
            out.extend(self.held.take());
        }
        out
    }
}

/// Time control as `level`, `st`, `sd`, `time` and `otim` set it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// Moves per session (0: the whole game).
    pub moves_per_session: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Fixed time per move (`st`).
    pub per_move_ms: Option<u64>,
    /// Depth limit (`sd`).
    pub depth: Option<u32>,
    /// The engine's and the opponent's clocks (`time`, `otim`; XBoard sends centiseconds).
    pub own_ms: Option<u64>,
    pub other_ms: Option<u64>,
}

/// Parses `level MPS BASE INC`; BASE is minutes or `minutes:seconds`, INC seconds (may be
/// fractional).
pub fn parse_level(args: &str) -> Option<(u32, u64, u64)> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    let [mps, base, inc] = parts[..] else {
        return None;
    };
    let mps = u32::try_from(parse_count(mps)?).unwrap_or(u32::MAX);
    let base_ms = match base.split_once(':') {
        Some((m, s)) => parse_count(m)?
            .saturating_mul(60_000)
            .saturating_add(parse_count(s)?.saturating_mul(1000)),
        None => seconds_ms(base)?.saturating_mul(60),
    };
    Some((mps, base_ms, seconds_ms(inc)?))
}

/// Seconds, possibly fractional and never negative, in milliseconds.
pub fn seconds_ms(text: &str) -> Option<u64> {
    let s: f64 = text.trim().parse().ok()?;
    s.is_finite()
        .then(|| (s.max(0.0) * 1000.0).min(u64::MAX as f64) as u64)
}

/// Think time per move when XBoard sent no time control at all.
pub const DEFAULT_MOVE_MS: u64 = 5000;

impl Clock {
    /// `level MPS BASE INC`: a new time control; the clocks XBoard reported before are void.
    pub fn set_level(&mut self, (mps, base_ms, increment_ms): (u32, u64, u64)) {
        *self = Clock {
            moves_per_session: mps,
            base_ms,
            increment_ms,
            depth: self.depth,
            ..Clock::default()
        };
    }

    /// Search limits for the engine playing `side` with `plies` played so far.
    pub fn limits(&self, mut limits: Limits, side: Side, plies: usize) -> Limits {
        limits.depth = self.depth;
        if let Some(ms) = self.per_move_ms {
            limits.movetime = Some(ms);
            return limits;
        }
        let own = self.own_ms.or((self.base_ms > 0).then_some(self.base_ms));
        let Some(own) = own else {
            if self.depth.is_none() {
                // No clock at all: think a fixed time rather than forever.
                limits.movetime = Some(DEFAULT_MOVE_MS);
            }
            return limits;
        };
        let other = self.other_ms.unwrap_or(own);
        let inc = Some(self.increment_ms);
        if side == Side::White {
            (limits.wtime, limits.btime, limits.winc, limits.binc) =
                (Some(own), Some(other), inc, inc);
        } else {
            (limits.wtime, limits.btime, limits.winc, limits.binc) =
                (Some(other), Some(own), inc, inc);
        }
        if self.moves_per_session > 0 {
            let own_moves_made = (plies / 2) as u32;
            limits.movestogo =
                Some(self.moves_per_session - own_moves_made % self.moves_per_session);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_parses_minutes_seconds_and_increments() {
        assert_eq!(parse_level("40 5 0"), Some((40, 300_000, 0)));
        assert_eq!(parse_level("0 2:30 1.5"), Some((0, 150_000, 1500)));
        assert_eq!(parse_level("0 0.5 0"), Some((0, 30_000, 0)));
        assert_eq!(parse_level("40 5"), None);
        assert_eq!(parse_level("x 5 0"), None);
    }

    #[test]
    fn clock_gives_search_limits() {
        let clock = Clock {
            moves_per_session: 40,
            base_ms: 300_000,
            increment_ms: 0,
            own_ms: Some(12_000),
            other_ms: Some(9_000),
            ..Clock::default()
        };
        let l = clock.limits(Limits::default(), Side::Black, 21);
        assert_eq!((l.wtime, l.btime), (Some(9_000), Some(12_000)));
        assert_eq!(l.movestogo, Some(30), "10 of 40 moves made");
        let st = Clock {
            per_move_ms: Some(2000),
            depth: Some(4),
            ..clock
        };
        let l = st.limits(Limits::default(), Side::White, 0);
        assert_eq!((l.movetime, l.depth, l.wtime), (Some(2000), Some(4), None));
        let l = Clock::default().limits(Limits::default(), Side::White, 0);
        assert_eq!(l.movetime, Some(DEFAULT_MOVE_MS));
    }

    #[test]
    fn the_best_line_comes_last_in_each_depth() {
        let line = |depth, multipv, mv: &str| InfoLine {
            multipv,
            ..InfoLine::sample(depth, 10 * (4 - multipv as i32), 5, 0, &[mv])
        };
        let mut output = ThinkingOutput::new(3);
        let sent: Vec<String> = [
            line(1, 1, "e2e4"),
            line(1, 2, "d2d4"),
            line(1, 3, "g1f3"),
            line(2, 1, "d2d4"),
            line(2, 2, "e2e4"),
            line(2, 3, "c2c4"),
        ]
        .iter()
        .flat_map(|info| output.lines_for(info))
        .collect();
        assert_eq!(
            sent,
            [
                "1 20 0 5 d2d4",
                "1 10 0 5 g1f3",
                "1 30 0 5 e2e4",
                "2 20 0 5 e2e4",
                "2 10 0 5 c2c4",
                "2 30 0 5 d2d4"
            ]
        );
        let mut single = ThinkingOutput::new(1);
        assert_eq!(single.lines_for(&line(4, 1, "e2e4")), ["4 30 0 5 e2e4"]);
        // A depth cut short still lets the next depth's best line out.
        let mut short = ThinkingOutput::new(2);
        assert!(short.lines_for(&line(1, 1, "e2e4")).is_empty());
        assert_eq!(short.lines_for(&line(2, 1, "d2d4")), ["1 30 0 5 e2e4"]);
    }

    #[test]
    fn thinking_output_uses_centiseconds_and_mate_convention() {
        let info = InfoLine {
            seldepth: 5,
            ..InfoLine::sample(3, crate::game::MATE - 1, 100, 1234, &["e2e4"])
        };
        assert_eq!(thinking_text(&info), "3 100001 123 100 e2e4");
        let info = InfoLine {
            score: -25,
            pv: vec![],
            ..info
        };
        assert_eq!(thinking_text(&info), "3 -25 123 100");
    }
}
