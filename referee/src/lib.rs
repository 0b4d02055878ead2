//! `kaleido match`: engine-vs-engine tournaments between UCI and XBoard engines.
//!
//! The referee knows no game: it asks a [`Rules`] implementation (Kaleido's, over its `Session`)
//! whether a move is legal, how to write it in each engine's notation and whether the game is
//! over. It keeps the clocks, judges every result claim and writes the PGN. Every game owns its
//! [`Judge`] and its engine processes; games run in parallel on worker threads (`pool`).
//! See docs/match.md.

pub mod args;
pub mod cancel;
pub mod engines;
pub mod game;
pub mod judge;
pub mod openings;
pub mod player;
pub mod pool;
pub mod process;
pub mod record;
pub mod report;
pub mod results;
pub mod rules;
pub mod schedule;
pub mod spec;
pub mod stats;

pub use args::MatchArgs;
pub use report::MatchSummary;
pub use rules::{Dialect, Judge, MoveError, Outcome, RuleOptions, Rules, Side};

use cancel::Cancel;
use game::{Adjudication, RefereeConfig};
use openings::Opening;
use player::Limit;
use pool::Next;
use record::PgnHeader;
use spec::{EngineSpec, Protocol};
use stats::Sprt;
use std::io::Write;
use std::time::{Duration, Instant};

/// Runs a match; progress and the results table go to stdout. SIGINT, SIGTERM and SIGHUP end it
/// early: running games are cancelled, every engine is ended, the table of the games finished
/// so far is printed and the match returns an error that names the signal.
pub fn run(args: &MatchArgs, rules: &dyn Rules) -> Result<(), String> {
    let cancel = Cancel::new();
    cancel.on_signals()?;
    run_cancellable(args, rules, &cancel).map(|_| ())
}

/// Checks every argument, then plays the match.
pub fn run_match(args: &MatchArgs, rules: &dyn Rules) -> Result<MatchSummary, String> {
    run_cancellable(args, rules, &Cancel::new())
}

/// `--option NAME=VALUE` pairs, checked and canonicalised by the rules.
fn rule_options(args: &MatchArgs, rules: &dyn Rules, variant: &str) -> Result<RuleOptions, String> {
    let mut options = RuleOptions::new();
    for text in &args.options {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("--option: expected NAME=VALUE, not '{text}'"))?;
        options.push((name.trim().to_string(), value.trim().to_string()));
    }
    rules.rule_options(variant, &options)
}

/// The one limit of `--tc`, `--nodes` and `--depth`, checked against the engines.
fn limit(args: &MatchArgs, specs: &[EngineSpec]) -> Result<Limit, String> {
    let limit = match (&args.tc, args.nodes, args.depth) {
        (Some(tc), None, None) => args::parse_tc(tc)?,
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
    Ok(limit)
}

/// The variant `args` names, as the rules spell it.
fn variant(args: &MatchArgs, rules: &dyn Rules) -> Result<String, String> {
    let known = rules.variants();
    known
        .iter()
        .find(|v| v.eq_ignore_ascii_case(&args.variant))
        .cloned()
        .ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                args.variant,
                known.join(", ")
            )
        })
}

/// The engines of `--engine`, at least two, each with a name of its own.
fn engine_specs(args: &MatchArgs) -> Result<Vec<EngineSpec>, String> {
    let mut specs = args
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    if specs.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    engines::unique_names(&mut specs);
    Ok(specs)
}

/// The `--sprt` test, which only a match of two engines can run.
fn sprt(args: &MatchArgs, engines: usize) -> Result<Option<Sprt>, String> {
    match &args.sprt {
        Some(tokens) if engines == 2 => Ok(Some(Sprt::parse(tokens)?)),
        Some(_) => Err("--sprt needs exactly two engines".into()),
        None => Ok(None),
    }
}

/// The referee's settings for every game, the timeouts checked.
fn referee_config<'a>(
    args: &MatchArgs,
    rules: &'a dyn Rules,
    (variant, options): (&str, &RuleOptions),
    limit: &Limit,
    cancel: &Cancel,
) -> Result<RefereeConfig<'a>, String> {
    for (flag, seconds) in [
        ("--move-timeout", args.move_timeout),
        ("--feature-timeout", args.feature_timeout),
    ] {
        if !(seconds.is_finite() && seconds > 0.0 && seconds < 1e6) {
            return Err(format!("{flag} must be a positive number of seconds"));
        }
    }
    Ok(RefereeConfig {
        rules,
        variant: variant.to_string(),
        options: options.clone(),
        limit: limit.clone(),
        margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs_f64(args.move_timeout),
        feature_timeout: Duration::from_secs_f64(args.feature_timeout),
        max_plies: args.max_plies,
        adjudication: Adjudication {
            resign: args.resign.as_ref().map(|v| (v[0] as i32, v[1].max(1))),
            draw: args
                .draw
                .as_ref()
                .map(|v| (v[0] as i32, v[1].max(1), v[2] as usize)),
        },
        debug: args.debug,
        cancel: cancel.clone(),
    })
}

