//! The trainer on a small chess file that the test makes with `datagen` (20 games at 300 nodes a
//! move, binary format): training lowers the loss, the written net loads and its integer
//! evaluation stays within a few centipawns of the float network, a run resumed from its
//! checkpoint ends with the weights of an uninterrupted one, and a data file cut in the middle of
//! a game (one still being written) loads without that game.

use kaleido::eval::nnue::{Network, QA, QB, SCALE};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tuning::data::Shard;
use tuning::datagen::{self, DatagenArgs, Format};
use tuning::train::data::{load, LoadArgs, TrainData};
use tuning::train::{train, Settings};

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaleido-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The chess file, made once per test run.
fn chess_file() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let out = dir().join("chess.bin");
        datagen::run(&DatagenArgs {
            variant: "chess".into(),
            options: Vec::new(),
            out: out.clone(),
            format: Format::Bin,
            games: 20,
            shard: Shard::ALL,
            nodes: Some(300),
            depth: None,
            random_plies: 8,
            seed: 1,
            threads: 2,
            hash_mb: 1,
            max_plies: 400,
            win_score: 1000,
            draw_score: 10,
            draw_from: 120,
            adjudicate_plies: 8,
        })
        .expect("datagen runs");
        out
    })
}

fn load_args(path: &Path) -> LoadArgs {
    LoadArgs {
        data: vec![path.to_path_buf()],
        lambda: 0.3,
        teacher_scale: None,
        net_scale: None,
        validation: Some(300),
        seed: 1,
        on_hand: false,
    }
}

fn settings(name: &str, epochs: u32) -> Settings {
    Settings {
        hidden: 32,
        epochs,
        batch: 256,
        lr: 0.005,
        seed: 3,
        checkpoint: None,
        stop_after: None,
        out: Some(dir().join(format!("{name}.nnue"))),
        log: None,
        plot: None,
        verbose: false,
    }
}

fn data() -> &'static TrainData {
    static DATA: OnceLock<TrainData> = OnceLock::new();
    DATA.get_or_init(|| load(&load_args(chess_file())).expect("the chess file loads"))
}

#[test]
fn training_lowers_the_loss_and_writes_a_net_that_evaluates_like_the_float_one() {
    let data = data();
    assert_eq!(data.feature_set, "chess-768");
    let sizes = (data.train.len(), data.validation.len(), data.games);
    assert!(sizes.0 > 800 && sizes.1 >= 300, "{sizes:?}");
    // The fitted scales are those of centipawn scores (a pawn up wins more often than not).
    for k in [data.teacher_scale, data.net_scale] {
        assert!(k > 0.2 && k < 4.0, "K = {k}");
    }
    let mut s = settings("lower", 6);
    s.log = Some(dir().join("lower.csv"));
    s.plot = Some(dir().join("lower.svg"));
    let report = train(data, &s).expect("training runs");
    let (first, last) = (report.history[0], *report.history.last().expect("epochs"));
    assert_eq!(last.epoch, 6);
    // Training loss only: 20 games are too few for the held-out ones to improve (the validation
    // loss rises from the first epoch on here; it falls on 200k positions, see the README).
    assert!(last.train < 0.5 * first.train, "{first:?} -> {last:?}");
    let csv = std::fs::read_to_string(dir().join("lower.csv")).expect("log");
    assert_eq!(csv.lines().count(), 1 + 7);
    assert!(std::fs::read_to_string(dir().join("lower.svg"))
        .expect("plot")
        .contains("<polyline"));

    let bytes = std::fs::read(s.out.as_ref().expect("out")).expect("the net file");
    let net = Network::from_bytes(&bytes).expect("the net loads");
    assert!(net.fits("chess-768", 768) && net.hidden == 32);
    // Integer inference against the float network it was quantised from, on data positions. The
    // trainer keeps the output weights on the grid of 1/QB; putting the feature weights on theirs
    // (1/QA) too leaves only the integer arithmetic, which must agree to a centipawn or two.
    assert!(report
        .net
        .output_weights
        .iter()
        .all(|&w| w * QB as f32 == (w * QB as f32).round()));
    let mut grid = report.net.clone();
    for w in grid
        .feature_weights
        .iter_mut()
        .chain(grid.feature_bias.iter_mut())
    {
        *w = (*w * QA as f32).round() / QA as f32;
    }
    let (mut worst, mut worst_grid, mut total) = (0, 0, 0);
    for sample in &data.validation {
        let input = data.net_input(sample);
        let int = net.evaluate(&input);
        let cp = |net: &kaleido::eval::nnue::FloatNetwork| {
            (net.forward(&input) * SCALE as f32).round() as i32
        };
        let diff = (int - cp(&report.net)).abs();
        worst = worst.max(diff);
        total += diff;
        worst_grid = worst_grid.max((int - cp(&grid)).abs());
    }
    let mean = total as f64 / data.validation.len() as f64;
    assert!(
        worst_grid <= 2,
        "integer vs float on the grid: worst {worst_grid} cp"
    );
    assert!(
        worst <= 8 && mean <= 1.5,
        "mean {mean} cp, worst {worst} cp"
    );
    assert_eq!(report.quantisation.1, worst);
}

