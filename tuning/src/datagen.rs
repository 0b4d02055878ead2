//! `datagen`: self-play at a fixed node count (or depth), many games in parallel, each from a
//! few random plies; writes every quiet position with the game's result and the search score.
//! Quiet means: the side to move is not in check, the search's best move is not noisy (not a
//! capture, promotion or whatever the game's quiescence searches) and the score is not a mate.
//! Games are numbered; game `n`'s opening comes from `seed` and `n` alone, so a run can be
//! resumed (finished games are skipped) and repeated, and split into shards (`--shard K/N`
//! plays the games `n % N == K` of the same numbering).

use crate::binary::{self, BinFile, Entry, GameEnd};
use crate::data::{end_line, DataFile, Header, Record, Shard};
use kaleido::game::{Dialect, Side, VariantOptions, MATE_BOUND};
use kaleido::search::{Control, Limits, TranspositionTable};
use kaleido::session::Session;
use kaleido::variants::{self, VariantInfo};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The output file's format: the text format `tune` reads, or the compact binary one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Bin,
}

impl Format {
    pub fn parse(text: &str) -> Result<Format, String> {
        match text {
            "text" => Ok(Format::Text),
            "bin" => Ok(Format::Bin),
            _ => Err(format!("format '{text}': expected text or bin")),
        }
    }
}

#[derive(Clone, Debug)]
pub struct DatagenArgs {
    pub variant: String,
    /// Rule options, `NAME=VALUE`.
    pub options: Vec<String>,
    pub out: PathBuf,
    pub format: Format,
    /// Games `0..games` are numbered; this run plays those of its shard.
    pub games: u64,
    pub shard: Shard,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// Random plies before the engine plays (one more in every other game, so that both sides
    /// get to move first).
    pub random_plies: u32,
    pub seed: u64,
    pub threads: usize,
    pub hash_mb: usize,
    /// A game this long is a draw.
    pub max_plies: usize,
    /// A game is won once the score stays at least this far from 0 for `adjudicate_plies` plies.
    pub win_score: i32,
    /// A game is drawn once the score stays within this of 0 for `adjudicate_plies` plies,
    /// from ply `draw_from` on.
    pub draw_score: i32,
    pub draw_from: usize,
    pub adjudicate_plies: usize,
}

/// A tiny deterministic generator (xorshift64*), enough to pick opening moves.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

fn rule_options(info: &VariantInfo, options: &[String]) -> Result<VariantOptions, String> {
    let mut out = VariantOptions::default();
    for o in options {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| format!("option '{o}': expected NAME=VALUE"))?;
        out.set(name, value);
    }
    info.validate(&out)
}

