//! The command line. Other tools rely on this contract (see README.md): with no subcommand the
//! binary runs the protocol loop; the subcommands print plain lines, errors go to stderr and exit
//! non-zero.

pub mod match_rules;

use crate::engine::options::{self, Sets, Settings};
use crate::game::{Dialect, VariantOptions};
use crate::perft;
use crate::protocol::{self, uci};
use crate::search::strength::{LEVELS, MIN_LEVEL};
use crate::search::{Control, Limits, TranspositionTable};
use crate::session::Session;
use crate::variants;
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `kaleido --version`: the version from Cargo.toml and the commit built (build.rs).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("KALEIDO_COMMIT"),
    ")"
);

#[derive(Parser, Debug)]
#[command(
    name = "kaleido",
    version = VERSION,
    about = "Kaleido: a chess-variant engine (UCI and XBoard). Without a subcommand it speaks \
             UCI or XBoard on stdin/stdout, chosen by the first command."
)]
pub struct Cli {
    /// Write the log to this file instead of stderr (level from KALEIDO_LOG; default debug).
    #[arg(long, global = true, value_name = "FILE")]
    pub log_file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lists the variants, one name a line.
    Variants,
    /// Prints every legal move (UCI notation), one a line.
    Moves(PositionArgs),
    /// Counts the leaves of the legal move tree; last line `nodes N`.
    Perft(PerftArgs),
    /// Plays moves (UCI notation) and prints the FEN after them.
    Play(PlayArgs),
    /// Searches a position: board diagram, info lines, `bestmove M`.
    #[command(alias = "analyze")]
    Analyse(AnalyseArgs),
    /// Searches fixed positions of every variant at fixed depth; last line `N nodes M nps`.
    Bench(BenchArgs),
    /// Replays a game record (SAN for chess, each game's record notation otherwise).
    /// The variant, options and start position come from the record's `Variant` (none: chess),
    /// `Options` and `FEN` tags unless given here (`--option` adds to and overrides the tag's
    /// options).
    Replay(ReplayArgs),
    /// Kaleido's own board in a web browser: serves it on http://HOST:PORT/ and prints the URL.
    Gui(GuiArgs),
    /// How a person enters MOVE (UCI notation, as `moves` prints it) in XBoard, one action a line
    /// in XBoard's square names: `drag FROM TO`, `choose LETTER` (in XBoard's piece picker),
    /// `wait` (the engine answers `move @@@@`, the move comes back), `type TEXT` (into XBoard's
    /// move type-in box, where no mouse form exists). The position is read as the person's side
    /// to move.
    Person(PersonArgs),
    // Boxed: its arguments outweigh the other subcommands' (clippy::large_enum_variant).
    /// Engine-vs-engine match refereed by Kaleido's rules.
    Match(Box<kaleido_referee::MatchArgs>),
    /// Checks and combines the `--results` files of every shard of one match (`match --shard
    /// K/N`): prints W/D/L, pentanomial counts, Elo and the SPRT's verdict (docs/cluster.md).
    MatchMerge(kaleido_referee::results::MergeArgs),
}

// Each subcommand's arguments: one struct each, and one function each below (their help texts
// are the variants' doc comments, so the structs have none).

// `kaleido perft`.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies; deeper than the search's longest line (128) is refused.
    #[arg(long)]
    pub depth: u64,
    /// One `MOVE: COUNT` line per root move.
    #[arg(long)]
    pub divide: bool,
}

// `kaleido play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print the FEN as Kaleido gives it to XBoard (`setup`, `setboard`) instead.
    #[arg(long)]
    pub xboard: bool,
    #[arg(value_name = "MOVE", allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

// `kaleido bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Overrides every variant's bench depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Only this variant's positions (to calibrate its depth).
    #[arg(long)]
    pub variant: Option<String>,
    /// An engine option that changes the evaluation, NAME=VALUE (`EvalFile=net.knnue`,
    /// `UseNNUE=false`), to measure a network's speed and node count (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

