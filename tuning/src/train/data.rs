//! The trainer's data in memory: every position's active features as `u16` (the side to move's
//! list, then the other side's) in one flat buffer, and per position where its lists are and its
//! target. Built once from binary data files, in parallel, by the engine's own feature code
//! (`Session::net_input`), so the trainer and the engine can never disagree on a feature.

use crate::binary::{BinFile, Mode};
use crate::data::{Header, Record};
use crate::datagen::{session_for, Rng};
use crate::scale::{mse, sigmoid};
use crate::tune::fit_scale;
use kaleido::eval::nnue::NetInput;
use kaleido::game::{Dialect, Side};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Scores this far from 0 are mate-like: no evaluation should learn them.
pub const MATE_LIKE: i32 = 3000;

/// Positions converted by one task: fixed, so the work does not depend on the thread count.
const LOAD_CHUNK: usize = 2048;

/// One position: its features are `features[start..start + us + them]`.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub start: u64,
    /// Active features from the side to move's point of view.
    pub us: u16,
    /// Then from the other side's.
    pub them: u16,
    /// The training target, a win probability for the side to move.
    pub target: f32,
    /// What the net's output adds to: the hand-written evaluation for the side to move, in the
    /// output's units (centipawns / `SCALE`), when training on top of it (`--on-hand`); else 0.
    pub base: f32,
}

/// What the loader needs to know.
#[derive(Clone, Debug)]
pub struct LoadArgs {
    pub data: Vec<PathBuf>,
    /// Share of the game result in the target.
    pub lambda: f64,
    /// The data's scores' K (`sigmoid(K * score)` is their win probability); fitted when absent.
    pub teacher_scale: Option<f64>,
    /// The hand-written evaluation's K, which the net's centipawns are read with; fitted when
    /// absent.
    pub net_scale: Option<f64>,
    /// At least this many positions are held out, whole games chosen from `seed`; `None`: a tenth.
    pub validation: Option<usize>,
    pub seed: u64,
    /// Train a correction on top of the hand-written evaluation (`Network::on_hand`).
    pub on_hand: bool,
}

/// The loaded data.
pub struct TrainData {
    pub feature_set: &'static str,
    pub features: usize,
    pub buffer: Vec<u16>,
    pub train: Vec<Sample>,
    pub validation: Vec<Sample>,
    pub teacher_scale: f64,
    pub net_scale: f64,
    /// Whether each scale was fitted here (else given).
    pub fitted: [bool; 2],
    pub games: usize,
    /// Positions dropped for a mate-like score.
    pub mate_like: usize,
    /// The net is a correction on top of the hand-written evaluation.
    pub on_hand: bool,
}

impl TrainData {
    /// The active features of `s`: the side to move's, then the other side's.
    #[inline]
    pub fn lists(&self, s: &Sample) -> (&[u16], &[u16]) {
        let start = s.start as usize;
        let mid = start + s.us as usize;
        (
            &self.buffer[start..mid],
            &self.buffer[mid..mid + s.them as usize],
        )
    }

    /// `s` as the engine's input type (side to move first, so read as White to move).
    pub fn net_input(&self, s: &Sample) -> NetInput {
        let (us, them) = self.lists(s);
        NetInput {
            feature_set: self.feature_set,
            features: self.features,
            side: Side::White,
            active: [
                us.iter().map(|&f| f as u32).collect(),
                them.iter().map(|&f| f as u32).collect(),
            ],
        }
    }

    /// Bytes of memory per position: its share of the feature buffer and its sample.
    pub fn bytes_per_position(&self) -> f64 {
        let n = (self.train.len() + self.validation.len()).max(1);
        (self.buffer.len() * 2 + n * std::mem::size_of::<Sample>()) as f64 / n as f64
    }
}

/// One record converted: its features (side to move first), side, and the hand evaluation.
struct Converted {
    us: u16,
    them: u16,
    side: Side,
    /// White's view, unrounded, under the built-in weights: what `tune` fits its K with.
    eval: f64,
    /// The engine's hand-written evaluation for the side to move, centipawns (`--on-hand`).
    hand: f64,
}

/// A chunk of records converted: their features in one buffer, each record's counts.
struct Chunk {
    buffer: Vec<u16>,
    converted: Vec<Converted>,
    feature_set: &'static str,
    features: usize,
}