/// The session a data file's header describes.
pub fn session_for(variant: &str, options: &[String]) -> Result<Box<dyn Session>, String> {
    let info = variants::find(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    info.new_session(&rule_options(info, options)?)
}

fn white_result(session: &dyn Session) -> Option<f32> {
    session.outcome().map(|o| match o.winner {
        Some(Side::White) => 1.0,
        Some(Side::Black) => 0.0,
        None => 0.5,
    })
}

/// Plays the random opening of game `game`; false if every try ended the game.
fn opening(session: &mut dyn Session, rng: &mut Rng, plies: u32) -> bool {
    for _ in 0..32 {
        session.new_game();
        let n = plies + (rng.next_u64() % 2) as u32;
        let mut alive = true;
        for _ in 0..n {
            let moves = session.legal_moves(Dialect::Uci);
            if moves.is_empty() || session.outcome().is_some() {
                alive = false;
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            if session.play(mv, Dialect::Uci).is_err() {
                alive = false;
                break;
            }
        }
        if alive && session.outcome().is_none() {
            return true;
        }
    }
    false
}

/// A finished game: its quiet positions and its end.
struct Played {
    records: Vec<Record>,
    end: GameEnd,
}

impl Played {
    /// The game as the output format writes it: its positions, then its end.
    fn bytes(&self, format: Format) -> Result<Vec<u8>, String> {
        match format {
            Format::Text => {
                let mut block = String::new();
                for r in &self.records {
                    block.push_str(&r.line());
                }
                let end = &self.end;
                block.push_str(&end_line(end.game, end.result, end.plies as usize));
                Ok(block.into_bytes())
            }
            Format::Bin => {
                let mut out = Vec::new();
                for r in &self.records {
                    binary::encode_entry(&Entry::Position(r.clone()), &mut out)?;
                }
                binary::encode_entry(&Entry::End(self.end.clone()), &mut out)?;
                Ok(out)
            }
        }
    }
}

/// Plays game `game` to its end.
fn play_game(
    args: &DatagenArgs,
    base: &dyn Session,
    tt: &TranspositionTable,
    game: u64,
) -> Result<Played, String> {
    let mut session = base.clone_box();
    let mut rng = Rng::new(args.seed ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03));
    tt.clear();
    if !opening(session.as_mut(), &mut rng, args.random_plies) {
        return Ok(Played {
            records: Vec::new(),
            end: GameEnd {
                game,
                result: 0.5,
                plies: 0,
            },
        });
    }
    let limits = Limits {
        nodes: args.nodes,
        depth: args.depth,
        threads: 1,
        multipv: 1,
        ..Limits::default()
    };
    let mut records = Vec::new();
    let (mut win_streak, mut draw_streak) = (0i32, 0usize);
    let result = loop {
        if let Some(r) = white_result(session.as_ref()) {
            break r;
        }
        if session.plies() >= args.max_plies {
            break 0.5;
        }
        let control = Control::new(false);
        let best = session.search(&limits, tt, &control, Dialect::Uci, &mut |_| {});
        let Some(mv) = best.best else {
            return Err(format!("no best move in {}", session.fen(Dialect::Uci)));
        };
        let white = if session.side_to_move() == Side::White {
            best.score
        } else {
            -best.score
        };
        let noisy = session
            .is_noisy(&mv, Dialect::Uci)
            .map_err(|e| format!("search's move {mv}: {e}"))?;
        if best.score.abs() < MATE_BOUND && !session.in_check() && !noisy {
            records.push(Record {
                game,
                ply: session.plies() as u32,
                result: 0.0,
                score: white,
                fen: session.fen(Dialect::Uci),
            });
        }
        let direction = if white >= args.win_score {
            1
        } else if white <= -args.win_score {
            -1
        } else {
            0
        };
        win_streak = if direction != 0 && direction == win_streak.signum() {
            win_streak + direction
        } else {
            direction
        };
        if win_streak.unsigned_abs() as usize >= args.adjudicate_plies {
            break if win_streak > 0 { 1.0 } else { 0.0 };
        }
        draw_streak = if session.plies() >= args.draw_from && white.abs() <= args.draw_score {
            draw_streak + 1
        } else {
            0
        };
        if draw_streak >= args.adjudicate_plies {
            break 0.5;
        }
        session
            .play(&mv, Dialect::Uci)
            .map_err(|e| format!("search's move {mv}: {e}"))?;
    };
    for r in &mut records {
        r.result = result;
    }
    Ok(Played {
        records,
        end: GameEnd {
            game,
            result,
            plies: session.plies() as u32,
        },
    })
}

/// What an existing output file holds: its header, its finished games and the bytes up to the
/// end of the last one.
struct Existing {
    header: Option<Header>,
    done: BTreeSet<u64>,
    complete_len: usize,
}

fn read_existing(args: &DatagenArgs) -> Result<Existing, String> {
    let none = Existing {
        header: None,
        done: BTreeSet::new(),
        complete_len: 0,
    };
    if !args.out.exists() {
        return Ok(none);
    }
    Ok(match args.format {
        Format::Text => {
            let file = DataFile::read(&args.out)?;
            Existing {
                header: file.header,
                done: file.done,
                complete_len: file.complete_len,
            }
        }
        Format::Bin => {
            let bytes =
                std::fs::read(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
            if bytes.is_empty() {
                return Ok(none);
            }
            let file = BinFile::parse(&bytes, binary::Mode::Resume)
                .map_err(|e| format!("{}: {e}", args.out.display()))?;
            Existing {
                done: file.done(),
                complete_len: file.complete_len,
                header: Some(file.header),
            }
        }
    })
}

/// The output file opened for appending, with what it holds already: a new file gets `header`;
/// a file made with other settings is refused; an unfinished game's lines, left by an
/// interrupted run, are dropped.
fn open_output(args: &DatagenArgs, header: &Header) -> Result<(std::fs::File, Existing), String> {
    let existing = read_existing(args)?;
    if existing.header.is_some() && existing.header.as_ref() != Some(header) {
        return Err(format!(
            "{} was made with other settings ({}); use another file",
            args.out.display(),
            existing
                .header
                .as_ref()
                .map_or("no header".into(), |h| h.to_string())
        ));
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    if existing.header.is_none() {
        match args.format {
            Format::Text => writeln!(out, "{header}").map_err(|e| e.to_string())?,
            Format::Bin => {
                out.set_len(0).map_err(|e| e.to_string())?;
                out.write_all(&binary::header_bytes(header)?)
                    .map_err(|e| e.to_string())?;
            }
        }
    } else {
        // Drop an unfinished game's lines left by an interrupted run.
        out.set_len(existing.complete_len as u64)
            .map_err(|e| e.to_string())?;
    }
    Ok((out, existing))
}

pub fn run(args: &DatagenArgs) -> Result<(), String> {
    let base = session_for(&args.variant, &args.options)?;
    let limit = match (args.nodes, args.depth) {
        (Some(n), None) => format!("nodes={n}"),
        (None, Some(d)) => format!("depth={d}"),
        _ => return Err("give exactly one of --nodes and --depth".into()),
    };
    let header = Header {
        variant: base.variant().to_string(),
        options: args.options.clone(),
        limit,
        random_plies: args.random_plies,
        seed: args.seed,
        shard: args.shard,
        teacher: None,
    };
    if args.shard.index >= args.shard.count {
        return Err(format!("shard {}: expected K/N with K < N", args.shard));
    }
    let (out, existing) = open_output(args, &header)?;
    let todo: Vec<u64> = (0..args.games)
        .filter(|&g| args.shard.contains(g) && !existing.done.contains(&g))
        .collect();
    eprintln!(
        "datagen {}: {} games done, {} to play, {} threads",
        header.variant,
        existing.done.len(),
        todo.len(),
        args.threads
    );
    let out = Mutex::new(out);
    let next = AtomicUsize::new(0);
    let (finished, positions) = (AtomicU64::new(0), AtomicU64::new(0));
    let failure = Mutex::new(None::<String>);
    let start = Instant::now();
    let last_report = Mutex::new(Instant::now());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .stack_size(kaleido::search::params::THREAD_STACK_BYTES)
        .build()
        .map_err(|e| e.to_string())?;
    pool.broadcast(|_| {
        let tt = TranspositionTable::new(args.hash_mb);
        let base = match session_for(&args.variant, &args.options) {
            Ok(s) => s,
            Err(e) => {
                *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                return;
            }
        };
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&game) = todo.get(i) else { break };
            match play_game(args, base.as_ref(), &tt, game) {
                Ok(played) => {
                    let count = played.records.len();
                    let block = match played.bytes(args.format) {
                        Ok(block) => block,
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(format!("game {game}: {e}"));
                            next.store(todo.len(), Ordering::Relaxed);
                            continue;
                        }
                    };
                    if let Ok(mut f) = out.lock() {
                        if let Err(e) = f.write_all(&block).and_then(|_| f.flush()) {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(e.to_string());
                            next.store(todo.len(), Ordering::Relaxed);
                        }
                    }
                    let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    let total = positions.fetch_add(count as u64, Ordering::Relaxed) + count as u64;
                    let mut last = last_report.lock().unwrap_or_else(|p| p.into_inner());
                    if last.elapsed().as_secs() >= 10 || done as usize == todo.len() {
                        *last = Instant::now();
                        let rate = done as f64 / start.elapsed().as_secs_f64().max(1e-3);
                        let left = (todo.len() as f64 - done as f64) / rate.max(1e-9);
                        eprintln!(
                            "datagen {}: {done}/{} games, {total} positions, {rate:.2} games/s, \
                             {left:.0} s to go",
                            header.variant,
                            todo.len()
                        );
                    }
                }
                Err(e) => {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                        Some(format!("game {game}: {e}"));
                    next.store(todo.len(), Ordering::Relaxed);
                }
            }
        }
    });
    match failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
