//! FEN reading of every variant in every dialect. Inputs: the FENs of corpus positions exactly,
//! mutated, of another variant, and token soup. Checks: a refused FEN leaves the session as it
//! was; a canonical FEN is accepted and reproduced; whatever is accepted is a position the
//! engine can live with: its FEN reads back in every dialect to the same text (and in UCI, the
//! complete form, to the same key), its moves play
//! and take back exactly, incremental and computed keys agree along a playout, and the
//! evaluation, outcome and diagram do not fail.

use crate::corpus::{Corpus, DIALECTS};
use crate::mutate::{mutate, soup};
use crate::{count, Counters, Failure, Fuzzer};
use kaleido::game::Dialect;
use kaleido::rng::SplitMix64;
use kaleido::session::Session;

/// Words of FENs and their neighbours.
const WORDS: &[&str] = &[
    "w", "b", "-", "KQkq", "Kq", "0", "1", "100", "8", "10", "/", "//", "startpos", "fen", "[",
    "]", "~", "*", "+", "moves",
];

/// Everything a caller can observe of a session's position.
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot {
    fens: Vec<String>,
    key: u64,
    plies: usize,
}

impl Snapshot {
    pub fn plies(&self) -> usize {
        self.plies
    }
    pub fn of(session: &dyn Session) -> Snapshot {
        Snapshot {
            fens: DIALECTS.iter().map(|&d| session.fen(d)).collect(),
            key: session.key(),
            plies: session.plies(),
        }
    }
}

pub struct FenFuzzer {
    rng: SplitMix64,
    corpus: Corpus,
    counters: Counters,
}

impl FenFuzzer {
    pub fn new(seed: u64) -> Result<FenFuzzer, String> {
        let mut rng = SplitMix64::new(seed);
        let corpus = Corpus::new(64, &mut rng)?;
        Ok(FenFuzzer {
            rng,
            corpus,
            counters: Counters::new(),
        })
    }
}

/// How an input was made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A corpus position's own FEN: it must be accepted and printed back the same.
    Canonical,
    Mutated,
    OtherVariant,
    SplitMix64,
}

impl Fuzzer for FenFuzzer {
    fn input(&mut self, index: u64) -> Result<(), Failure> {
        if index % 512 == 511 {
            self.corpus
                .renew(&mut self.rng)
                .map_err(|e| Failure::new(e, &[]))?;
        }
        let rng = &mut self.rng;
        let base = self.corpus.pick(rng);
        let dialect = DIALECTS[rng.below(DIALECTS.len())];
        let (kind, text) = match rng.below(20) {
            0..=4 => (Kind::Canonical, base.session.fen(dialect)),
            5..=14 => (
                Kind::Mutated,
                mutate(&base.session.fen(dialect), WORDS, rng),
            ),
            15..=16 => {
                let other = self.corpus.pick(rng);
                let d = DIALECTS[rng.below(DIALECTS.len())];
                (Kind::OtherVariant, other.session.fen(d))
            }
            _ => {
                let words = soup(WORDS, 8, 30, rng);
                (Kind::SplitMix64, mutate(&words, WORDS, rng))
            }
        };
        let input = [
            format!("variant {} options {}", base.variant.name, base.options),
            format!("dialect {dialect:?}"),
            format!("fen {text}"),
        ];
        let fail = |what: String| Failure::new(what, &input);
        // The FEN goes into another position of the same game, so that "unchanged" means
        // something.
        let mut session = base.session();
        if let Some(mv) = session.legal_moves(Dialect::Uci).first() {
            let _ = session.play(mv, Dialect::Uci);
        }
        let before = Snapshot::of(session.as_ref());
        match session.set_fen(&text, dialect) {
            Err(e) => {
                count(&mut self.counters, "refused");
                if kind == Kind::Canonical {
                    return Err(fail(format!("the engine's own FEN was refused: {e}")));
                }
                let after = Snapshot::of(session.as_ref());
                if after != before {
                    return Err(fail(format!(
                        "a refused FEN changed the position: {before:?} -> {after:?}"
                    )));
                }
            }
            Ok(()) => {
                count(&mut self.counters, "accepted");
                // Only the UCI FEN is complete: XBoard's may leave out what XBoard cannot show
                // (Sonic's king forms, docs/sonic.md), so there only the text must come back.
                let same_key = dialect != Dialect::Uci || session.key() == base.session.key();
                if kind == Kind::Canonical && (session.fen(dialect) != text || !same_key) {
                    return Err(fail(format!(
                        "the engine's own FEN read back as {} (key {:016x}, was {:016x})",
                        session.fen(dialect),
                        session.key(),
                        base.session.key()
                    )));
                }
                let seed = rng.next_u64();
                livable(session.as_ref(), base.variant, dialect, seed).map_err(fail)?;
            }
        }
        Ok(())
    }

    fn counters(&self) -> Counters {
        self.counters.clone()
    }
}

/// Checks that an accepted position is one the engine can live with (see the module comment).
pub fn livable(
    session: &dyn Session,
    variant: &kaleido::variants::VariantInfo,
    dialect: Dialect,
    seed: u64,
) -> Result<(), String> {
    for d in DIALECTS {
        let fen = session.fen(d);
        let mut fresh = variant.new_session(session.options())?;
        fresh
            .set_fen(&fen, d)
            .map_err(|e| format!("accepted, but its {d:?} FEN '{fen}' is refused: {e}"))?;
        if (d == Dialect::Uci && fresh.key() != session.key()) || fresh.fen(d) != fen {
            return Err(format!(
                "accepted, but its {d:?} FEN '{fen}' reads back as '{}' (key {:016x} vs {:016x})",
                fresh.fen(d),
                fresh.key(),
                session.key()
            ));
        }
    }
    let _ = (session.evaluate(), session.diagram());
    let game_over = session.outcome().is_some();
    let moves = session.legal_moves(dialect);
    if !game_over {
        let before = Snapshot::of(session);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..moves.len().min(3) {
            let mv = &moves[rng.below(moves.len())];
            let mut copy = session.clone_box();
            copy.play(mv, dialect)
                .map_err(|e| format!("legal move '{mv}' refused: {e}"))?;
            copy.undo();
            let after = Snapshot::of(copy.as_ref());
            if after != before {
                return Err(format!(
                    "play + undo of '{mv}' changed {before:?} into {after:?}"
                ));
            }
        }
    }
    session.self_check(seed, 1, 6)
}
