//! `kaleido match`: engine-vs-engine tournaments refereed by Kaleido's own rules.
//!
//! Every game holds its own `Session` (the referee) and its own engine processes; the referee
//! judges every move and every result claim, keeps the clocks and writes the PGN. Games run in
//! parallel on worker threads that share nothing but the job queue and the results channel.
//! See docs/match.md.

pub mod judge;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod referee;
pub mod spec;
pub mod stats;

use crate::game::{Side, VariantOptions};
use crate::variants::{self, VariantInfo};
use openings::Opening;
use pgn::PgnHeader;
use player::Limit;
use referee::{Adjudication, GameJob, GameRecord, RefereeConfig};
use spec::{EngineSpec, Protocol};
use stats::{Sprt, SprtStatus, Tally};
use std::collections::{BTreeMap, VecDeque};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

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
}

/// Runs a match; progress and the results table go to stdout.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    run_match(args).map(|_| ())
}

/// What a finished match hands back (tests read it; `run` only prints).
#[derive(Debug)]
pub struct MatchSummary {
    pub engines: Vec<String>,
    /// In the order they finished.
    pub games: Vec<GameRecord>,
    /// Results of engine i against engine j, from i's side (key (i, j) with i < j).
    pub pairings: BTreeMap<(usize, usize), Tally>,
    pub sprt: Option<SprtStatus>,
    /// True when the SPRT stopped the match before every game was played.
    pub stopped_early: bool,
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
fn time_control_tag(limit: &Limit) -> String {
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

/// The pairings to play: every pair, or the first engine against each other one.
fn pairings(engines: usize, gauntlet: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..engines {
        for j in i + 1..engines {
            if !gauntlet || i == 0 {
                out.push((i, j));
            }
        }
    }
    out
}

/// The game list: for each opening in turn, each pairing plays it with both colours (the second
/// game of a pair swaps colours), so colours alternate and every opening is played both ways.
fn schedule(
    pairs: &[(usize, usize)],
    games_per_pairing: usize,
    opening: &mut dyn FnMut(usize) -> Opening,
) -> Vec<GameJob> {
    let mut jobs = Vec::new();
    for round in 0..games_per_pairing.div_ceil(2) {
        let line = opening(round);
        for &(a, b) in pairs {
            for (k, (white, black)) in [(a, b), (b, a)].into_iter().enumerate() {
                if 2 * round + k < games_per_pairing {
                    jobs.push(GameJob {
                        number: jobs.len() + 1,
                        white,
                        black,
                        opening: line.clone(),
                    });
                }
            }
        }
    }
    jobs
}

fn parse_options(args: &MatchArgs, variant: &VariantInfo) -> Result<VariantOptions, String> {
    let mut options = VariantOptions::default();
    for text in &args.options {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("--option: expected NAME=VALUE, not '{text}'"))?;
        options.set(name.trim(), value.trim());
    }
    variant.validate(&options)
}

/// Engine names must tell games apart: duplicates get ` (2)`, ` (3)`...
fn unique_names(specs: &mut [EngineSpec]) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for spec in specs.iter_mut() {
        let count = seen.entry(spec.name.clone()).or_insert(0);
        *count += 1;
        if *count > 1 {
            spec.name = format!("{} ({})", spec.name, count);
        }
    }
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

/// Checks every argument, then plays the match.
pub fn run_match(args: &MatchArgs) -> Result<MatchSummary, String> {
    let variant = variants::find(&args.variant).ok_or_else(|| {
        let known: Vec<&str> = variants::names().collect();
        format!(
            "unknown variant '{}' (known: {})",
            args.variant,
            known.join(", ")
        )
    })?;
    let options = parse_options(args, variant)?;
    let mut specs = args
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    if specs.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    unique_names(&mut specs);
    let limit = match (&args.tc, args.nodes, args.depth) {
        (Some(tc), None, None) => parse_tc(tc)?,
        (None, Some(n), None) if n > 0 => Limit::Nodes(n),
        (None, None, Some(d)) if d > 0 => Limit::Depth(d),
        _ => return Err("give one of --tc BASE+INC, --nodes N (N > 0), --depth D (D > 0)".into()),
    };
    if let Some(spec) = specs.iter().find(|s| s.nodes.is_some()) {
        if !matches!(limit, Limit::Nodes(_)) {
            return Err(format!(
                "{}: a per-engine nodes= needs the match's --nodes limit",
                spec.name
            ));
        }
    }
    if matches!(limit, Limit::Nodes(_)) {
        if let Some(spec) = specs.iter().find(|s| s.protocol == Protocol::XBoard) {
            return Err(format!(
                "{} speaks XBoard, which has no node limit: use --tc or --depth",
                spec.name
            ));
        }
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let sprt = match &args.sprt {
        Some(tokens) if specs.len() == 2 => Some(Sprt::parse(tokens)?),
        Some(_) => return Err("--sprt needs exactly two engines".into()),
        None => None,
    };
    if !(args.move_timeout.is_finite() && args.move_timeout > 0.0) {
        return Err("--move-timeout must be a positive number of seconds".into());
    }
    let adjudication = Adjudication {
        resign: args.resign.as_ref().map(|v| (v[0] as i32, v[1].max(1))),
        draw: args
            .draw
            .as_ref()
            .map(|v| (v[0] as i32, v[1].max(1), v[2] as usize)),
    };
    let config = RefereeConfig {
        variant,
        options: options.clone(),
        limit: limit.clone(),
        margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs_f64(args.move_timeout),
        max_plies: args.max_plies,
        adjudication,
        debug: args.debug,
    };

    // Openings are fixed before the first game, so every pairing meets the same ones.
    let file_openings = match &args.openings {
        Some(path) => Some(openings::load_file(path, variant, &options)?),
        None => None,
    };
    let mut opening_session = variant.new_session(&options)?;
    let mut opening_for = |round: usize| -> Opening {
        if let Some(list) = &file_openings {
            list[round % list.len()].clone()
        } else if let Some(plies) = args.random_plies {
            openings::random_opening(opening_session.as_mut(), plies, args.seed, round)
        } else {
            Opening::default()
        }
    };
    let pairs = pairings(specs.len(), args.gauntlet);
    let jobs = schedule(&pairs, args.games, &mut opening_for);
    let total = jobs.len();

    // Fail fast on a command that does not run or does not speak its protocol, before every game
    // is scored as a crash or a protocol error.
    for spec in &specs {
        let protocol = match spec.protocol {
            Protocol::Uci => "uci",
            Protocol::XBoard => "xboard",
        };
        player::start_player(spec, &options, args.debug)
            .map_err(|fault| {
                format!(
                    "engine {} ({}, proto={protocol}) failed its handshake: {fault}",
                    spec.name, spec.program
                )
            })?
            .quit();
    }

    let header = PgnHeader {
        event: args.event.clone(),
        site: args.site.clone(),
        date: pgn::today(),
        variant: (!variant.name.eq_ignore_ascii_case("chess")).then(|| variant.name.to_string()),
        time_control: time_control_tag(&limit),
    };
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };

    let queue = Mutex::new(VecDeque::from(jobs));
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<Result<GameRecord, String>>();
    let workers = args.concurrency.clamp(1, total.max(1));
    let started = Instant::now();
    let mut summary = MatchSummary {
        engines: specs.iter().map(|s| s.name.clone()).collect(),
        games: Vec::new(),
        pairings: pairs.iter().map(|&p| (p, Tally::default())).collect(),
        sprt: None,
        stopped_early: false,
    };
    let mut failure: Option<String> = None;

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (queue, stop, config, specs) = (&queue, &stop, &config, &specs);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let job = match queue.lock() {
                    Ok(mut q) => q.pop_front(),
                    Err(_) => None,
                };
                let Some(job) = job else { break };
                let result = referee::play_game(config, specs, &job);
                if sender.send(result).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for result in results {
            let game = match result {
                Ok(game) => game,
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            if let Some(file) = pgn_file.as_mut() {
                let written = file.write_all(pgn::write_game(&header, &game).as_bytes());
                if let Err(e) = written.and_then(|_| file.flush()) {
                    failure.get_or_insert(format!("cannot write the PGN: {e}"));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let key = (game.white.min(game.black), game.white.max(game.black));
            if let Some(tally) = summary.pairings.get_mut(&key) {
                // From the lower-numbered engine's side.
                let low_side = if game.white == key.0 {
                    Side::White
                } else {
                    Side::Black
                };
                match game.winner {
                    None => tally.draws += 1,
                    Some(w) if w == low_side => tally.wins += 1,
                    Some(_) => tally.losses += 1,
                }
            }
            summary.games.push(game);
            let done = summary.games.len();
            if let Some(sprt) = &sprt {
                let status = sprt.status(&summary.pairings[&(0, 1)]);
                summary.sprt = Some(status);
                if status.decision.is_some() && done < total {
                    summary.stopped_early = true;
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if !args.quiet {
                let game = &summary.games[done - 1];
                let eta = started
                    .elapsed()
                    .mul_f64((total - done) as f64 / done as f64);
                println!(
                    "Game {} ({} vs {}): {} {{{}}} | {}/{} done, {} | ETA {}",
                    game.number,
                    game.white_name,
                    game.black_name,
                    game.result(),
                    game.termination,
                    done,
                    total,
                    progress_text(&summary),
                    format_duration(eta)
                );
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    print!("{}", results_table(&summary));
    Ok(summary)
}

/// The running score of the first pairing (or the leader's points in a tournament).
fn progress_text(summary: &MatchSummary) -> String {
    if summary.pairings.len() == 1 {
        let tally = summary
            .pairings
            .values()
            .next()
            .copied()
            .unwrap_or_default();
        let elo = stats::elo_estimate(&tally)
            .map(|e| e.to_string())
            .unwrap_or_default();
        let sprt = summary.sprt.map(|s| format!(", {s}")).unwrap_or_default();
        format!(
            "score {}-{}-{} [{:.3}], Elo {elo}{sprt}",
            tally.wins,
            tally.losses,
            tally.draws,
            tally.score().unwrap_or(0.5)
        )
    } else {
        let standings = standings(summary);
        let leader = standings
            .first()
            .map(|(i, t)| format!("{} {:.1}/{}", summary.engines[*i], t.points(), t.games()))
            .unwrap_or_default();
        format!("leader {leader}")
    }
}

/// Each engine's combined results against everyone, best first.
fn standings(summary: &MatchSummary) -> Vec<(usize, Tally)> {
    let mut totals = vec![Tally::default(); summary.engines.len()];
    for (&(i, j), tally) in &summary.pairings {
        totals[i].add(tally);
        totals[j].add(&tally.flipped());
    }
    let mut list: Vec<(usize, Tally)> = totals.into_iter().enumerate().collect();
    list.sort_by(|a, b| {
        b.1.score()
            .unwrap_or(0.0)
            .total_cmp(&a.1.score().unwrap_or(0.0))
    });
    list
}

/// The closing table: every engine's score, Elo (against its opponents) with 95% interval, LOS and
/// draw rate; each pairing's line; the terminations; the SPRT verdict.
pub fn results_table(summary: &MatchSummary) -> String {
    let mut out = String::new();
    let width = summary
        .engines
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(4)
        .max(6);
    out.push_str(&format!(
        "\n{:<4} {:<width$} {:>6} {:>7} {:>7} {:>18} {:>7} {:>6}\n",
        "Rank", "Engine", "Games", "Points", "Score", "Elo (95%)", "LOS", "Draws"
    ));
    for (rank, (i, tally)) in standings(summary).iter().enumerate() {
        let elo = stats::elo_estimate(tally)
            .map(|e| e.to_string())
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{:<4} {:<width$} {:>6} {:>7.1} {:>6.1}% {:>18} {:>6.1}% {:>5.1}%\n",
            rank + 1,
            summary.engines[*i],
            tally.games(),
            tally.points(),
            100.0 * tally.score().unwrap_or(0.0),
            elo,
            100.0 * stats::los(tally),
            100.0 * tally.draw_rate().unwrap_or(0.0),
        ));
    }
    out.push('\n');
    for (&(i, j), tally) in &summary.pairings {
        let elo = stats::elo_estimate(tally)
            .map(|e| e.to_string())
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{} vs {}: +{} -{} ={} ({} games), score {:.1}%, Elo {}, LOS {:.1}%, draws {:.1}%\n",
            summary.engines[i],
            summary.engines[j],
            tally.wins,
            tally.losses,
            tally.draws,
            tally.games(),
            100.0 * tally.score().unwrap_or(0.0),
            elo,
            100.0 * stats::los(tally),
            100.0 * tally.draw_rate().unwrap_or(0.0),
        ));
    }
    let mut terminations: BTreeMap<&str, usize> = BTreeMap::new();
    for game in &summary.games {
        *terminations.entry(game.termination.as_str()).or_default() += 1;
    }
    let list: Vec<String> = terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    out.push_str(&format!("Terminations: {}\n", list.join(", ")));
    if let Some(status) = summary.sprt {
        out.push_str(&format!(
            "SPRT: {status}{}\n",
            if summary.stopped_early {
                " (match stopped)"
            } else {
                ""
            }
        ));
    }
    out
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

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(pairings(3, false), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, true), vec![(0, 1), (0, 2)]);
        assert_eq!(pairings(2, true), vec![(0, 1)]);
    }

    #[test]
    fn every_opening_is_played_with_both_colours() {
        let mut made = Vec::new();
        let jobs = schedule(&[(0, 1), (0, 2)], 5, &mut |round| {
            made.push(round);
            Opening {
                fen: None,
                moves: vec![format!("m{round}")],
            }
        });
        assert_eq!(made, vec![0, 1, 2]);
        // 5 games per pairing, 2 pairings.
        assert_eq!(jobs.len(), 10);
        let colours: Vec<(usize, usize, &str)> = jobs
            .iter()
            .map(|j| (j.white, j.black, j.opening.moves[0].as_str()))
            .collect();
        assert_eq!(
            colours,
            vec![
                (0, 1, "m0"),
                (1, 0, "m0"),
                (0, 2, "m0"),
                (2, 0, "m0"),
                (0, 1, "m1"),
                (1, 0, "m1"),
                (0, 2, "m1"),
                (2, 0, "m1"),
                (0, 1, "m2"),
                (0, 2, "m2"),
            ]
        );
        assert!(jobs.iter().enumerate().all(|(i, j)| j.number == i + 1));
    }

    #[test]
    fn duplicate_names_are_numbered() {
        let mut specs = vec![
            EngineSpec::parse("kaleido").unwrap(),
            EngineSpec::parse("kaleido").unwrap(),
            EngineSpec::parse("other").unwrap(),
        ];
        unique_names(&mut specs);
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, vec!["kaleido", "kaleido (2)", "other"]);
    }
}