/// A file's records in memory, with what its session needs.
struct Source {
    header: Header,
    records: Vec<Record>,
}

/// Reads the data files leniently: a file still being written may end in a cut game, which is
/// dropped (as `datagen` drops it on resume), so is anything after the last finished game.
fn read_sources(paths: &[PathBuf]) -> Result<Vec<Source>, String> {
    paths
        .iter()
        .map(|path| {
            let file = BinFile::read(path, Mode::Resume)?;
            let done = file.done();
            let records = file
                .positions()
                .filter(|r| done.contains(&r.game))
                .cloned()
                .collect();
            Ok(Source {
                header: file.header,
                records,
            })
        })
        .collect()
}

/// Converts a chunk of one source's records (one session per chunk, reused).
fn convert(
    source: &Source,
    records: &[&Record],
    fit_eval: bool,
    on_hand: bool,
) -> Result<Chunk, String> {
    let h = &source.header;
    let mut session = session_for(&h.variant, &h.options)?;
    let mut values: Vec<[f64; 2]> = Vec::new();
    let mut buffer = Vec::with_capacity(records.len() * 64);
    let mut out = Vec::with_capacity(records.len());
    let mut set = ("", 0);
    for r in records {
        session
            .set_fen(&r.fen, Dialect::Uci)
            .map_err(|e| format!("game {}: {e}: {}", r.game, r.fen))?;
        let input = session
            .net_input()
            .ok_or_else(|| format!("{} has no network feature set", h.variant))?;
        if input.features > 1 << 16 {
            return Err(format!(
                "feature set {} has {} features: more than u16 indices hold",
                input.feature_set, input.features
            ));
        }
        set = (input.feature_set, input.features);
        let (us, them) = match input.side {
            Side::White => (&input.active[0], &input.active[1]),
            Side::Black => (&input.active[1], &input.active[0]),
        };
        for list in [us, them] {
            for &f in list {
                assert!((f as usize) < input.features, "feature {f} out of its set");
                buffer.push(f as u16);
            }
        }
        let eval = if fit_eval {
            let trace = session
                .eval_trace()
                .ok_or_else(|| format!("{} has no hand-written weights to fit K", h.variant))?;
            if values.is_empty() {
                values = trace
                    .weights
                    .values
                    .iter()
                    .map(|&[mg, eg]| [mg as f64, eg as f64])
                    .collect();
            }
            trace.white_score(&values)
        } else {
            0.0
        };
        // The game's own evaluate: what the engine adds an on-hand net's output to (the
        // registry is switched off while loading, so it is the hand-written one).
        let hand = if on_hand {
            f64::from(session.evaluate())
        } else {
            0.0
        };
        let count = |l: &Vec<u32>| u16::try_from(l.len()).map_err(|_| "too many features");
        out.push(Converted {
            us: count(us)?,
            them: count(them)?,
            side: input.side,
            eval,
            hand,
        });
    }
    Ok(Chunk {
        buffer,
        converted: out,
        feature_set: set.0,
        features: set.1,
    })
}

/// The games held out: whole games (by file and number) in an order drawn from `seed`, until they
/// hold at least `wanted` positions.
fn held_out(records: &[(usize, &Record)], wanted: usize, seed: u64) -> BTreeSet<(usize, u64)> {
    let mut sizes: BTreeMap<(usize, u64), usize> = BTreeMap::new();
    for (file, r) in records {
        *sizes.entry((*file, r.game)).or_default() += 1;
    }
    let mut games: Vec<(usize, u64)> = sizes.keys().copied().collect();
    let mut rng = Rng::new(seed ^ 0x5641_4c49_4441_5445);
    for i in (1..games.len()).rev() {
        games.swap(i, rng.below(i + 1));
    }
    let (mut chosen, mut held) = (BTreeSet::new(), 0);
    for g in games {
        if held >= wanted {
            break;
        }
        held += sizes[&g];
        chosen.insert(g);
    }
    chosen
}

