//! Move parsing of every variant in every dialect. Inputs: legal move texts exactly, mutated,
//! cut after a part (multi-part XBoard turns with `@@@@`), joined, written in another dialect,
//! and token soup. Checks: every legal move's text plays in every dialect to the same position;
//! an accepted text gives exactly the position of one legal move, one ply on, and undo restores
//! everything; a refused text leaves the session as it was; the first parts of a multi-part
//! turn are a legal move or `Incomplete`, nothing else; `turn_steps` accepts exactly what `play`
//! accepts.

use crate::corpus::{Corpus, DIALECTS};
use crate::fen::Snapshot;
use crate::mutate::{mutate, soup};
use crate::{count, Counters, Failure, Fuzzer};
use kaleido::game::{Dialect, MoveError, XBOARD_NULL_MOVE};
use kaleido::rng::SplitMix64;
use kaleido::session::Session;

const WORDS: &[&str] = &[
    XBOARD_NULL_MOVE,
    "@",
    "x",
    "-",
    "=",
    "+",
    "#",
    "O-O",
    "O-O-O",
    "0-0",
    "e2e4",
    "a0a1",
    "a10a9",
    "z9",
    "~",
    ",",
    "=Q",
    "@@",
];

/// What the legal moves of one corpus position give.
struct Legal {
    /// Move texts per dialect, index by index the same move.
    texts: [Vec<String>; 3],
    /// The position after each move (key and UCI FEN), by the same index.
    after: Vec<(u64, String)>,
    game_over: bool,
}

fn legal(session: &dyn Session) -> Result<Legal, String> {
    let texts = DIALECTS.map(|d| session.legal_moves(d));
    let game_over = session.outcome().is_some();
    let mut after = Vec::new();
    if !game_over {
        for i in 0..texts[0].len() {
            let mut result = None;
            for (d, list) in DIALECTS.iter().zip(&texts) {
                let text = list
                    .get(i)
                    .ok_or_else(|| format!("{d:?} lists fewer legal moves than UCI"))?;
                let mut copy = session.clone_box();
                copy.play(text, *d)
                    .map_err(|e| format!("legal move '{text}' ({d:?}) refused: {e}"))?;
                let here = (copy.key(), copy.fen(Dialect::Uci));
                match &result {
                    None => result = Some(here),
                    Some(first) if *first != here => {
                        return Err(format!(
                            "legal move {i} gives different positions in different dialects: \
                             '{}' -> {} but '{text}' ({d:?}) -> {}",
                            texts[0][i], first.1, here.1
                        ))
                    }
                    Some(_) => {}
                }
            }
            after.extend(result);
        }
    }
    Ok(Legal {
        texts,
        after,
        game_over,
    })
}

pub struct MoveFuzzer {
    rng: SplitMix64,
    corpus: Corpus,
    /// `legal` of each corpus position, made when first needed.
    legal: Vec<Option<Legal>>,
    counters: Counters,
}

