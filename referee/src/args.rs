//! The command line of `kaleido match` (see docs/match.md) and the time controls it names.

use crate::player::Limit;
use std::time::Duration;

/// Arguments of `kaleido match` (see docs/match.md).
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    #[arg(long)]
    pub variant: String,
    /// `cmd=COMMAND [name=NAME] [proto=uci|xboard] [nodes=N] [option.NAME=VALUE ...]`; a bare
    /// command is `cmd=COMMAND`. At least two.
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    /// Games per pairing (each opening is played twice, once with each colour).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Clock per side: `BASE+INC` in seconds (`1+0.01`, `60`, `2:30+1`).
    #[arg(long, group = "limit")]
    pub tc: Option<String>,
    /// Nodes per move (UCI engines only).
    #[arg(long, group = "limit")]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, group = "limit")]
    pub depth: Option<u32>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Append every game's PGN to this file.
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// One FEN or one move sequence a line; used in order, cycling.
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<std::path::PathBuf>,
    /// Start each opening pair with this many random legal plies (deterministic from --seed).
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// `elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]`: stop when decided.
    #[arg(long, num_args = 1..)]
    pub sprt: Option<Vec<String>>,
    /// End a game at this many plies (from the start position) as a draw.
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// A rule option of the variant (NAME=VALUE), for the referee and every engine.
    #[arg(long = "option")]
    pub options: Vec<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The first engine plays every other; the others do not meet.
    #[arg(long)]
    pub gauntlet: bool,
    /// Milliseconds an engine may exceed its clock before it forfeits (pipe and scheduling delays).
    #[arg(long, default_value_t = 50)]
    pub time_margin: u64,
    /// Seconds an XBoard engine may take to send its `feature` lines after `protover 2` (XBoard
    /// waits 10; `feature done=0` extends the wait to 60).
    #[arg(long, default_value_t = 10.0)]
    pub feature_timeout: f64,
    /// Seconds one move may take under --nodes or --depth before the engine forfeits.
    #[arg(long, default_value_t = 60.0)]
    pub move_timeout: f64,
    /// Resign adjudication: `CP MOVES` (both engines agree one side is CP behind for MOVES moves).
    #[arg(long, num_args = 2, value_names = ["CP", "MOVES"])]
    pub resign: Option<Vec<u32>>,
    /// Draw adjudication: `CP MOVES FROM_PLY`.
    #[arg(long, num_args = 3, value_names = ["CP", "MOVES", "FROM_PLY"])]
    pub draw: Option<Vec<u32>>,
    #[arg(long, default_value = "Kaleido match")]
    pub event: String,
    #[arg(long, default_value = "?")]
    pub site: String,
    /// Print every line sent to and received from the engines on stderr.
    #[arg(long)]
    pub debug: bool,
    /// No progress lines (the results table is still printed).
    #[arg(long)]
    pub quiet: bool,
    /// K/N: play only the game pairs p with p % N == K, numbered as in the whole match (N such
    /// runs play its games; `kaleido match-merge` combines their --results files).
    #[arg(long, default_value = "0/1", value_parser = crate::results::Shard::parse)]
    pub shard: crate::results::Shard,
    /// Write the match's identity, every game pair's results and the totals (W/D/L and
    /// pentanomial counts) to this file, JSON Lines (docs/cluster.md).
    #[arg(long)]
    pub results: Option<std::path::PathBuf>,
}

/// Parses `BASE+INC` (seconds, `M:SS` allowed for the base).
pub fn parse_tc(text: &str) -> Result<Limit, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |s: &str| -> Option<f64> {
        let value = match s.split_once(':') {
            Some((m, sec)) => m.parse::<f64>().ok()? * 60.0 + sec.parse::<f64>().ok()?,
            None => s.parse::<f64>().ok()?,
        };
        (0.0..1e7).contains(&value).then_some(value)
    };
    let base = seconds(base).filter(|&b| b > 0.0);
    let inc = seconds(inc);
    match (base, inc) {
        (Some(base), Some(inc)) => Ok(Limit::Clock {
            base: Duration::from_secs_f64(base),
            inc: Duration::from_secs_f64(inc),
        }),
        _ => Err(format!("--tc: expected BASE+INC in seconds, not '{text}'")),
    }
}

/// The PGN TimeControl value: `BASE+INC` in seconds, `-` for node and depth limits.
pub fn time_control_tag(limit: &Limit) -> String {
    let short = |d: Duration| {
        let text = format!("{:.3}", d.as_secs_f64());
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    match limit {
        Limit::Clock { base, inc } if inc.is_zero() => short(*base),
        Limit::Clock { base, inc } => format!("{}+{}", short(*base), short(*inc)),
        _ => "-".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("1+0.01"),
            Ok(Limit::Clock {
                base: Duration::from_secs(1),
                inc: Duration::from_millis(10)
            })
        );
        assert_eq!(
            parse_tc("2:30+1"),
            Ok(Limit::Clock {
                base: Duration::from_secs(150),
                inc: Duration::from_secs(1)
            })
        );
        assert_eq!(
            parse_tc("60"),
            Ok(Limit::Clock {
                base: Duration::from_secs(60),
                inc: Duration::ZERO
            })
        );
        for bad in ["", "0+1", "x+1", "1+y", "-5+0", "inf+0", "1+1+1"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
        assert_eq!(time_control_tag(&parse_tc("5+0.05").unwrap()), "5+0.05");
        assert_eq!(time_control_tag(&parse_tc("60").unwrap()), "60");
        assert_eq!(time_control_tag(&Limit::Depth(3)), "-");
    }
}