pub fn load(args: &LoadArgs) -> Result<TrainData, String> {
    let sources = read_sources(&args.data)?;
    let mut mate_like = 0;
    let mut games = 0;
    // Per file, its positions without mate-like scores.
    let mut kept: Vec<Vec<&Record>> = Vec::new();
    for s in &sources {
        games += s
            .records
            .iter()
            .map(|r| r.game)
            .collect::<BTreeSet<_>>()
            .len();
        let k: Vec<&Record> = s
            .records
            .iter()
            .filter(|r| r.score.abs() < MATE_LIKE)
            .collect();
        mate_like += s.records.len() - k.len();
        kept.push(k);
    }
    let records: Vec<(usize, &Record)> = kept
        .iter()
        .enumerate()
        .flat_map(|(i, k)| k.iter().map(move |&r| (i, r)))
        .collect();
    if records.is_empty() {
        return Err("no positions in the data".into());
    }
    let wanted = args.validation.unwrap_or(records.len() / 10);
    let validation_games = held_out(&records, wanted, args.seed);
    let fit_eval = args.net_scale.is_none();
    if args.on_hand {
        // The positions' evaluate must be the hand-written one, whatever network is built in.
        kaleido::eval::nnue::registry::set_enabled(false);
    }
    // Fixed chunks of one file each, converted in parallel and joined in order.
    let chunks: Vec<(usize, &[&Record])> = kept
        .iter()
        .enumerate()
        .flat_map(|(i, k)| k.chunks(LOAD_CHUNK).map(move |c| (i, c)))
        .collect();
    let converted = chunks
        .par_iter()
        .map(|(i, c)| convert(&sources[*i], c, fit_eval, args.on_hand))
        .collect::<Result<Vec<_>, String>>()?;
    let mut data = TrainData {
        feature_set: converted[0].feature_set,
        features: converted[0].features,
        buffer: Vec::with_capacity(converted.iter().map(|c| c.buffer.len()).sum()),
        train: Vec::new(),
        validation: Vec::new(),
        teacher_scale: 0.0,
        net_scale: 0.0,
        fitted: [args.teacher_scale.is_none(), fit_eval],
        games,
        mate_like,
        on_hand: args.on_hand,
    };
    // Per position: (held out, result for White, score for White, side, eval), in record order.
    let mut facts: Vec<Fact> = Vec::with_capacity(records.len());
    let mut next = records.iter();
    for chunk in converted {
        if (chunk.feature_set, chunk.features) != (data.feature_set, data.features) {
            return Err(format!(
                "data of feature set {} mixed with {}",
                chunk.feature_set, data.feature_set
            ));
        }
        let mut at = data.buffer.len() as u64;
        data.buffer.extend_from_slice(&chunk.buffer);
        for c in chunk.converted {
            let (file, r) = next
                .next()
                .ok_or("internal: records and conversions differ")?;
            let sample = Sample {
                start: at,
                us: c.us,
                them: c.them,
                target: 0.0,
                base: (c.hand / f64::from(kaleido::eval::nnue::SCALE)) as f32,
            };
            at += u64::from(c.us) + u64::from(c.them);
            let held = validation_games.contains(&(*file, r.game));
            facts.push((
                held,
                r.result as f64,
                r.score as f64,
                c.side,
                c.eval,
                sample,
            ));
        }
    }
    set_targets(&mut data, facts, args);
    if data.train.is_empty() {
        return Err("every position is held out for validation: lower --validation".into());
    }
    Ok(data)
}

/// A position on its way to a sample: held out, result and score for White, side to move, the
/// built-in weights' evaluation for White, and the sample without its target.
type Fact = (bool, f64, f64, Side, f64, Sample);

/// Fits the scales that are not given and sets every sample's target, into `data`'s two sets.
fn set_targets(data: &mut TrainData, facts: Vec<Fact>, args: &LoadArgs) {
    let training = || facts.iter().filter(|f| !f.0);
    data.teacher_scale = match args.teacher_scale {
        Some(k) => k,
        None => {
            let points: Vec<(f64, f64)> = training().map(|f| (f.2, f.1)).collect();
            fit_scale(|k| mse(&points, k))
        }
    };
    data.net_scale = match args.net_scale {
        Some(k) => k,
        None => {
            let points: Vec<(f64, f64)> = training().map(|f| (f.4, f.1)).collect();
            fit_scale(|k| mse(&points, k))
        }
    };
    for (held, result, score, side, _, mut sample) in facts {
        let (r, s) = match side {
            Side::White => (result, score),
            Side::Black => (1.0 - result, -score),
        };
        sample.target =
            (args.lambda * r + (1.0 - args.lambda) * sigmoid(data.teacher_scale, s)) as f32;
        if held {
            data.validation.push(sample);
        } else {
            data.train.push(sample);
        }
    }
}
