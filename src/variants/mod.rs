//! The registry: variant name -> constructor and rule options. The list UCI_Variant, XBoard's
//! `feature variants` and `kaleido variants` show comes from here.

pub mod chess;
pub mod palace;
pub mod reflection;
pub mod sinyeon;
pub mod sonic;
pub mod symmetron;
pub mod xiangqi;

use crate::game::{OptionSpec, VariantOptions};
use crate::presentation::Game;
use crate::session::{GameSession, Session};

type Constructor = fn(&str, &VariantOptions) -> Result<Box<dyn Session>, String>;

pub struct VariantInfo {
    pub name: &'static str,
    /// Rule options this variant accepts (engine options like Hash are not listed here).
    pub options: &'static [OptionSpec],
    /// Positions (FENs, `startpos` allowed) that `kaleido bench` searches for this variant.
    pub bench: &'static [&'static str],
    create: Constructor,
}

/// The `i`-th Reflection setup: its name and bench positions come from one index.
const fn reflection_variant(i: usize) -> VariantInfo {
    VariantInfo {
        name: reflection::NAMES[i],
        options: reflection::OPTIONS,
        bench: reflection::BENCH[i],
        create: create::<reflection::Reflection>,
    }
}

fn create<G: Game>(name: &str, options: &VariantOptions) -> Result<Box<dyn Session>, String> {
    Ok(Box::new(GameSession::<G>::new(name, options)?))
}

/// Every variant Kaleido plays, in the order front-ends list them.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        name: "chess",
        options: &[],
        bench: chess::BENCH,
        create: create::<chess::Chess>,
    },
    VariantInfo {
        name: "xiangqi",
        options: &[],
        bench: xiangqi::BENCH,
        create: create::<xiangqi::XiangqiGame>,
    },
    VariantInfo {
        name: "sin-yeon-sang-gi",
        options: &[],
        bench: sinyeon::BENCH,
        create: create::<sinyeon::SinYeonGame>,
    },
    VariantInfo {
        name: symmetron::NAME,
        options: &[],
        bench: symmetron::BENCH,
        create: create::<symmetron::Symmetron>,
    },
    VariantInfo {
        name: sonic::NAME,
        options: sonic::OPTIONS,
        bench: sonic::BENCH,
        create: create::<sonic::Sonic>,
    },
    VariantInfo {
        name: sonic::SPRINGS_NAME,
        options: sonic::OPTIONS,
        bench: sonic::BENCH,
        create: create::<sonic::Sonic>,
    },
    reflection_variant(0),
    reflection_variant(1),
    reflection_variant(2),
    reflection_variant(3),
    reflection_variant(4),
    reflection_variant(5),
    reflection_variant(6),
    reflection_variant(7),
    reflection_variant(8),
];

pub fn find(name: &str) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|v| v.name.eq_ignore_ascii_case(name))
}

pub fn names() -> impl Iterator<Item = &'static str> {
    VARIANTS.iter().map(|v| v.name)
}

impl VariantInfo {
    /// Checks every option against this variant's list and canonicalises the values.
    pub fn validate(&self, options: &VariantOptions) -> Result<VariantOptions, String> {
        let mut out = VariantOptions::default();
        for (name, value) in options.iter() {
            let spec = self
                .options
                .iter()
                .find(|s| s.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("variant {} has no option '{name}'", self.name))?;
            out.set(spec.name, &spec.validate(value)?);
        }
        Ok(out)
    }

    pub fn new_session(&self, options: &VariantOptions) -> Result<Box<dyn Session>, String> {
        (self.create)(self.name, &self.validate(options)?)
    }
}

/// What a variant adds to the chess `UCI_Elo` scale of the playing levels
/// (`search::strength::LEVEL_ELO`): a level's Elo in `name` is its chess Elo plus this. Zero
/// until anchor matches in that variant fit it (docs/levels.md: the seed games' Elo is relative
/// to their own ladder; xiangqi's anchors are pending).
pub fn level_elo_offset(name: &str) -> i32 {
    LEVEL_ELO_OFFSETS
        .iter()
        .find(|(variant, _)| variant.eq_ignore_ascii_case(name))
        .map_or(0, |&(_, offset)| offset)
}

/// One row per variant once measured; a variant without one is on the chess scale.
const LEVEL_ELO_OFFSETS: &[(&str, i32)] = &[];
