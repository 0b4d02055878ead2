use super::*;
use crate::datagen::Rng;
use kaleido::eval::nnue::NetInput;
use kaleido::game::Side;

/// Synthetic data: `n` positions of a `features`-feature set with 3 to 8 active features per
/// side (no repeats within a list, at most every feature) and targets in (0, 1), all drawn from `seed`.
fn synthetic(n: usize, features: usize, seed: u64) -> TrainData {
    let mut rng = Rng::new(seed);
    let mut data = TrainData {
        feature_set: "test",
        features,
        buffer: Vec::new(),
        train: Vec::new(),
        validation: Vec::new(),
        teacher_scale: 1.0,
        net_scale: 1.2,
        fitted: [false, false],
        games: 0,
        mate_like: 0,
        on_hand: false,
    };
    for _ in 0..n {
        let start = data.buffer.len() as u64;
        let mut counts = [0u16; 2];
        for c in &mut counts {
            let mut list: Vec<u16> = Vec::new();
            let len = (3 + rng.below(6)).min(features);
            while list.len() < len {
                let f = rng.below(features) as u16;
                if !list.contains(&f) {
                    list.push(f);
                }
            }
            *c = list.len() as u16;
            data.buffer.extend_from_slice(&list);
        }
        data.train.push(Sample {
            start,
            us: counts[0],
            them: counts[1],
            target: 0.05 + 0.9 * (rng.below(1000) as f32 / 1000.0),
            base: 0.0,
        });
    }
    data
}

fn settings(hidden: usize, batch: usize) -> Settings {
    Settings {
        hidden,
        epochs: 3,
        batch,
        lr: 0.01,
        seed: 5,
        checkpoint: None,
        stop_after: None,
        out: None,
        log: None,
        plot: None,
        verbose: false,
    }
}

/// The summed loss computed with the engine's own float forward pass (an implementation
/// independent of the trainer's), in f64 after it.
fn engine_loss(data: &TrainData, net: &FloatNetwork) -> f64 {
    let slope = data.net_scale * SCALE as f64 * std::f64::consts::LN_10 / 400.0;
    data.train
        .iter()
        .map(|s| {
            let out = net.forward(&data.net_input(s)) as f64;
            let p = 1.0 / (1.0 + (-slope * out).exp());
            (p - s.target as f64).powi(2)
        })
        .sum()
}

#[test]
fn the_gradient_matches_finite_differences_on_a_tiny_net() {
    let data = synthetic(12, 6, 3);
    let layout = Layout {
        features: 6,
        hidden: 3,
    };
    let mut params = initial_params(layout, 9);
    // Larger weights and a bias put accumulators on both sides of the clipped range [0, 1].
    for p in &mut params[..layout.bias()] {
        *p *= 2.0;
    }
    params[layout.bias()] = 0.6;
    params[layout.output_bias()] = 0.1;
    let t = Trainer::new(&data, &settings(3, 12));
    let batch: Vec<u32> = (0..12).collect();
    let mut grad = vec![0.0; layout.size()];
    let w_out = params[layout.output()..layout.output_bias()].to_vec();
    let loss = batch_gradient(
        layout,
        &params,
        &w_out,
        t.slope,
        &data,
        &data.train,
        &batch,
        &mut grad,
    );
    let at = |p: &[f32]| engine_loss(&data, &float_network(&data, layout, p));
    assert!(
        (loss - at(&params)).abs() < 1e-5,
        "{loss} vs {}",
        at(&params)
    );
    let mut checked = 0;
    for i in 0..layout.size() {
        let h = 1e-3f32;
        let (mut up, mut down) = (params.clone(), params.clone());
        up[i] += h;
        down[i] -= h;
        let numeric = (at(&up) - at(&down)) / (2.0 * h as f64);
        let analytic = grad[i] as f64;
        assert!(
            (numeric - analytic).abs() <= 2e-4 + 0.02 * numeric.abs(),
            "parameter {i}: analytic {analytic}, finite differences {numeric}"
        );
        checked += (numeric.abs() > 1e-3) as usize;
    }
    // Most parameters matter here (a zero gradient everywhere would pass trivially).
    assert!(
        checked > layout.size() / 2,
        "only {checked} nonzero gradients"
    );
}

#[test]
fn one_thread_and_two_give_identical_weights() {
    let data = synthetic(5000, 64, 11);
    let s = settings(16, 2048);
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| {
            let mut t = Trainer::new(&data, &s);
            t.epoch(&data, &s);
            t.epoch(&data, &s);
            t.params
        })
    };
    let (one, two) = (run(1), run(2));
    assert!(
        one.iter()
            .zip(&two)
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "weights differ between 1 and 2 threads"
    );
    // And training moved them.
    assert_ne!(
        one,
        initial_params(
            Layout {
                features: 64,
                hidden: 16
            },
            s.seed
        )
    );
}

#[test]
fn the_trainers_forward_pass_is_the_engines() {
    let data = synthetic(50, 20, 2);
    let layout = Layout {
        features: 20,
        hidden: 8,
    };
    let params = initial_params(layout, 4);
    let net = float_network(&data, layout, &params);
    let (mut us, mut them) = (vec![0.0; 8], vec![0.0; 8]);
    for s in &data.train {
        let w_out = &params[layout.output()..layout.output_bias()];
        let mine = forward(layout, &params, w_out, data.lists(s), (&mut us, &mut them));
        // Side to move Black: the engine takes Black's list first.
        let (a, b) = data.lists(s);
        let input = NetInput {
            feature_set: "test",
            features: 20,
            side: Side::Black,
            active: [
                b.iter().map(|&f| f as u32).collect(),
                a.iter().map(|&f| f as u32).collect(),
            ],
        };
        assert!((mine - net.forward(&input)).abs() < 1e-5);
    }
}

#[test]
fn weights_are_clipped_to_what_quantisation_holds() {
    let data = synthetic(10, 4, 1);
    let mut t = Trainer::new(&data, &settings(2, 10));
    let mut grad = vec![0.0; t.layout.size()];
    // A huge gradient pushes every weight far negative in one step of a huge rate.
    grad.iter_mut().for_each(|g| *g = 1.0);
    t.adam(&grad, 1, 1e6);
    let l = t.layout;
    assert!(t.params[..l.output()]
        .iter()
        .all(|&p| p == -FEATURE_WEIGHT_LIMIT));
    assert!(t.params[l.output()..l.output_bias()]
        .iter()
        .all(|&p| p == -OUTPUT_WEIGHT_LIMIT));
    let net = Network::quantise(&float_network(&data, l, &t.params));
    assert!(net.feature_weights.iter().all(|&w| w == -32767));
    // 1.98 · 64 = 126.72, rounded: 127.
    assert!(net.output_weights.iter().all(|&w| w == -127));
}