/// The file `--pgn` names, opened for appending.
fn pgn_file(args: &MatchArgs) -> Result<Option<std::fs::File>, String> {
    let Some(path) = &args.pgn else {
        return Ok(None);
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Some)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))
}

/// The games of a match (of its shard), in the order they are played.
struct Schedule {
    pairs: Vec<(usize, usize)>,
    /// Game pairs of the whole match, every shard's.
    pair_count: usize,
    jobs: Vec<schedule::GameJob>,
    /// Whether an opening sets up a FEN, which the engines must then support.
    needs_setboard: bool,
}

/// The games of a match with the opening of each: openings are fixed before the first game, so
/// that every pairing meets the same ones.
fn scheduled_jobs(
    args: &MatchArgs,
    config: &RefereeConfig,
    engines: usize,
) -> Result<Schedule, String> {
    let (rules, variant, options) = (config.rules, &config.variant, &config.options);
    let file_openings = match &args.openings {
        Some(path) => Some(openings::load_file(path, rules, variant, options)?),
        None => None,
    };
    let mut opening_judge = rules.new_game(variant, options)?;
    let mut opening_for = |round: usize| -> Opening {
        if let Some(list) = &file_openings {
            list[round % list.len()].clone()
        } else if let Some(plies) = args.random_plies {
            openings::random_opening(opening_judge.as_mut(), plies, args.seed, round)
        } else {
            Opening::default()
        }
    };
    let pairs = schedule::pairings(engines, args.gauntlet);
    let mut jobs = schedule::schedule(&pairs, args.games, &mut opening_for);
    let pair_count = jobs.last().map_or(0, |j| j.pair + 1);
    // Every opening is drawn above whatever the shard, so that pair p is the same in every run.
    jobs.retain(|job| args.shard.contains(job.pair as u64));
    let needs_setboard = file_openings
        .as_ref()
        .is_some_and(|list| list.iter().any(|o| o.fen.is_some()));
    Ok(Schedule {
        pairs,
        pair_count,
        jobs,
        needs_setboard,
    })
}

/// What makes this run the same match as another (the results file's header).
fn identity(
    args: &MatchArgs,
    specs: &[EngineSpec],
    config: &RefereeConfig,
    (limit, pairings, pair_count): (&Limit, &[(usize, usize)], usize),
) -> Result<results::Identity, String> {
    let limit = match limit {
        Limit::Nodes(n) => format!("nodes={n}"),
        Limit::Depth(d) => format!("depth={d}"),
        Limit::Clock { .. } => format!("tc={}", args::time_control_tag(limit)),
    };
    Ok(results::Identity {
        variant: config.variant.clone(),
        options: config.options.clone(),
        engines: args.engines.clone(),
        names: specs.iter().map(|s| s.name.clone()).collect(),
        limit,
        games: args.games,
        pairs: pair_count,
        pairings: pairings.to_vec(),
        seed: args.seed,
        random_plies: args.random_plies,
        openings: match &args.openings {
            Some(path) => Some(results::file_digest(path)?),
            None => None,
        },
        max_plies: args.max_plies,
        resign: args.resign.clone(),
        draw: args.draw.clone(),
        time_margin_ms: args.time_margin,
    })
}

/// The `--results` file, its header written, when asked for.
fn results_writer(
    args: &MatchArgs,
    specs: &[EngineSpec],
    config: &RefereeConfig,
    sprt: Option<&Sprt>,
    shape: (&Limit, &[(usize, usize)], usize),
) -> Result<Option<results::Writer>, String> {
    let Some(path) = &args.results else {
        return Ok(None);
    };
    let header = results::Header {
        format: results::FORMAT.into(),
        version: results::VERSION,
        identity: identity(args, specs, config, shape)?,
        shard: args.shard.to_string(),
        sprt: sprt.map(|s| s.tokens()),
    };
    results::Writer::create(path, &header).map(Some)
}

/// Where finished games go: the PGN, and the results file pair by pair.
struct Files {
    pgn: Option<std::fs::File>,
    pgn_header: PgnHeader,
    results: Option<results::Writer>,
    book: results::PairBook,
    finished_pairs: Vec<results::PairLine>,
}