#[test]
fn a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one() {
    let data = data();
    let whole = train(data, &settings("whole", 3)).expect("uninterrupted run");
    let mut s = settings("parts", 3);
    let checkpoint = dir().join("parts.ckpt");
    let _ = std::fs::remove_file(&checkpoint);
    s.checkpoint = Some(checkpoint.clone());
    s.stop_after = Some(1);
    let first = train(data, &s).expect("first part");
    assert_eq!(first.history.last().map(|e| e.epoch), Some(1));
    s.stop_after = None;
    let rest = train(data, &s).expect("resumed run");
    assert_eq!(rest.epochs_run, 2);
    assert_eq!(rest.net, whole.net);
    assert_eq!(rest.history.len(), whole.history.len());
    let read = |name: &str| std::fs::read(dir().join(format!("{name}.nnue"))).expect("net");
    assert_eq!(read("parts"), read("whole"));
    // Other settings do not continue this checkpoint.
    s.hidden = 16;
    let refused = train(data, &s).expect_err("refused");
    assert!(refused.contains("another run"), "{refused}");
}

#[test]
fn a_file_cut_inside_a_game_loads_without_that_game() {
    let bytes = std::fs::read(chess_file()).expect("the chess file");
    let cut = dir().join("cut.bin");
    // Cut a few bytes before the end: inside the last game's end entry.
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).expect("write");
    let mut args = load_args(&cut);
    args.validation = Some(0);
    // Given scales: fitted ones would differ with the data, and so would the targets.
    (args.teacher_scale, args.net_scale) = (Some(1.0), Some(1.0));
    let partial = load(&args).expect("a cut file loads");
    args.data = vec![chess_file().to_path_buf()];
    let whole = load(&args).expect("whole file");
    assert_eq!(partial.games + 1, whole.games);
    assert!(partial.train.len() < whole.train.len());
    // The positions kept are the whole file's first ones, with the same targets.
    for (a, b) in partial.train.iter().zip(&whole.train) {
        assert_eq!(partial.lists(a), whole.lists(b));
        assert_eq!(a.target, b.target);
    }
}

/// `--on-hand`: every position carries the hand-written evaluation it corrects (the engine's
/// own `evaluate`, side to move's view, in output units), the loss starts from that evaluation's
/// and the written file says it adds to it.
#[test]
fn a_net_on_the_hand_evaluation_starts_from_it_and_says_so() {
    let mut args = load_args(chess_file());
    args.on_hand = true;
    let on_hand = load(&args).expect("the chess file loads");
    assert!(on_hand.on_hand);
    let bases: Vec<f32> = on_hand.train.iter().map(|s| s.base).collect();
    assert!(bases.iter().any(|&b| b != 0.0));
    // Centipawns over SCALE: a chess evaluation of these positions stays within a few queens.
    assert!(bases.iter().all(|&b| b.abs() * SCALE as f32 <= 5000.0));
    let report = train(&on_hand, &settings("on-hand", 2)).expect("training runs");
    assert!(report.net.on_hand);
    let bytes = std::fs::read(dir().join("on-hand.nnue")).expect("the net file");
    assert!(Network::from_bytes(&bytes).expect("the net loads").on_hand);
    // The whole-evaluation net of the same data starts far from the targets; the correction
    // starts at the hand-written evaluation's loss, much nearer.
    let whole = train(data(), &settings("whole-untrained", 0)).expect("no epochs");
    let (start, whole) = (report.history[0].validation, whole.history[0].validation);
    assert!(start < 0.5 * whole, "{start} vs {whole}");
}
