//! `train`: fits a game's network (`kaleido::eval::nnue`) to binary data files, on the CPU.
//!
//! The net is the engine's: per perspective an accumulator of `hidden` values (bias plus one
//! column per active feature, the columns shared by both perspectives), a squared clipped ReLU,
//! and one output fed by the side to move's half and then the other's. Its output `o` is
//! `o · SCALE` centipawns, read as the win probability `sigmoid(K_net · o · SCALE)` with
//! `sigmoid(K, x) = 1 / (1 + 10^(-K·x/400))` — `tune`'s function, with `K_net` the hand-written
//! evaluation's K, so that the net's centipawns mean what the search's margins were tuned for. The
//! target is `lambda · result + (1 − lambda) · sigmoid(K_teacher, score)` from the side to move's
//! view; the loss is the mean of `(p − t)²`.
//!
//! Mini-batch Adam with a cosine decay of the step size (to a hundredth) over the run. Each batch's
//! gradient is computed in fixed chunks of positions in parallel and the chunks are summed in
//! order, so the weights do not depend on the thread count. Feature columns get gradient only where
//! a feature is active (each chunk keeps just the columns it touched). The output weights are
//! used on the quantised net's grid (`on_grid`), so that the net written is the net trained.

pub mod checkpoint;
pub mod data;
pub mod plot;

use checkpoint::{write_atomically, Checkpoint};
use data::{LoadArgs, Sample, TrainData};
use kaleido::eval::nnue::file::fnv1a;
use kaleido::eval::nnue::{FloatNetwork, Network, OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Positions per gradient task: fixed, so that the sums do not depend on the thread count.
pub const CHUNK: usize = 1024;
/// Feature weights and biases stay where `QA` times them fits `i16`.
pub const FEATURE_WEIGHT_LIMIT: f32 = 32767.0 / QA as f32;
/// The step size at the end of the run, as a share of `--lr`.
const FINAL_LR_SHARE: f64 = 0.01;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f32 = 1e-8;

/// The command line of `tuning train`.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainCli {
    /// Binary data files (`datagen --format bin`) of one feature set.
    #[arg(long = "data", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// The network file to write (after every epoch).
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    #[arg(long, default_value_t = 20)]
    pub epochs: u32,
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size at the start (cosine decay to a hundredth of it at the end).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f64,
    /// Share of the game result in the target (the rest: the data's score).
    #[arg(long, default_value_t = 0.3)]
    pub lambda: f64,
    /// Train a correction to the hand-written evaluation (the engine adds the net's output to
    /// it) rather than a whole evaluation: what a small data set teaches sooner.
    #[arg(long)]
    pub on_hand: bool,
    /// K of the data's scores, sigmoid(K * score); fitted to the results when absent.
    #[arg(long)]
    pub teacher_scale: Option<f64>,
    /// K the net's centipawns are read with: the hand-written evaluation's (what `tune` prints);
    /// fitted to the results as `tune` fits it when absent.
    #[arg(long)]
    pub net_scale: Option<f64>,
    /// Hold out at least this many positions (whole games) for validation; default a tenth.
    #[arg(long)]
    pub validation: Option<usize>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Draws the initial weights, the validation games and each epoch's order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Resume from this file when it exists, and write it after every epoch.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Stop after this many epochs in this run (the checkpoint continues later).
    #[arg(long)]
    pub stop_after: Option<u32>,
    /// A CSV file of the epochs: epoch, training loss, validation loss, positions per second.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// An SVG plot of both loss curves.
    #[arg(long)]
    pub plot: Option<PathBuf>,
}

/// How to train, once the data are loaded.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hidden: usize,
    pub epochs: u32,
    pub batch: usize,
    pub lr: f64,
    pub seed: u64,
    pub checkpoint: Option<PathBuf>,
    pub stop_after: Option<u32>,
    pub out: Option<PathBuf>,
    pub log: Option<PathBuf>,
    pub plot: Option<PathBuf>,
    /// Print a line per epoch on stderr.
    pub verbose: bool,
}

/// One epoch's figures (epoch 0: the initial weights).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochLog {
    pub epoch: u32,
    /// Mean loss over the epoch's batches, as they were trained (epoch 0: of the initial net).
    pub train: f64,
    pub validation: f64,
    pub positions_per_second: f64,
}

