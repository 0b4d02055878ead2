//! The network options against the real binary: chess starts on its built-in net, `EvalFile`
//! loads a net that then evaluates chess exactly as the library's network arithmetic says,
//! `UseNNUE false` goes back to the hand-written evaluation, and a bad file is refused with the
//! net in use unchanged.

use engine_tests::binary::{run, Transcript};
use kaleido::eval::nnue::{registry, FloatNetwork, Network};
use kaleido::eval::Traced;
use kaleido::game::{Dialect, Notation, Rules};
use kaleido::rng::SplitMix64;
use kaleido::variants::chess::{features, Chess};
use std::path::PathBuf;

/// A chess-768 network with small pseudo-random weights (not a trained one: these tests check
/// which evaluation plays, not how well).
fn random_chess_net(seed: u64) -> Network {
    let mut rng = SplitMix64::new(seed);
    let mut draw = |scale: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * scale;
    let hidden = 16;
    let features = features::FEATURES;
    Network::quantise(&FloatNetwork {
        feature_set: features::FEATURE_SET.into(),
        features,
        hidden,
        feature_weights: (0..features * hidden).map(|_| draw(0.2)).collect(),
        feature_bias: (0..hidden).map(|_| draw(0.2)).collect(),
        output_weights: (0..2 * hidden).map(|_| draw(1.5)).collect(),
        output_bias: draw(0.3),
        on_hand: false,
    })
}

fn write_net(name: &str, net: &Network) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaleido-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, net.to_bytes()).expect("net written");
    path
}

const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// A position where the hand-written evaluation, the built-in net and the test net all differ.
const MOVES: &str = "e1g1 f8c5 c2c3";

/// The position after `MOVES`, in this process, evaluated with the built-in net (`nets_on`) or by
/// hand. A game reads the registry when its position is set up; this is the only test of this
/// file that evaluates in process, so switching nets off for a moment touches no other test.
fn position(nets_on: bool) -> Chess {
    registry::set_enabled(nets_on);
    let mut game = Chess::new("chess", &Default::default()).expect("chess");
    game.set_fen(FEN, Dialect::Uci).expect("fen");
    for mv in MOVES.split(' ') {
        let mv = game.parse_move(mv, Dialect::Uci).expect("legal");
        game.make(mv);
    }
    registry::set_enabled(true);
    game
}

fn engine_eval(t: &mut Transcript) -> i32 {
    t.send(&format!("position fen {FEN} moves {MOVES}"));
    let lines = t.exchange("d", "isready", "readyok");
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Eval: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| t.fail("no Eval line from d"))
}

#[test]
fn eval_file_and_use_nnue_choose_the_evaluation() {
    let net = random_chess_net(1);
    let path = write_net("one.knnue", &net);
    let game = position(true);
    let by_net = net.evaluate(&game.net_input().expect("chess has features"));
    let by_hand = position(false).evaluate();
    let built_in = game.evaluate();
    assert_ne!(built_in, by_hand, "chess has a built-in net");
    assert!(
        by_net != by_hand && by_net != built_in,
        "pick another seed: the test needs the three apart"
    );

    let mut t = Transcript::start();
    t.send("uci");
    t.until("uciok", |l| l == "uciok");
    assert_eq!(
        engine_eval(&mut t),
        built_in,
        "chess starts on its built-in net"
    );
    let loaded = t.exchange(
        &format!("setoption name EvalFile value {}", path.display()),
        "isready",
        "readyok",
    );
    assert!(loaded.is_empty(), "{loaded:?}");
    assert_eq!(engine_eval(&mut t), by_net);

    t.send("setoption name UseNNUE value false");
    assert_eq!(engine_eval(&mut t), by_hand);
    t.send("setoption name UseNNUE value true");
    assert_eq!(engine_eval(&mut t), by_net);

    // A cut file and a missing one are refused; the net in use stays.
    let mut cut = net.to_bytes();
    cut.truncate(cut.len() / 2);
    let cut_path = path.with_file_name("cut.knnue");
    std::fs::write(&cut_path, cut).expect("written");
    for bad in [cut_path.display().to_string(), "/no/such/net.knnue".into()] {
        let refused = t.exchange(
            &format!("setoption name EvalFile value {bad}"),
            "isready",
            "readyok",
        );
        assert!(
            refused
                .iter()
                .any(|l| l.starts_with("info string") && l.contains("net")),
            "{refused:?}"
        );
        assert_eq!(engine_eval(&mut t), by_net);
    }

    // The search runs on the net: a legal best move.
    t.send("go depth 5");
    let best = t.line_starting("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap_or("");
    assert!(game.parse_move(mv, Dialect::Uci).is_ok(), "{best}");

    // An empty value goes back to the built-in net.
    t.send("setoption name EvalFile value");
    assert_eq!(engine_eval(&mut t), built_in);
    t.send("quit");
    assert!(t.finish());
    let _ = std::fs::remove_file(cut_path);
    let _ = std::fs::remove_file(path);
}

/// `kaleido analyse --variant chess --depth 4` with one `--option NAME=VALUE`.
fn analyse_chess_with(option: &str) -> std::process::Output {
    run(&[
        "analyse",
        "--variant",
        "chess",
        "--depth",
        "4",
        "--option",
        option,
    ])
}

#[test]
fn the_command_line_takes_and_refuses_network_files() {
    let net = random_chess_net(2);
    let path = write_net("two.knnue", &net);
    let option = format!("EvalFile={}", path.display());
    let out = analyse_chess_with(&option);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("bestmove"));

    let out = analyse_chess_with("EvalFile=/no/such/net.knnue");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read network file"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_file(path);
}