// `kaleido gui`.
#[derive(Args, Debug, Clone)]
pub struct GuiArgs {
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// 0 picks a free port.
    #[arg(long, default_value_t = 8088)]
    pub port: u16,
    /// Where the game is kept across restarts (`none`: nowhere). Default:
    /// $XDG_DATA_HOME/kaleido/gui-game.json, else ~/.local/share/kaleido/gui-game.json.
    #[arg(long, value_name = "FILE")]
    pub game_file: Option<String>,
}

// `kaleido person`.
#[derive(Args, Debug, Clone)]
pub struct PersonArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[arg(value_name = "MOVE", allow_hyphen_values = true)]
    pub mv: String,
}

// `kaleido analyse`.
#[derive(Args, Debug, Clone)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    pub depth: Option<u32>,
    /// Milliseconds (default 5000 when neither --depth nor --nodes is given).
    #[arg(long, conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    #[arg(long)]
    pub nodes: Option<u64>,
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in megabytes.
    #[arg(long)]
    pub hash: Option<usize>,
    /// Play at this level, 1 (a random legal turn) to 8 (docs/levels.md).
    #[arg(long, conflicts_with = "elo",
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_LEVEL)..=i64::from(LEVELS)))]
    pub level: Option<u8>,
    /// Play at this Elo (the `UCI_Elo` scale of the levels; provisional, docs/levels.md).
    #[arg(long)]
    pub elo: Option<i32>,
}

// `kaleido replay`.
#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    #[arg(long)]
    pub variant: Option<String>,
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    pub file: PathBuf,
    /// Also print the FEN after every move (for studying a game position by position).
    #[arg(long)]
    pub every_fen: bool,
}

/// Variant, start position and rule options: common to the subcommands that take `--variant`.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    #[arg(long)]
    pub variant: String,
    /// A FEN in the rules docs' form; `startpos` or nothing for the start position.
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// A rule option of the variant, NAME=VALUE (repeatable; booleans true/false). The engine
    /// options Threads, Hash and MultiPV are accepted here too.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl PositionArgs {
    /// The session the arguments describe, and the engine options (`engine::options`, those the
    /// command line takes) among the options; the rest go to the variant.
    pub fn session(&self) -> Result<(Box<dyn Session>, Settings), String> {
        let info = variants::find(&self.variant).ok_or_else(|| {
            format!(
                "unknown variant '{}'; known: {}",
                self.variant,
                variants::names().collect::<Vec<_>>().join(", ")
            )
        })?;
        let mut rule_options = VariantOptions::default();
        let mut settings = Settings::default();
        for option in &self.options {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| format!("--option '{option}': expected NAME=VALUE"))?;
            let (name, value) = (name.trim(), value.trim());
            match options::find(name).filter(|o| o.command_line) {
                Some(engine_option) => settings
                    .set(engine_option, value)
                    .map_err(|e| format!("--{e}"))?,
                None => rule_options.set(name, value),
            }
        }
        let mut session = info.new_session(&rule_options)?;
        if let Some(fen) = self.fen.as_deref().map(str::trim) {
            if fen != "startpos" {
                session
                    .set_fen(fen, Dialect::Uci)
                    .map_err(|e| format!("bad FEN '{fen}': {e}"))?;
            }
        }
        Ok((session, settings))
    }
}

/// Sets up logging: `KALEIDO_LOG` (env_logger syntax; default `warn` to stderr, `debug` to `file`).
pub fn init_logging(file: Option<&PathBuf>) -> Result<(), String> {
    // A log file is asked for to see the protocol traffic: debug level unless told otherwise.
    let default_level = if file.is_some() { "debug" } else { "warn" };
    let mut builder = env_logger::Builder::from_env(
        env_logger::Env::new().filter_or("KALEIDO_LOG", default_level),
    );
    if let Some(path) = file {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot open log file {}: {e}", path.display()))?;
        builder.target(env_logger::Target::Pipe(Box::new(file)));
    } else {
        builder.target(env_logger::Target::Stderr);
    }
    builder
        .try_init()
        .map_err(|e| format!("logger already set up: {e}"))
}

