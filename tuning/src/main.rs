//! The tuning command line: `datagen` (self-play data), `relabel` and `fit-scale` (a teacher's
//! scores and their scale), `merge`, `shuffle`, `dedup` and `info` (binary data files), `tune`
//! (Texel tuning of a weight file) and `train` (networks). See `tuning/README.md`.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tuning::data::Shard;
use tuning::datagen::{self, DatagenArgs, Format};
use tuning::relabel::{self, RelabelArgs};
use tuning::teacher::{Limit, TeacherSpec};
use tuning::tools;
use tuning::tune::{self, TuneArgs};

#[derive(Parser, Debug)]
#[command(
    name = "tuning",
    about = "Self-play data and Texel tuning of Kaleido's evaluation weights"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Self-play games; appends their quiet positions to OUT (resumes a file made with the same
    /// settings, skipping finished games).
    Datagen {
        #[arg(long)]
        variant: String,
        /// A rule option, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        #[arg(long)]
        out: PathBuf,
        /// `text` (what `tune` reads) or `bin` (compact; for merge, shuffle, dedup).
        #[arg(long, default_value = "text", value_parser = Format::parse)]
        format: Format,
        /// Games 0..GAMES are numbered; the file holds those of its shard when the run ends.
        #[arg(long)]
        games: u64,
        /// K/N: play only the games n with n % N == K (N such runs hold the games of one).
        #[arg(long, default_value = "0/1", value_parser = Shard::parse)]
        shard: Shard,
        /// Nodes per move (or give --depth).
        #[arg(long, conflicts_with = "depth")]
        nodes: Option<u64>,
        #[arg(long)]
        depth: Option<u32>,
        /// Random plies before the engine plays (one more in every other game).
        #[arg(long, default_value_t = 8)]
        random_plies: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at the same time (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Transposition table per game, MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// A game this long is a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Win adjudication: the score stays at least this far from 0 ...
        #[arg(long, default_value_t = 1000)]
        win_score: i32,
        /// Draw adjudication: the score stays within this of 0 ...
        #[arg(long, default_value_t = 10)]
        draw_score: i32,
        /// ... from this ply on ...
        #[arg(long, default_value_t = 120)]
        draw_from: usize,
        /// ... for this many plies.
        #[arg(long, default_value_t = 8)]
        adjudicate_plies: usize,
    },
    /// Replaces a binary file's scores by a UCI teacher's search scores (a fixed node count or
    /// depth per position); resumes a cut output.
    Relabel(RelabelCli),
    /// Fits the scale K of sigmoid(K * score) = 1 / (1 + 10^(-K * score / 400)) to the game
    /// results (least squares, training games), per set of scores; prints K and the losses.
    FitScale {
        /// Data files, text or binary (a teacher's and the datagen file it relabelled compare).
        #[arg(long = "data", required = true)]
        data: Vec<PathBuf>,
    },
    /// Merges the binary shards of one datagen run (every K of one N) into one file, games in
    /// number order.
    Merge {
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Shuffles a binary file's positions, in an order drawn from --seed alone (in memory).
    Shuffle {
        input: PathBuf,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        seed: u64,
    },
    /// Drops repeated positions (same FEN, move counters aside) from a binary file, keeping the
    /// first copy.
    Dedup {
        input: PathBuf,
        #[arg(long)]
        out: PathBuf,
    },
    /// Prints a binary file's header, games, positions and bytes per position.
    Info {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Texel tuning of the data's game's weights; prints the losses, writes the weight file.
    Tune {
        /// Data files (`datagen` output) of one game.
        #[arg(long = "data", required = true)]
        data: Vec<PathBuf>,
        /// The weight file to write (e.g. src/variants/chess/weights.txt).
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = 400)]
        epochs: usize,
        /// Adam step size in centipawns.
        #[arg(long, default_value_t = 1.0)]
        rate: f64,
        /// Share of the game result in the target (the rest: the search score's prediction).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// Pull back to the starting weights: adds L2 * sum(((w - start) / 100)^2) to the
        /// training loss.
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// A group whose weights stay fixed (repeatable).
        #[arg(long)]
        freeze: Vec<String>,
        /// Use this scaling constant instead of fitting it.
        #[arg(long)]
        k: Option<f64>,
        /// The scale of the data's scores in the target: `fit` (fitted to the game results, for
        /// a teacher's file) or a number; default the evaluation's K.
        #[arg(long, value_parser = tuning::tune::ScoreK::parse)]
        score_k: Option<tuning::tune::ScoreK>,
        /// Start from this weight file (same layout) instead of the built-in weights.
        #[arg(long)]
        start: Option<PathBuf>,
        #[arg(long, default_value_t = 25)]
        report_every: usize,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Trains the data's game's network (NNUE) and writes it as a network file.
    Train(tuning::train::TrainCli),
}

/// `tuning relabel`'s arguments.
#[derive(clap::Args, Debug)]
struct RelabelCli {
    /// The binary data file to relabel.
    #[arg(long = "in")]
    input: PathBuf,
    #[arg(long)]
    out: PathBuf,
    /// The teacher's program (a UCI engine).
    #[arg(long)]
    teacher: String,
    /// An argument for the teacher's program (repeatable).
    #[arg(long = "teacher-arg", value_name = "ARG", allow_hyphen_values = true)]
    teacher_args: Vec<String>,
    /// A UCI option for the teacher, NAME=VALUE (repeatable; Threads is always 1).
    #[arg(long = "teacher-option", value_name = "NAME=VALUE")]
    teacher_options: Vec<String>,
    /// Nodes per position (or give --depth).
    #[arg(long, conflicts_with = "depth", required_unless_present = "depth")]
    nodes: Option<u64>,
    #[arg(long)]
    depth: Option<u32>,
    /// Teacher processes, one search thread each (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// K/N: only the games n with n % N == K (of an unsharded input).
    #[arg(long, value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Hash per teacher, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Seconds to wait for one search before the teacher counts as hung.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
}

impl RelabelCli {
    fn run(self) -> Result<(), String> {
        let limit = match (self.nodes, self.depth) {
            (Some(n), _) => Limit::Nodes(n),
            (None, Some(d)) => Limit::Depth(d),
            (None, None) => return Err("give --nodes or --depth".into()),
        };
        let timeout = std::time::Duration::try_from_secs_f64(self.timeout.clamp(0.001, 1e7))
            .map_err(|e| format!("--timeout {}: {e}", self.timeout))?;
        relabel::run(&RelabelArgs {
            input: self.input,
            out: self.out,
            teacher: TeacherSpec {
                program: self.teacher,
                args: self.teacher_args,
                options: self.teacher_options,
                hash_mb: self.hash,
                timeout,
            },
            limit,
            threads: self.threads.unwrap_or_else(cores),
            shard: self.shard,
        })
        .map(|_| ())
    }
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Datagen {
            variant,
            options,
            out,
            format,
            games,
            shard,
            nodes,
            depth,
            random_plies,
            seed,
            threads,
            hash,
            max_plies,
            win_score,
            draw_score,
            draw_from,
            adjudicate_plies,
        } => datagen::run(&DatagenArgs {
            variant,
            options,
            out,
            format,
            games,
            shard,
            nodes,
            depth,
            random_plies,
            seed,
            threads: threads.unwrap_or_else(cores),
            hash_mb: hash,
            max_plies,
            win_score,
            draw_score,
            draw_from,
            adjudicate_plies,
        }),
        Command::Train(args) => tuning::train::run(&args),
        Command::Relabel(cli) => cli.run(),
        Command::FitScale { data } => tuning::scale::run(&data).map(|text| print!("{text}")),
        Command::Merge { inputs, out } => tools::run_merge(&inputs, &out).map(say),
        Command::Shuffle { input, out, seed } => tools::run_shuffle(&input, &out, seed).map(say),
        Command::Dedup { input, out } => tools::run_dedup(&input, &out).map(say),
        Command::Info { files } => files.iter().try_for_each(|f| tools::info(f).map(say)),
        Command::Tune {
            data,
            out,
            epochs,
            rate,
            lambda,
            l2,
            freeze,
            k,
            score_k,
            start,
            report_every,
            threads,
        } => run_tune(
            threads,
            TuneArgs {
                data,
                out,
                epochs,
                rate,
                lambda,
                l2,
                freeze,
                k,
                score_k: score_k.unwrap_or_default(),
                start,
                report_every,
            },
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tuning: {e}");
            ExitCode::FAILURE
        }
    }
}

fn say(line: String) {
    println!("{line}");
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn run_tune(threads: Option<usize>, args: TuneArgs) -> Result<(), String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or_else(cores))
        .build_global()
        .map_err(|e| e.to_string())?;
    let set = tune::load(&args.data)?;
    let r = tune::tune(&set, &args)?;
    println!(
        "positions {} training + {} validation, games {}, K {:.4}, scores' K {:.4}",
        r.train_positions, r.validation_positions, r.games, r.k, r.score_k
    );
    println!(
        "loss before: training {:.6} validation {:.6}",
        r.train_before, r.validation_before
    );
    println!(
        "loss after:  training {:.6} validation {:.6} (rounded weights, best epoch {})",
        r.train_after, r.validation_after, r.best_epoch
    );
    if let Some(out) = &args.out {
        println!("wrote {}", out.display());
    }
    Ok(())
}
