//! The registry: variant name -> constructor and rule options. The list UCI_Variant, XBoard's
//! `feature variants` and `kaleido variants` show comes from here.

use crate::game::{Game, OptionSpec, VariantOptions};
use crate::session::{GameSession, Session};

pub mod palace;
pub mod sinyeon;
pub mod xiangqi;

pub struct VariantInfo {
    pub name: &'static str,
    /// Rule options this variant accepts (engine options like Hash are not listed here).
    pub options: &'static [OptionSpec],
    /// Positions (FENs, `startpos` allowed) that `kaleido bench` searches for this variant.
    pub bench: &'static [&'static str],
    #[allow(clippy::type_complexity)] // a plain constructor signature; an alias would hide it
    create: fn(&str, &VariantOptions) -> Result<Box<dyn Session>, String>,
}

#[allow(dead_code)] // used as soon as the first variant registers
fn create<G: Game>(name: &str, options: &VariantOptions) -> Result<Box<dyn Session>, String> {
    Ok(Box::new(GameSession::<G>::new(name, options)?))
}

/// Every variant Kaleido plays, in the order front-ends list them.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        name: "xiangqi",
        options: &[],
        bench: &[
            "startpos",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "r1bakab2/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
            "3ak4/4a4/9/9/2P6/9/9/4B4/9/3K1N3 w - - 0 1",
        ],
        create: create::<xiangqi::XiangqiGame>,
    },
    VariantInfo {
        name: "sin-yeon-sang-gi",
        options: &[],
        // Start, and the rules page's sample game after 14 and 48 moves.
        bench: &[
            "startpos",
            "r3ugkgu3r/13/5b2h1c2/p1i1p1p1b1i1p/1Bp4hp1p2/4P1P6/PCP5P1PcP/1R4U1H1UC1/4I1G6/6KG1HBIR w - - 28 15",
            "r5kg5/6g6/6u1h1u2/4p7p/1B1R2P1ph1r1/4P1c5P/8P2i1/6U3U2/6G1H4/5GK2IB1R w - - 12 49",
        ],
        create: create::<sinyeon::SinYeonGame>,
    },
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