impl Files {
    /// The PGN and results files of a match about to start.
    fn open(
        args: &MatchArgs,
        specs: &[EngineSpec],
        config: &RefereeConfig,
        sprt: Option<&Sprt>,
        shape: (&Limit, &[(usize, usize)], usize),
        jobs: &[schedule::GameJob],
    ) -> Result<Files, String> {
        let variant = &config.variant;
        Ok(Files {
            pgn: pgn_file(args)?,
            pgn_header: PgnHeader {
                event: args.event.clone(),
                site: args.site.clone(),
                date: kaleido_vocab::pgn::today(),
                variant: (!variant.eq_ignore_ascii_case("chess")).then(|| variant.clone()),
                time_control: args::time_control_tag(shape.0),
            },
            results: results_writer(args, specs, config, sprt, shape)?,
            book: results::PairBook::new(jobs),
            finished_pairs: Vec::new(),
        })
    }

    /// Writes a finished game's PGN; when it completes its pair, counts the pair in the summary's
    /// pentanomial counts and writes its line.
    fn record(
        &mut self,
        game: &record::GameRecord,
        summary: &mut MatchSummary,
    ) -> Result<(), String> {
        if let Some(file) = self.pgn.as_mut() {
            file.write_all(record::write_game(&self.pgn_header, game).as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write the PGN: {e}"))?;
        }
        if let Some(pair) = self.book.finish(game) {
            summary.add_pair(&pair);
            if let Some(writer) = self.results.as_mut() {
                writer.pair(&pair)?;
            }
            self.finished_pairs.push(pair);
        }
        Ok(())
    }

    /// The totals line, which says the shard is complete: only a run that played all its games
    /// writes it.
    fn complete(&mut self, pairings: &[(usize, usize)]) -> Result<(), String> {
        match self.results.as_mut() {
            Some(writer) => writer.totals(&results::totals_of(&self.finished_pairs, pairings)?),
            None => Ok(()),
        }
    }
}

/// `run_match` that ends early when `cancel` is set (by a signal, a failure, or the caller).
pub fn run_cancellable(
    args: &MatchArgs,
    rules: &dyn Rules,
    cancel: &Cancel,
) -> Result<MatchSummary, String> {
    let variant = variant(args, rules)?;
    let options = rule_options(args, rules, &variant)?;
    let mut specs = engine_specs(args)?;
    let limit = limit(args, &specs)?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let sprt = sprt(args, specs.len())?;
    let config = referee_config(args, rules, (&variant, &options), &limit, cancel)?;
    let Schedule {
        pairs,
        pair_count,
        jobs,
        needs_setboard,
    } = scheduled_jobs(args, &config, specs.len())?;
    let total = jobs.len();
    if total == 0 {
        return Err(format!(
            "shard {} has no game pair to play (the match has {pair_count})",
            args.shard
        ));
    }
    engines::probe_all(&mut specs, &config, needs_setboard)?;
    if let Some(why) = cancel.reason() {
        return Err(format!(
            "match cancelled ({}) before its first game",
            cancel::reason_text(why)
        ));
    }
    let shape = (&limit, &pairs[..], pair_count);
    let mut files = Files::open(args, &specs, &config, sprt.as_ref(), shape, &jobs)?;
    // Games are paired when every opening is played with both colours: the SPRT then counts
    // pairs (pentanomial). A shard never stops on its own SPRT: only the merge sees the match.
    let paired = args.games.is_multiple_of(2);
    let may_stop = args.shard.count == 1;

    let started = Instant::now();
    let names = specs.iter().map(|s| s.name.clone()).collect();
    let mut summary = MatchSummary::new(names, &pairs, paired);
    let mut failure: Option<String> = None;
    pool::play(&config, &specs, jobs, args.concurrency, |result| {
        let game = match result {
            Ok(game) => game,
            Err(e) => {
                failure.get_or_insert(e);
                return Next::Abort;
            }
        };
        let mut next = Next::Continue;
        if let Err(e) = files.record(&game, &mut summary) {
            failure.get_or_insert(e);
            next = Next::Abort;
        }
        summary.add_game(game);
        if let Some(sprt) = &sprt {
            if summary.update_sprt(sprt) && may_stop && summary.games.len() < total {
                summary.stopped_early = true;
                next = Next::Stop;
            }
        }
        if !args.quiet {
            if let Some(game) = summary.games.last() {
                println!(
                    "{}",
                    report::progress_line(&summary, game, total, started.elapsed())
                );
            }
        }
        next
    });
    print!("{}", report::results_table(&summary));
    if let Some(e) = failure {
        return Err(e);
    }
    if cancel.reason().is_none() && !summary.stopped_early {
        files.complete(&pairs)?;
    }
    if let Some(why) = cancel.reason() {
        return Err(format!(
            "match interrupted by {} after {} of {total} games (the table counts those)",
            cancel::reason_text(why),
            summary.games.len()
        ));
    }
    Ok(summary)
}