/// The binary's entry point.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = init_logging(cli.log_file.as_ref()) {
        eprintln!("kaleido: {e}");
        return ExitCode::FAILURE;
    }
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kaleido: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints one line of a subcommand's output.
fn say(line: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

/// Runs one subcommand (or the protocol loop).
pub fn execute(command: Option<Command>) -> Result<(), String> {
    let Some(command) = command else {
        let stdin = Box::new(std::io::BufReader::new(std::io::stdin()));
        return protocol::run(stdin, protocol::Output::stdout());
    };
    match command {
        Command::Variants => list_variants(),
        Command::Moves(position) => moves(&position),
        Command::Perft(args) => run_perft(&args),
        Command::Play(args) => play(&args),
        Command::Analyse(args) => analyse(args),
        Command::Bench(args) => {
            let mut settings = Settings::default();
            for option in &args.options {
                let (name, value) = option
                    .split_once('=')
                    .ok_or_else(|| format!("--option '{option}': expected NAME=VALUE"))?;
                let engine_option = options::find(name)
                    .filter(|o| matches!(o.sets, Sets::UseNnue | Sets::EvalFile))
                    .ok_or_else(|| format!("bench takes UseNNUE and EvalFile, not '{name}'"))?;
                settings
                    .set(engine_option, value.trim())
                    .map_err(|e| format!("--{e}"))?;
            }
            crate::bench::run(args.depth, args.variant.as_deref())
        }
        Command::Replay(args) => replay(args),
        Command::Person(args) => person(&args),
        Command::Match(args) => kaleido_referee::run(&args, &match_rules::KaleidoRules),
        Command::MatchMerge(args) => {
            let report = kaleido_referee::results::run_merge(&args)?;
            print!("{report}");
            Ok(())
        }
        Command::Gui(args) => gui(&args),
    }
}

/// `kaleido variants`: the registry's names.
fn list_variants() -> Result<(), String> {
    for name in variants::names() {
        say(name)?;
    }
    Ok(())
}

/// `kaleido moves`: the legal moves.
fn moves(position: &PositionArgs) -> Result<(), String> {
    let (session, _) = position.session()?;
    for mv in session.legal_moves(Dialect::Uci) {
        say(&mv)?;
    }
    Ok(())
}

/// `kaleido person`: how a person enters the move in XBoard.
fn person(args: &PersonArgs) -> Result<(), String> {
    let (session, _) = args.position.session()?;
    for action in protocol::xboard::person::recipe(session.as_ref(), &args.mv, Dialect::Uci)? {
        say(&action.to_string())?;
    }
    Ok(())
}

/// `kaleido gui`: serves the board until the process ends.
fn gui(args: &GuiArgs) -> Result<(), String> {
    let store = crate::gui::store_path(args.game_file.as_deref());
    crate::gui::serve(&args.host, args.port, store)
}

/// `kaleido perft`: `nodes N` (after the divide lines), the speed on stderr.
fn run_perft(args: &PerftArgs) -> Result<(), String> {
    let depth = perft::check_depth(args.depth)?;
    let (session, _) = args.position.session()?;
    let counts = session
        .perft(depth, Dialect::Uci, &Control::default())
        .map_err(|e| e.to_string())?;
    if args.divide {
        for (mv, n) in &counts.divide {
            say(&format!("{mv}: {n}"))?;
        }
    }
    let seconds = counts.elapsed.as_secs_f64();
    say(&format!("nodes {}", counts.nodes))?;
    eprintln!(
        "perft {depth}: {} nodes in {seconds:.3} s, {:.0} nps",
        counts.nodes,
        counts.nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// `kaleido play`: the FEN after the moves.
fn play(args: &PlayArgs) -> Result<(), String> {
    let (mut session, _) = args.position.session()?;
    for (index, mv) in args.moves.iter().enumerate() {
        session
            .play(mv, Dialect::Uci)
            .map_err(|e| format!("move {} '{mv}' rejected: {e}", index + 1))?;
    }
    let dialect = if args.xboard {
        Dialect::XBoard
    } else {
        Dialect::Uci
    };
    say(&session.fen(dialect))
}

/// `kaleido analyse`: the diagram, the settings, info lines and `bestmove`.
fn analyse(args: AnalyseArgs) -> Result<(), String> {
    let AnalyseArgs {
        position,
        depth,
        movetime,
        nodes,
        threads,
        hash,
        level,
        elo,
    } = args;
    let (session, mut settings) = position.session()?;
    // The flags win over `--option Threads=`/`Hash=`.
    let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    if let Some(threads) = threads {
        settings.set_number(Sets::Threads, count(threads));
    }
    if let Some(hash) = hash {
        settings.set_number(Sets::Hash, count(hash));
    }
    if let Some(level) = level {
        settings.set_number(Sets::SkillLevel, u64::from(level));
    }
    if let Some(elo) = elo {
        settings.set_number(Sets::LimitStrength, 1);
        settings.set_number(Sets::Elo, u64::try_from(elo).unwrap_or(0));
    }
    for row in session.diagram().lines() {
        say(row)?;
    }
    say(&format!("fen {}", session.fen(Dialect::Uci)))?;
    say(&format!(
        "info string threads {} hash {}",
        settings.threads, settings.hash_mb
    ))?;
    if let Some(outcome) = session.outcome() {
        say("bestmove (none)")?;
        say(&outcome.to_string())?;
        return Ok(());
    }
    let movetime = match (depth, movetime, nodes) {
        (None, None, None) => Some(5000),
        _ => movetime,
    };
    let limits = Limits {
        depth,
        movetime,
        nodes,
        // No GUI between: no delay to keep back from the time.
        move_overhead: 0,
        ..settings.limits(session.variant())
    };
    let tt = TranspositionTable::new(settings.hash_mb);
    let control = Control::new(false);
    let best = session.search(&limits, &tt, &control, Dialect::Uci, &mut |info| {
        // A closed stdout ends the output, not the search.
        let _ = say(&uci::info_text(&info));
    });
    say(&uci::bestmove_text(&best))?;
    if best.best.is_none() {
        if let Some(outcome) = session.outcome() {
            say(&outcome.to_string())?;
        }
    }
    Ok(())
}

/// `kaleido replay`: plays a game record through, then the last FEN and the rules' verdict.
fn replay(args: ReplayArgs) -> Result<(), String> {
    let ReplayArgs {
        variant,
        fen,
        options,
        file,
        every_fen,
    } = args;
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let record = kaleido_vocab::pgn::read(&text);
    let position = PositionArgs {
        // No Variant tag means chess, as PGN has it.
        variant: variant
            .or_else(|| record.variant.clone())
            .unwrap_or_else(|| "chess".into()),
        fen,
        options: record
            .options
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .chain(options)
            .collect(),
    };
    let (mut session, _) = position.session()?;
    if position.fen.is_none() {
        if let Some(fen) = &record.fen {
            session
                .set_fen(fen, Dialect::Uci)
                .map_err(|e| format!("bad FEN tag '{fen}': {e}"))?;
        }
    }
    let first_ply = session.plies();
    let black_first = session.side_to_move() == crate::game::Side::Black;
    for (index, token) in record.moves.iter().enumerate() {
        if let Err(e) = session.play(token, Dialect::Record) {
            let ply = index + usize::from(black_first);
            let number = ply / 2 + 1;
            let dots = if ply % 2 == 0 { "." } else { "..." };
            return Err(format!(
                "move {number}{dots} {token} (ply {}) rejected: {e}",
                first_ply + index + 1
            ));
        }
        if every_fen {
            say(&session.fen(Dialect::Uci))?;
        }
    }
    say(&session.fen(Dialect::Uci))?;
    match session.outcome() {
        Some(outcome) => say(&outcome.to_string())?,
        None => say("*")?,
    }
    if let Some(result) = &record.result {
        let ours = session.outcome().map(|o| o.result()).unwrap_or("*");
        if result != ours {
            eprintln!("note: the record says {result}, the rules say {ours}");
        }
    }
    Ok(())
}