/// Where each group of parameters sits in the flat vector: feature weights (`features × hidden`,
/// column by column), feature biases, output weights (`2 × hidden`), output bias.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub features: usize,
    pub hidden: usize,
}

impl Layout {
    pub fn bias(&self) -> usize {
        self.features * self.hidden
    }
    pub fn output(&self) -> usize {
        self.bias() + self.hidden
    }
    pub fn output_bias(&self) -> usize {
        self.output() + 2 * self.hidden
    }
    /// How many parameters there are.
    pub fn size(&self) -> usize {
        self.output_bias() + 1
    }
}

/// The state of a run.
pub struct Trainer {
    pub layout: Layout,
    pub params: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
    step: u64,
    pub epoch: u32,
    pub history: Vec<EpochLog>,
    /// `d p / d o = slope · p · (1 − p)`: `K_net · SCALE · ln 10 / 400`.
    slope: f32,
}

/// A uniform float in `[-1, 1)`.
fn symmetric(rng: &mut crate::datagen::Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// Initial weights drawn from `seed` alone: feature weights uniform in ±1/√32 (a chess position's
/// 32 pieces keep an accumulator's spread near one activation's range), output weights in
/// ±1/√(2·hidden), biases zero.
pub fn initial_params(layout: Layout, seed: u64) -> Vec<f32> {
    let mut rng = crate::datagen::Rng::new(seed ^ 0x494e_4954_4e45_5453);
    let mut p = vec![0.0; layout.size()];
    let a = 1.0 / 32f32.sqrt();
    for w in &mut p[..layout.bias()] {
        *w = a * symmetric(&mut rng);
    }
    let b = 1.0 / (2.0 * layout.hidden as f32).sqrt();
    for w in &mut p[layout.output()..layout.output_bias()] {
        *w = b * symmetric(&mut rng);
    }
    p
}

/// The parameters as the engine's float network.
pub fn float_network(data: &TrainData, layout: Layout, params: &[f32]) -> FloatNetwork {
    FloatNetwork {
        feature_set: data.feature_set.to_string(),
        features: layout.features,
        hidden: layout.hidden,
        feature_weights: params[..layout.bias()].to_vec(),
        feature_bias: params[layout.bias()..layout.output()].to_vec(),
        output_weights: params[layout.output()..layout.output_bias()].to_vec(),
        output_bias: params[layout.output_bias()],
        on_hand: data.on_hand,
    }
}

#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Fills both accumulators and returns the output (in units of `SCALE` centipawns).
#[inline]
fn forward(
    layout: Layout,
    params: &[f32],
    w_out: &[f32],
    lists: (&[u16], &[u16]),
    acc: (&mut [f32], &mut [f32]),
) -> f32 {
    let h = layout.hidden;
    let bias = &params[layout.bias()..layout.output()];
    for (a, list) in [(&mut *acc.0, lists.0), (&mut *acc.1, lists.1)] {
        a.copy_from_slice(bias);
        for &f in list {
            let column = &params[f as usize * h..f as usize * h + h];
            for (x, w) in a.iter_mut().zip(column) {
                *x += w;
            }
        }
    }
    let (w_us, w_them) = w_out.split_at(h);
    let mut out = params[layout.output_bias()];
    for (a, w) in [(&*acc.0, w_us), (&*acc.1, w_them)] {
        out += a.iter().zip(w).map(|(&x, &w)| screlu(x) * w).sum::<f32>();
    }
    out
}

/// Output weights rounded to `1/QB`, the step the quantised net has: the net is trained with
/// them (the gradient moving the float weights underneath, a straight-through estimator), so
/// that quantising it changes its output weights not at all. Rounding them only at the end
/// moved chess evaluations by some 16 cp on average (trained output weights are below 0.2, a
/// dozen steps of 1/64).
pub fn on_grid(weights: &[f32]) -> Vec<f32> {
    weights
        .iter()
        .map(|&w| (w * QB as f32).round() / QB as f32)
        .collect()
}

#[inline]
fn predict(slope: f32, out: f32) -> f32 {
    1.0 / (1.0 + (-slope * out).exp())
}

/// One chunk's gradient: the feature columns it touched (in first-touch order) and the rest.
struct ChunkGradient {
    columns: Vec<u32>,
    column_grad: Vec<f32>,
    /// Feature biases, output weights and output bias (the tail of the layout).
    tail: Vec<f32>,
    loss: f64,
}

fn chunk_gradient(
    layout: Layout,
    params: &[f32],
    w_out: &[f32],
    slope: f32,
    data: &TrainData,
    chunk: &[u32],
    samples: &[Sample],
) -> ChunkGradient {
    let h = layout.hidden;
    let mut slot = vec![u32::MAX; layout.features];
    let mut g = ChunkGradient {
        columns: Vec::new(),
        column_grad: Vec::new(),
        tail: vec![0.0; layout.size() - layout.bias()],
        loss: 0.0,
    };
    let (mut us, mut them) = (vec![0.0f32; h], vec![0.0f32; h]);
    let (mut d_us, mut d_them) = (vec![0.0f32; h], vec![0.0f32; h]);
    for &i in chunk {
        let s = &samples[i as usize];
        let lists = data.lists(s);
        let out = forward(layout, params, w_out, lists, (&mut us, &mut them));
        let p = predict(slope, out + s.base);
        let error = p - s.target;
        g.loss += (error * error) as f64;
        let d_out = 2.0 * error * slope * p * (1.0 - p);
        let (bias, rest) = g.tail.split_at_mut(h);
        let (out_w, out_b) = rest.split_at_mut(2 * h);
        out_b[0] += d_out;
        for (half, (acc, d)) in [(&us, &mut d_us), (&them, &mut d_them)]
            .into_iter()
            .enumerate()
        {
            let w = &w_out[half * h..half * h + h];
            let gw = &mut out_w[half * h..half * h + h];
            for k in 0..h {
                let x = acc[k];
                gw[k] += d_out * screlu(x);
                d[k] = if x > 0.0 && x < 1.0 {
                    d_out * w[k] * 2.0 * x
                } else {
                    0.0
                };
                bias[k] += d[k];
            }
        }
        for (list, d) in [(lists.0, &d_us), (lists.1, &d_them)] {
            for &f in list {
                let f = f as usize;
                if slot[f] == u32::MAX {
                    slot[f] = g.columns.len() as u32;
                    g.columns.push(f as u32);
                    g.column_grad.resize(g.column_grad.len() + h, 0.0);
                }
                let at = slot[f] as usize * h;
                for (x, dk) in g.column_grad[at..at + h].iter_mut().zip(d.iter()) {
                    *x += dk;
                }
            }
        }
    }
    g
}

/// Sets `grad` to the summed gradient of the loss over the positions `batch` (indices into
/// `samples`) and returns the summed loss, with the net's output weights taken as `w_out`
/// (`params`' own, or those on the grid). Chunks run in parallel and are summed in order.
#[allow(clippy::too_many_arguments)]
pub fn batch_gradient(
    layout: Layout,
    params: &[f32],
    w_out: &[f32],
    slope: f32,
    data: &TrainData,
    samples: &[Sample],
    batch: &[u32],
    grad: &mut [f32],
) -> f64 {
    let chunks: Vec<ChunkGradient> = batch
        .par_chunks(CHUNK)
        .map(|c| chunk_gradient(layout, params, w_out, slope, data, c, samples))
        .collect();
    grad.fill(0.0);
    let h = layout.hidden;
    let mut loss = 0.0;
    for c in chunks {
        for (j, &f) in c.columns.iter().enumerate() {
            let column = &mut grad[f as usize * h..f as usize * h + h];
            for (x, d) in column.iter_mut().zip(&c.column_grad[j * h..j * h + h]) {
                *x += d;
            }
        }
        for (x, d) in grad[layout.bias()..].iter_mut().zip(&c.tail) {
            *x += d;
        }
        loss += c.loss;
    }
    loss
}

/// The mean loss over `samples`, forward only (chunks in parallel, summed in order).
pub fn mean_loss(
    layout: Layout,
    params: &[f32],
    w_out: &[f32],
    slope: f32,
    data: &TrainData,
    samples: &[Sample],
) -> f64 {
    let sums: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let (mut us, mut them) = (vec![0.0; layout.hidden], vec![0.0; layout.hidden]);
            chunk
                .iter()
                .map(|s| {
                    let out = forward(layout, params, w_out, data.lists(s), (&mut us, &mut them));
                    let e = predict(slope, out + s.base) - s.target;
                    (e * e) as f64
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / samples.len().max(1) as f64
}

/// The order of the training positions in `epoch`, drawn from `seed` and the epoch alone.
fn order(n: usize, seed: u64, epoch: u32) -> Vec<u32> {
    let mut rng =
        crate::datagen::Rng::new(seed ^ u64::from(epoch).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// What a run ended with.
#[derive(Clone, Debug)]
pub struct Report {
    pub epochs_run: u32,
    pub history: Vec<EpochLog>,
    pub net: FloatNetwork,
    /// Mean and largest |integer − float| evaluation, centipawns, over checked positions.
    pub quantisation: (f64, i32),
}

impl Trainer {
    pub fn new(data: &TrainData, settings: &Settings) -> Trainer {
        let layout = Layout {
            features: data.features,
            hidden: settings.hidden,
        };
        let n = layout.size();
        Trainer {
            layout,
            params: initial_params(layout, settings.seed),
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
            epoch: 0,
            history: Vec::new(),
            slope: (data.net_scale * SCALE as f64 * std::f64::consts::LN_10 / 400.0) as f32,
        }
    }

    /// The settings and data in words: a checkpoint continues only the run it was made by.
    pub fn fingerprint(&self, data: &TrainData, settings: &Settings) -> String {
        let mut bytes: Vec<u8> = data.buffer.iter().flat_map(|f| f.to_le_bytes()).collect();
        for s in data.train.iter().chain(&data.validation) {
            bytes.extend_from_slice(&s.target.to_le_bytes());
            bytes.extend_from_slice(&s.us.to_le_bytes());
        }
        format!(
            "{}{} features={} hidden={} epochs={} batch={} lr={} seed={} teacher-scale={} \
             net-scale={} training={} validation={} data={:016x}",
            data.feature_set,
            if data.on_hand { " on-hand" } else { "" },
            data.features,
            settings.hidden,
            settings.epochs,
            settings.batch,
            settings.lr,
            settings.seed,
            data.teacher_scale,
            data.net_scale,
            data.train.len(),
            data.validation.len(),
            fnv1a(&bytes)
        )
    }

    fn checkpoint(&self, fingerprint: &str) -> Checkpoint {
        Checkpoint {
            fingerprint: fingerprint.to_string(),
            epoch: self.epoch,
            step: self.step,
            params: self.params.clone(),
            m: self.m.clone(),
            v: self.v.clone(),
            history: self.history.clone(),
        }
    }

    fn resume(&mut self, c: Checkpoint, fingerprint: &str) -> Result<(), String> {
        if c.fingerprint != fingerprint {
            return Err(format!(
                "the checkpoint belongs to another run:\n  checkpoint: {}\n  this run:   {fingerprint}",
                c.fingerprint
            ));
        }
        if c.params.len() != self.params.len() {
            return Err("checkpoint: wrong number of weights".into());
        }
        (self.params, self.m, self.v) = (c.params, c.m, c.v);
        (self.step, self.epoch, self.history) = (c.step, c.epoch, c.history);
        Ok(())
    }

    /// One Adam step with `grad` (summed over `n` positions), then the clipping that keeps the
    /// quantised weights in range.
    fn adam(&mut self, grad: &[f32], n: usize, lr: f64) {
        self.step += 1;
        let t = self.step as i32;
        let step = (lr * (1.0 - BETA2.powi(t)).sqrt() / (1.0 - BETA1.powi(t))) as f32;
        let (b1, b2) = (BETA1 as f32, BETA2 as f32);
        let scale = 1.0 / n as f32;
        for (((p, m), v), &g) in self
            .params
            .iter_mut()
            .zip(&mut self.m)
            .zip(&mut self.v)
            .zip(grad)
        {
            let g = g * scale;
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *p -= step * *m / (v.sqrt() + EPSILON);
        }
        let l = self.layout;
        for p in &mut self.params[..l.output()] {
            *p = p.clamp(-FEATURE_WEIGHT_LIMIT, FEATURE_WEIGHT_LIMIT);
        }
        for p in &mut self.params[l.output()..l.output_bias()] {
            *p = p.clamp(-OUTPUT_WEIGHT_LIMIT, OUTPUT_WEIGHT_LIMIT);
        }
    }

    /// Cosine decay from `lr` to `lr · FINAL_LR_SHARE` over the run's batches.
    fn lr(&self, settings: &Settings, total_steps: u64) -> f64 {
        let progress = self.step as f64 / total_steps.max(1) as f64;
        let low = settings.lr * FINAL_LR_SHARE;
        low + (settings.lr - low) * 0.5 * (1.0 + (std::f64::consts::PI * progress.min(1.0)).cos())
    }

    /// Trains one epoch; returns its mean training loss and positions per second.
    pub fn epoch(&mut self, data: &TrainData, settings: &Settings) -> (f64, f64) {
        let started = Instant::now();
        self.epoch += 1;
        let order = order(data.train.len(), settings.seed, self.epoch);
        let batch = settings.batch.max(1);
        let total_steps = u64::from(settings.epochs) * data.train.len().div_ceil(batch) as u64;
        let mut grad = vec![0.0; self.layout.size()];
        let mut loss = 0.0;
        for b in order.chunks(batch) {
            let w_out = on_grid(&self.params[self.layout.output()..self.layout.output_bias()]);
            loss += batch_gradient(
                self.layout,
                &self.params,
                &w_out,
                self.slope,
                data,
                &data.train,
                b,
                &mut grad,
            );
            let lr = self.lr(settings, total_steps);
            self.adam(&grad, b.len(), lr);
        }
        let speed = data.train.len() as f64 / started.elapsed().as_secs_f64().max(1e-9);
        (loss / data.train.len() as f64, speed)
    }

    pub fn loss(&self, data: &TrainData, samples: &[Sample]) -> f64 {
        let w_out = on_grid(&self.params[self.layout.output()..self.layout.output_bias()]);
        mean_loss(self.layout, &self.params, &w_out, self.slope, data, samples)
    }

    /// The net as trained: output weights on the grid.
    pub fn network(&self, data: &TrainData) -> FloatNetwork {
        let mut net = float_network(data, self.layout, &self.params);
        net.output_weights = on_grid(&net.output_weights);
        net
    }

    /// Writes the quantised net, the checkpoint, the log and the plot.
    fn save(&self, data: &TrainData, settings: &Settings, fingerprint: &str) -> Result<(), String> {
        if let Some(out) = &settings.out {
            let net = Network::quantise(&self.network(data));
            write_atomically(out, &net.to_bytes())?;
        }
        if let Some(path) = &settings.checkpoint {
            self.checkpoint(fingerprint).write(path)?;
        }
        if let Some(path) = &settings.log {
            let mut csv = String::from("epoch,train_loss,validation_loss,positions_per_second\n");
            for e in &self.history {
                csv += &format!(
                    "{},{:.8},{:.8},{:.0}\n",
                    e.epoch, e.train, e.validation, e.positions_per_second
                );
            }
            std::fs::write(path, csv).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(path) = &settings.plot {
            let title = format!(
                "{}: hidden {}, {} training positions",
                data.feature_set,
                settings.hidden,
                data.train.len()
            );
            std::fs::write(path, plot::svg(&self.history, &title))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// |integer − float| evaluation in centipawns over up to `limit` of `samples`: mean and largest.
pub fn quantisation_error(
    data: &TrainData,
    net: &FloatNetwork,
    samples: &[Sample],
    limit: usize,
) -> (f64, i32) {
    let int = Network::quantise(net);
    let diffs: Vec<i32> = samples
        .par_iter()
        .take(limit)
        .map(|s| {
            let input = data.net_input(s);
            let float = (net.forward(&input) * SCALE as f32).round() as i32;
            (int.evaluate(&input) - float).abs()
        })
        .collect();
    let mean = diffs.iter().map(|&d| d as f64).sum::<f64>() / diffs.len().max(1) as f64;
    (mean, diffs.iter().copied().max().unwrap_or(0))
}

/// Trains on loaded data (on the current rayon pool): resumes from the checkpoint when it
/// exists, saves after every epoch.
pub fn train(data: &TrainData, settings: &Settings) -> Result<Report, String> {
    let mut t = Trainer::new(data, settings);
    let fingerprint = t.fingerprint(data, settings);
    match &settings.checkpoint {
        Some(path) if path.exists() => {
            t.resume(Checkpoint::read(path)?, &fingerprint)?;
            if settings.verbose {
                eprintln!("resumed from {} after epoch {}", path.display(), t.epoch);
            }
        }
        _ => {}
    }
    if t.history.is_empty() {
        let started = Instant::now();
        let train = t.loss(data, &data.train);
        let speed = data.train.len() as f64 / started.elapsed().as_secs_f64().max(1e-9);
        let validation = t.loss(data, &data.validation);
        t.history.push(EpochLog {
            epoch: 0,
            train,
            validation,
            positions_per_second: speed,
        });
        if settings.verbose {
            eprintln!("epoch 0: training {train:.6} validation {validation:.6} (initial weights)");
        }
    }
    let mut run = 0;
    while t.epoch < settings.epochs && settings.stop_after.is_none_or(|s| run < s) {
        let (train, speed) = t.epoch(data, settings);
        run += 1;
        let validation = t.loss(data, &data.validation);
        t.history.push(EpochLog {
            epoch: t.epoch,
            train,
            validation,
            positions_per_second: speed,
        });
        if settings.verbose {
            eprintln!(
                "epoch {}/{}: training {train:.6} validation {validation:.6} ({:.0} positions/s)",
                t.epoch, settings.epochs, speed
            );
        }
        t.save(data, settings, &fingerprint)?;
    }
    if run == 0 {
        t.save(data, settings, &fingerprint)?;
    }
    let net = t.network(data);
    let checked = if data.validation.is_empty() {
        &data.train
    } else {
        &data.validation
    };
    Ok(Report {
        epochs_run: run,
        quantisation: quantisation_error(data, &net, checked, 20_000),
        history: t.history,
        net,
    })
}

/// `tuning train`.
pub fn run(cli: &TrainCli) -> Result<(), String> {
    let threads = cli
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    pool.install(|| {
        let started = Instant::now();
        let data = data::load(&LoadArgs {
            data: cli.data.clone(),
            lambda: cli.lambda,
            teacher_scale: cli.teacher_scale,
            net_scale: cli.net_scale,
            validation: cli.validation,
            seed: cli.seed,
            on_hand: cli.on_hand,
        })?;
        let how = |fitted| if fitted { "fitted" } else { "given" };
        eprintln!(
            "{}: {} training + {} validation positions from {} games ({} mate-like skipped), \
             {:.1} bytes a position in memory, loaded in {:.1} s",
            data.feature_set,
            data.train.len(),
            data.validation.len(),
            data.games,
            data.mate_like,
            data.bytes_per_position(),
            started.elapsed().as_secs_f64()
        );
        eprintln!(
            "teacher scale K {:.4} ({}), net scale K {:.4} ({}); lambda {}, hidden {}, threads {}",
            data.teacher_scale,
            how(data.fitted[0]),
            data.net_scale,
            how(data.fitted[1]),
            cli.lambda,
            cli.hidden,
            threads
        );
        let report = train(
            &data,
            &Settings {
                hidden: cli.hidden,
                epochs: cli.epochs,
                batch: cli.batch,
                lr: cli.lr,
                seed: cli.seed,
                checkpoint: cli.checkpoint.clone(),
                stop_after: cli.stop_after,
                out: Some(cli.out.clone()),
                log: cli.log.clone(),
                plot: cli.plot.clone(),
                verbose: true,
            },
        )?;
        let (mean, max) = report.quantisation;
        println!(
            "wrote {} after epoch {}; quantised vs float evaluation: mean {mean:.2} cp, max {max} cp",
            cli.out.display(),
            report.history.last().map_or(0, |e| e.epoch)
        );
        Ok(())
    })
}

#[cfg(test)]
mod tests;
