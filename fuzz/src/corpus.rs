//! Seed material: positions of every variant under random rule options, reached by random
//! playouts, and the model sessions the protocol targets rebuild from the engine's `d` output.

use kaleido::game::{Dialect, OptionKind, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::session::Session;
use kaleido::variants::{self, VariantInfo};

pub const DIALECTS: [Dialect; 3] = [Dialect::Uci, Dialect::XBoard, Dialect::Record];

/// A position of some variant, with the rule options it was built under.
pub struct Position {
    pub variant: &'static VariantInfo,
    pub options: VariantOptions,
    pub session: Box<dyn Session>,
}

impl Position {
    /// A copy of the session to change.
    pub fn session(&self) -> Box<dyn Session> {
        self.session.clone_box()
    }
}

/// Random values for some of `info`'s rule options (each option set half the time).
pub fn random_options(info: &VariantInfo, rng: &mut SplitMix64) -> VariantOptions {
    let mut options = VariantOptions::default();
    for spec in info.options {
        if !rng.chance(50) {
            continue;
        }
        match &spec.kind {
            OptionKind::Check { .. } => {
                options.set(spec.name, if rng.chance(50) { "true" } else { "false" })
            }
            OptionKind::Combo { values, .. } => options.set(spec.name, rng.pick(values)),
        }
    }
    options
}

/// `info`'s start position under `options`, then up to `plies` random legal moves (fewer when
/// the game ends).
pub fn playout(
    info: &'static VariantInfo,
    options: VariantOptions,
    plies: usize,
    rng: &mut SplitMix64,
) -> Result<Position, String> {
    let mut session = info.new_session(&options)?;
    for _ in 0..plies {
        if session.outcome().is_some() {
            break;
        }
        let moves = session.legal_moves(Dialect::Uci);
        if moves.is_empty() {
            break;
        }
        let mv = &moves[rng.below(moves.len())];
        session
            .play(mv, Dialect::Uci)
            .map_err(|e| format!("{}: legal move {mv} refused: {e}", info.name))?;
    }
    Ok(Position {
        variant: info,
        options,
        session,
    })
}

/// A random position of a random variant: mostly openings and middlegames, sometimes a long
/// game that may have ended.
pub fn random_position(rng: &mut SplitMix64) -> Result<Position, String> {
    let info = &variants::VARIANTS[rng.below(variants::VARIANTS.len())];
    let options = random_options(info, rng);
    let plies = if rng.chance(75) {
        rng.below(40)
    } else {
        rng.below(300)
    };
    playout(info, options, plies, rng)
}

/// A pool of positions that is slowly renewed.
pub struct Corpus {
    pub positions: Vec<Position>,
}

impl Corpus {
    /// `size` random positions, at least one of every variant.
    pub fn new(size: usize, rng: &mut SplitMix64) -> Result<Corpus, String> {
        let mut positions = Vec::with_capacity(size.max(variants::VARIANTS.len()));
        for info in variants::VARIANTS {
            let options = random_options(info, rng);
            let plies = rng.below(20);
            positions.push(playout(info, options, plies, rng)?);
        }
        while positions.len() < size {
            positions.push(random_position(rng)?);
        }
        Ok(Corpus { positions })
    }

    pub fn pick(&self, rng: &mut SplitMix64) -> &Position {
        &self.positions[rng.below(self.positions.len())]
    }

    /// Replaces one position by a new random one.
    pub fn renew(&mut self, rng: &mut SplitMix64) -> Result<(), String> {
        let at = rng.below(self.positions.len());
        self.positions[at] = random_position(rng)?;
        Ok(())
    }
}

/// Rule options as `d` prints them (`name=value` pairs).
pub fn parse_options(text: &str) -> VariantOptions {
    let mut options = VariantOptions::default();
    for pair in text.split_whitespace() {
        if let Some((name, value)) = pair.split_once('=') {
            options.set(name, value);
        }
    }
    options
}

/// The position an engine reported (`Variant:`, `Options:`, `Fen:` of its `d` command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reported {
    pub variant: String,
    pub options: String,
    pub fen: String,
}

impl Reported {
    /// The last position a `d` showed among `lines` (each of its lines after `prefix`: XBoard's
    /// `d` writes `# `).
    pub fn last_in(lines: &[String], prefix: &str) -> Option<Reported> {
        let (mut variant, mut options, mut seen) = (None, None, None);
        for line in lines {
            let Some(line) = line.strip_prefix(prefix) else {
                continue;
            };
            if let Some(v) = line.strip_prefix("Variant: ") {
                variant = Some(v.to_string());
            } else if let Some(o) = line.strip_prefix("Options:") {
                options = Some(o.trim().to_string());
            } else if let Some(fen) = line.strip_prefix("Fen: ") {
                if let (Some(variant), Some(options)) = (variant.take(), options.take()) {
                    seen = Some(Reported {
                        variant,
                        options,
                        fen: fen.to_string(),
                    });
                }
            }
        }
        seen
    }

    /// A session in that position, to check the engine's answers against.
    pub fn model(&self, dialect: Dialect) -> Result<Box<dyn Session>, String> {
        let info = variants::find(&self.variant)
            .ok_or_else(|| format!("d reported an unknown variant '{}'", self.variant))?;
        let mut session = info.new_session(&parse_options(&self.options))?;
        session
            .set_fen(&self.fen, dialect)
            .map_err(|e| format!("d reported a FEN the engine cannot read back: {e}"))?;
        Ok(session)
    }

    /// The start position of the reported variant and options, as `d` would print it.
    pub fn start_fen(&self, dialect: Dialect) -> Result<String, String> {
        let info = variants::find(&self.variant)
            .ok_or_else(|| format!("d reported an unknown variant '{}'", self.variant))?;
        Ok(info
            .new_session(&parse_options(&self.options))?
            .fen(dialect))
    }
}
