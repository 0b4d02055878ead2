//! The registry: variant name -> constructor and rule options. The list UCI_Variant, XBoard's
//! `feature variants` and `kaleido variants` show comes from here.

pub mod chess;
pub mod palace;
pub mod reflection;
pub mod sinyeon;
pub mod sonic;
pub mod sonic_hexagonal;
pub mod symmetron;
pub mod xiangqi;

use crate::game::{OptionSpec, VariantOptions};

/// The game type that plays a registered name. The registry sits below the session layer, so it
/// names the type and `session` (`VariantInfo::new_session`) builds that type's session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Chess,
    Xiangqi,
    SinYeon,
    Symmetron,
    Sonic,
    SonicHexagonal,
    Reflection,
}

pub struct VariantInfo {
    pub name: &'static str,
    /// Rule options this variant accepts (engine options like Hash are not listed here).
    pub options: &'static [OptionSpec],
    /// Positions (FENs, `startpos` allowed) that `kaleido bench` searches for this variant.
    pub bench: &'static [&'static str],
    pub family: Family,
}

/// The `i`-th Reflection setup: its name and bench positions come from one index.
const fn reflection_variant(i: usize) -> VariantInfo {
    VariantInfo {
        name: reflection::NAMES[i],
        options: reflection::OPTIONS,
        bench: reflection::BENCH[i],
        family: Family::Reflection,
    }
}

/// Every variant Kaleido plays, in the order front-ends list them.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        name: "chess",
        options: &[],
        bench: chess::BENCH,
        family: Family::Chess,
    },
    VariantInfo {
        name: "xiangqi",
        options: &[],
        bench: xiangqi::BENCH,
        family: Family::Xiangqi,
    },
    VariantInfo {
        name: "sin-yeon-sang-gi",
        options: &[],
        bench: sinyeon::BENCH,
        family: Family::SinYeon,
    },
    VariantInfo {
        name: symmetron::NAME,
        options: &[],
        bench: symmetron::BENCH,
        family: Family::Symmetron,
    },
    VariantInfo {
        name: sonic::NAME,
        options: sonic::OPTIONS,
        bench: sonic::BENCH,
        family: Family::Sonic,
    },
    VariantInfo {
        name: sonic::SPRINGS_NAME,
        options: sonic::OPTIONS,
        bench: sonic::BENCH,
        family: Family::Sonic,
    },
    VariantInfo {
        name: sonic_hexagonal::NAME,
        options: sonic_hexagonal::OPTIONS,
        bench: sonic_hexagonal::BENCH,
        family: Family::SonicHexagonal,
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

/// Variants left out of XBoard's `variants` feature (and so refused by its `variant` command).
/// XBoard draws only boards of squares: a hexagonal board drawn as squares would show a different
/// game, and WinBoard has only 15 engine-defined variant slots (docs/sonic-hexagonal.md, "XBoard").
const NOT_FOR_XBOARD: &[&str] = &[sonic_hexagonal::NAME];

impl VariantInfo {
    /// Whether XBoard is offered this variant (UCI and the command line offer every variant).
    pub fn offered_to_xboard(&self) -> bool {
        !NOT_FOR_XBOARD.contains(&self.name)
    }

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
