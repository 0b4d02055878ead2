use super::*;
use crate::game::{Dialect, MoveList, Notation};
use crate::rng::SplitMix64 as Rng;
use std::sync::Arc;

fn input(side: Side, white: &[u32], black: &[u32]) -> NetInput {
    NetInput {
        feature_set: "test",
        features: 8,
        side,
        active: [white.to_vec(), black.to_vec()],
    }
}

/// A float net with small random weights: for tests of the arithmetic, not of chess.
pub(crate) fn random_float_net(seed: u64, features: usize, hidden: usize) -> FloatNetwork {
    let mut rng = Rng::new(seed);
    let mut draw = |scale: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * scale;
    FloatNetwork {
        feature_set: "test".into(),
        features,
        hidden,
        feature_weights: (0..features * hidden).map(|_| draw(0.3)).collect(),
        feature_bias: (0..hidden).map(|_| draw(0.3)).collect(),
        output_weights: (0..2 * hidden).map(|_| draw(1.5)).collect(),
        output_bias: draw(0.5),
        on_hand: false,
    }
}

/// Every node of a `depth`-ply tree of `game`, passes included (as leaves), counted in `nodes`:
/// there and again after each unmake, the incrementally kept accumulators give exactly the score
/// of `net` evaluating `input(game)` from scratch. The variants' feature tests walk with it.
pub(crate) fn walk_checking_accumulators<G: Notation>(
    game: &mut G,
    net: &Network,
    input: fn(&G) -> NetInput,
    depth: u32,
    nodes: &mut u64,
) {
    let fresh = net.evaluate(&input(game));
    assert_eq!(game.evaluate(), fresh, "{}", game.fen(Dialect::Uci));
    // Computed at every other ply only, so that both a pending frame and a run of two are
    // computed and read.
    if depth.is_multiple_of(2) {
        game.prepare_evaluation();
        assert_eq!(game.evaluate(), fresh, "{}", game.fen(Dialect::Uci));
    }
    *nodes += 1;
    if depth == 0 {
        return;
    }
    let mut moves = MoveList::new();
    game.generate(&mut moves);
    for mv in moves {
        game.make(mv);
        walk_checking_accumulators(game, net, input, depth - 1, nodes);
        game.unmake();
        assert_eq!(game.evaluate(), fresh);
    }
    if game.null_move_allowed() {
        game.make_null();
        walk_checking_accumulators(game, net, input, 0, nodes);
        game.unmake();
        assert_eq!(game.evaluate(), fresh);
    }
}

/// A net small enough to work out by hand. Two features, one hidden neuron:
/// weights 0.5 (feature 0) and 0.25 (feature 1), bias 0.25; output weights 1.0 (us), -0.5 (them),
/// bias 0.125. White has features 0 and 1 active: 0.25 + 0.5 + 0.25 = 1.0, activation 1.0.
/// Black has feature 1: 0.25 + 0.25 = 0.5, activation 0.25. White to move:
/// 1.0·1.0 − 0.5·0.25 + 0.125 = 1.0, i.e. `SCALE` = 400 centipawns. Black to move:
/// 0.25·1.0 − 0.5·1.0 + 0.125 = −0.125, i.e. −50.
#[test]
fn a_hand_worked_net_scores_what_the_arithmetic_says() {
    let float = FloatNetwork {
        feature_set: "test".into(),
        features: 2,
        hidden: 1,
        feature_weights: vec![0.5, 0.25],
        feature_bias: vec![0.25],
        output_weights: vec![1.0, -0.5],
        output_bias: 0.125,
        on_hand: false,
    };
    let white = input(Side::White, &[0, 1], &[1]);
    let black = input(Side::Black, &[0, 1], &[1]);
    assert_eq!(float.forward(&white), 1.0);
    assert_eq!(float.forward(&black), -0.125);
    let net = Network::quantise(&float);
    // 0.25 and 0.5 are not multiples of 1/255: the integer net is within a centipawn or two.
    assert!(
        (net.evaluate(&white) - 400).abs() <= 2,
        "{}",
        net.evaluate(&white)
    );
    assert!(
        (net.evaluate(&black) + 50).abs() <= 2,
        "{}",
        net.evaluate(&black)
    );
}

/// The float net whose weights are exactly the integer net's, scaled back.
fn dequantise(net: &Network) -> FloatNetwork {
    let f = |w: &[i16], scale: i32| w.iter().map(|&x| x as f32 / scale as f32).collect();
    FloatNetwork {
        feature_set: net.feature_set.clone(),
        features: net.features,
        hidden: net.hidden,
        feature_weights: f(&net.feature_weights, QA),
        feature_bias: f(&net.feature_bias, QA),
        output_weights: f(&net.output_weights, QB),
        output_bias: net.output_bias as f32 / (QA * QB) as f32,
        on_hand: net.on_hand,
    }
}