impl MoveFuzzer {
    pub fn new(seed: u64) -> Result<MoveFuzzer, String> {
        let mut rng = SplitMix64::new(seed);
        let corpus = Corpus::new(48, &mut rng)?;
        let legal = (0..corpus.positions.len()).map(|_| None).collect();
        Ok(MoveFuzzer {
            rng,
            corpus,
            legal,
            counters: Counters::new(),
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Legal,
    /// The first parts of a multi-part turn.
    Prefix,
    Other,
}

/// A move text to try on a position with `legal` moves, in dialect number `which`, and what the
/// rules say of it.
fn candidate(legal: &Legal, which: usize, rng: &mut SplitMix64) -> (Kind, String) {
    let texts = &legal.texts[which];
    let any_legal = |rng: &mut SplitMix64| -> String {
        if texts.is_empty() {
            "e2e4".to_string()
        } else {
            texts[rng.below(texts.len())].clone()
        }
    };
    match rng.below(20) {
        0..=3 if !texts.is_empty() => (Kind::Legal, any_legal(rng)),
        4..=10 => (Kind::Other, mutate(&any_legal(rng), WORDS, rng)),
        11..=13 => {
            let multi: Vec<&String> = texts.iter().filter(|t| t.contains(' ')).collect();
            match multi.get(rng.below(multi.len().max(1))) {
                Some(turn) => {
                    let parts: Vec<&str> = turn.split(' ').collect();
                    let keep = 1 + rng.below(parts.len() - 1);
                    (Kind::Prefix, parts[..keep].join(" "))
                }
                None => (Kind::Other, any_legal(rng)),
            }
        }
        14..=15 => {
            let glue = if rng.chance(50) { " @@@@ " } else { " " };
            (
                Kind::Other,
                format!("{}{glue}{}", any_legal(rng), any_legal(rng)),
            )
        }
        16..=17 => {
            // The same move written in another dialect.
            let other = &legal.texts[rng.below(DIALECTS.len())];
            let text = match other.len() {
                0 => String::new(),
                n => other[rng.below(n)].clone(),
            };
            (Kind::Other, text)
        }
        _ => {
            let words = soup(WORDS, 5, 20, rng);
            (Kind::Other, mutate(&words, WORDS, rng))
        }
    }
}

/// The counter a move's result is counted under.
fn counter(result: &Result<(), MoveError>) -> &'static str {
    match result {
        Ok(()) => "accepted",
        Err(MoveError::Incomplete) => "incomplete",
        Err(MoveError::GameOver) => "game over",
        Err(MoveError::Illegal(_)) => "illegal",
        Err(MoveError::Unparsable(_)) => "unparsable",
    }
}

/// Checks what `play` did with a text of `kind` on a position with `legal` moves: `steps_ok`
/// is whether `turn_steps` accepted it, `session` the position after it, `before` the one before.
fn check_move(
    legal: &Legal,
    kind: Kind,
    steps_ok: bool,
    result: Result<(), MoveError>,
    session: &mut dyn Session,
    before: &Snapshot,
) -> Result<(), String> {
    if !legal.game_over && steps_ok != result.is_ok() {
        return Err(format!(
            "turn_steps {} but play gave {result:?}",
            if steps_ok { "accepts it" } else { "refuses it" }
        ));
    }
    match result {
        Ok(()) => {
            let here = (session.key(), session.fen(Dialect::Uci));
            if !legal.after.contains(&here) {
                return Err(format!(
                    "accepted, giving {} which no legal move gives",
                    here.1
                ));
            }
            if session.plies() != before.plies() + 1 {
                return Err("accepted, but not one ply on".to_string());
            }
            session.undo();
            let after = Snapshot::of(session);
            if after != *before {
                return Err(format!("undo gave {after:?}, not {before:?}"));
            }
        }
        Err(e) => {
            if kind == Kind::Legal && !legal.game_over {
                return Err(format!("a legal move's own text was refused: {e}"));
            }
            if kind == Kind::Prefix && e != MoveError::Incomplete && !legal.game_over {
                return Err(format!(
                    "the first parts of a legal turn gave {e}, not a move or Incomplete"
                ));
            }
            let after = Snapshot::of(session);
            if after != *before {
                return Err(format!(
                    "a refused move changed the position: {before:?} -> {after:?}"
                ));
            }
        }
    }
    Ok(())
}

impl Fuzzer for MoveFuzzer {
    fn input(&mut self, index: u64) -> Result<(), Failure> {
        let rng = &mut self.rng;
        if index % 2048 == 2047 {
            let at = rng.below(self.corpus.positions.len());
            self.corpus.positions[at] =
                crate::corpus::random_position(rng).map_err(|e| Failure::new(e, &[]))?;
            self.legal[at] = None;
        }
        let at = rng.below(self.corpus.positions.len());
        let position = &self.corpus.positions[at];
        let context = [
            format!(
                "variant {} options {}",
                position.variant.name, position.options
            ),
            format!("fen {}", position.session.fen(Dialect::Uci)),
        ];
        if self.legal[at].is_none() {
            let made = legal(position.session.as_ref()).map_err(|e| Failure::new(e, &context))?;
            self.legal[at] = Some(made);
        }
        let Some(legal) = &self.legal[at] else {
            return Ok(());
        };
        let which = rng.below(DIALECTS.len());
        let dialect = DIALECTS[which];
        let (kind, text) = candidate(legal, which, rng);
        let mut input = context.to_vec();
        input.push(format!("dialect {dialect:?} move '{text}'"));
        let fail = |what: String| Failure::new(what, &input);
        let mut session = position.session();
        let before = Snapshot::of(session.as_ref());
        let steps_ok = session.turn_steps(&text, dialect).is_ok();
        let result = session.play(&text, dialect);
        count(&mut self.counters, counter(&result));
        check_move(legal, kind, steps_ok, result, session.as_mut(), &before).map_err(fail)
    }

    fn counters(&self) -> Counters {
        self.counters.clone()
    }
}