/// With the same weights, integer arithmetic only truncates twice (the activation's division by
/// QA and the scaling to centipawns): within 2 centipawns of the float net.
#[test]
fn the_integer_net_computes_what_its_weights_say() {
    let net = Network::quantise(&random_float_net(7, 8, 32));
    let float = dequantise(&net);
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let pick = |rng: &mut Rng| -> Vec<u32> { (0..8).filter(|_| rng.below(2) == 0).collect() };
        let side = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        let (w, b) = (pick(&mut rng), pick(&mut rng));
        let x = input(side, &w, &b);
        let expected = float.forward(&x) * SCALE as f32;
        let got = net.evaluate(&x) as f32;
        assert!((got - expected).abs() <= 2.0, "{got} vs {expected}");
    }
}

#[test]
fn lazy_frames_equal_a_refresh_after_any_changes() {
    // Random plies of 0 to 4 changes each (every pair of signs the fused pass handles, and
    // changes beyond the first two), popped at random, evaluated sometimes after `update` and
    // sometimes from the pending frames; each time the score and the values must be those of a
    // refresh of the features the plies left active.
    let net = Arc::new(Network::quantise(&random_float_net(11, 8, 16)));
    let mut rng = Rng::new(3);
    let mut acc = Accumulators::new(Some(net.clone()), || input(Side::White, &[1, 4], &[0]));
    // The active features per ply, as a model: `model.last()` is the current position's.
    let mut model = vec![(vec![1u32, 4], vec![0u32])];
    for step in 0..3000 {
        let roll = rng.below(10);
        if roll < 2 {
            acc.pop();
            if model.len() > 1 {
                model.pop();
            }
        } else if roll < 9 {
            // Without a push now and then: a change to a computed frame is applied in place.
            let pushed = roll != 8;
            if pushed {
                acc.push();
                model.push(model.last().cloned().unwrap_or_default());
            }
            for _ in 0..rng.below(5) {
                let Some((white, black)) = model.last_mut() else {
                    break;
                };
                let (w, b) = (rng.below(8) as u32, rng.below(8) as u32);
                // Toggle: a feature is added only when inactive and removed only when active
                // in both views together, as a game reports a piece.
                match (
                    white.iter().position(|&f| f == w),
                    black.iter().position(|&f| f == b),
                ) {
                    (Some(i), Some(j)) => {
                        white.remove(i);
                        black.remove(j);
                        acc.remove(w, b);
                    }
                    (None, None) => {
                        white.push(w);
                        black.push(b);
                        acc.add(w, b);
                    }
                    _ => {}
                }
            }
            if !pushed && rng.below(2) == 0 {
                acc.update();
            }
        } else {
            acc.update();
        }
        let Some((white, black)) = model.last() else {
            break;
        };
        let fresh = input(Side::Black, white, black);
        assert!(acc.matches(&fresh), "step {step}");
        assert_eq!(
            acc.evaluate(Side::Black, || 0),
            Some(net.evaluate(&fresh)),
            "step {step}"
        );
    }
}

#[test]
fn a_file_reads_back_as_the_same_net() {
    let net = Network::quantise(&random_float_net(5, 8, 16));
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes), Ok(net));
}

#[test]
fn a_cut_or_corrupt_file_is_an_error() {
    let bytes = Network::quantise(&random_float_net(5, 8, 4)).to_bytes();
    for cut in 0..bytes.len() {
        assert!(Network::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x40;
        assert!(Network::from_bytes(&bad).is_err(), "flip at {at}");
    }
    assert!(Network::from_bytes(b"not a net at all").is_err());
}

#[test]
fn output_weights_stay_where_the_sums_cannot_overflow() {
    let mut float = random_float_net(5, 8, 4);
    float.output_weights[0] = 50.0;
    let mut net = Network::quantise(&float);
    assert_eq!(net.output_weights[0], MAX_OUTPUT_WEIGHT);
    // A file written with a larger one (checksum and all) is refused.
    net.output_weights[0] = MAX_OUTPUT_WEIGHT + 1;
    let refused = Network::from_bytes(&net.to_bytes());
    assert!(refused.is_err_and(|e| e.contains("output weight")));
}

#[test]
fn a_net_on_the_hand_evaluation_says_so_in_its_file() {
    let mut float = random_float_net(6, 8, 4);
    float.on_hand = true;
    let net = Network::quantise(&float);
    assert!(net.on_hand);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
    // The same net as a version 1 file (no base byte, which follows the three quantisation
    // numbers after the name): it reads as a whole evaluation.
    let base_at = 6 + 2 + 1 + "test".len() + 4 + 4 + 6;
    assert_eq!(bytes[base_at], 1);
    let mut v1 = bytes[..bytes.len() - 8].to_vec();
    v1.remove(base_at);
    v1[6..8].copy_from_slice(&1u16.to_le_bytes());
    let check = super::file::fnv1a(&v1);
    v1.extend_from_slice(&check.to_le_bytes());
    let old = Network::from_bytes(&v1).expect("a version 1 file reads");
    assert!(!old.on_hand);
    assert_eq!(old.feature_weights, net.feature_weights);
    // A base this build does not know is refused.
    let mut unknown = bytes[..bytes.len() - 8].to_vec();
    unknown[base_at] = 7;
    let check = super::file::fnv1a(&unknown);
    unknown.extend_from_slice(&check.to_le_bytes());
    assert!(Network::from_bytes(&unknown).is_err());
}
