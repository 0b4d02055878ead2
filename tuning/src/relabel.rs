//! `relabel`: a binary data file's scores replaced by a teacher engine's (UCI, one search
//! thread per process, `--threads` processes), each position searched to a fixed node count
//! or depth. Game, ply, result and FEN stay; the header records the teacher (format version 2).
//!
//! Work goes game by game: a game's positions are searched in ply order by one teacher after
//! `ucinewgame`, so every score depends on the teacher, its settings and the game alone, and
//! the output is the same whatever the number of processes. Games are written whole, in
//! ascending game number, so a cut output resumes after its last game and `--shard K/N` outputs
//! merge (`tuning merge`) into exactly the unsharded output.
//!
//! Positions the teacher scores as a mate are dropped (datagen writes no mate scores either, and
//! a mate needs no evaluation). A teacher that dies, hangs (`--timeout`) or sends a score that
//! does not read is an error message for that position and a restart: the first time in a game,
//! the game starts over with the new process (so a passing failure changes nothing); after that
//! the failing position is dropped and the game goes on. Ten failures in a row end the run.

use crate::binary::{self, BinFile, Entry, GameEnd, Mode};
use crate::data::{Header, Record, Shard, Teacher};
use crate::datagen::session_for;
use crate::teacher::{Engine, Limit, Score, TeacherSpec};
use kaleido::game::{Dialect, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct RelabelArgs {
    pub input: PathBuf,
    pub out: PathBuf,
    pub teacher: TeacherSpec,
    pub limit: Limit,
    /// Teacher processes (each searches with one thread).
    pub threads: usize,
    /// `K/N`: only the games `n % N == K` (the input must then be unsharded). None: the input's.
    pub shard: Option<Shard>,
}

/// What a run did (this run only, not the games a resumed file held already).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    /// Positions written with the teacher's score.
    pub scored: u64,
    /// Positions dropped: the teacher scored a mate.
    pub mates: u64,
    /// Teacher failures (each an error message and a restart).
    pub failures: u64,
    /// Positions dropped after a repeated failure in their game.
    pub dropped: u64,
}

/// Consecutive failures that end a run: the teacher is broken, not one position.
const MAX_FAILURES_IN_A_ROW: u64 = 10;

/// One game of the input: its positions in file order and its end.
struct Game {
    records: Vec<Record>,
    end: GameEnd,
}

/// The games of `file` in `shard`, by number.
fn games(file: BinFile, shard: Shard) -> BTreeMap<u64, Game> {
    let mut records: BTreeMap<u64, Vec<Record>> = BTreeMap::new();
    let mut ends = BTreeMap::new();
    for entry in file.entries {
        match entry {
            Entry::Position(r) if shard.contains(r.game) => {
                records.entry(r.game).or_default().push(r)
            }
            Entry::End(e) if shard.contains(e.game) => {
                ends.insert(e.game, e);
            }
            _ => {}
        }
    }
    ends.into_iter()
        .map(|(n, end)| {
            let mut records = records.remove(&n).unwrap_or_default();
            // Ply order (datagen's; a shuffled file's is restored): the teacher's hash then
            // follows the game, and a shuffled input gives the same output.
            records.sort_by_key(|r| r.ply);
            (n, Game { records, end })
        })
        .collect()
}

/// Shared by the workers.
struct Shared<'a> {
    args: &'a RelabelArgs,
    header: &'a Header,
    todo: Vec<&'a Game>,
    next: AtomicUsize,
    failures_in_a_row: AtomicU64,
    stop: AtomicBool,
    fatal: Mutex<Option<String>>,
    writer: Mutex<Writer>,
    summary: Mutex<Summary>,
}

/// Writes finished games in `todo` order: a game waits until those before it are written.
struct Writer {
    file: std::fs::File,
    next: usize,
    waiting: BTreeMap<usize, Vec<u8>>,
    positions: u64,
    started: Instant,
    last_report: Instant,
}

impl Shared<'_> {
    fn fail(&self, e: String) {
        let mut fatal = self.fatal.lock().unwrap_or_else(|p| p.into_inner());
        fatal.get_or_insert(e);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn start_engine(&self) -> Result<Engine, String> {
        Engine::start(
            &self.args.teacher,
            &self.header.variant,
            &self.header.options,
        )
    }

    fn write(&self, index: usize, bytes: Vec<u8>, positions: u64) -> Result<(), String> {
        let mut guard = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let w = &mut *guard;
        w.waiting.insert(index, bytes);
        w.positions += positions;
        while let Some(bytes) = w.waiting.remove(&w.next) {
            w.file
                .write_all(&bytes)
                .and_then(|_| w.file.flush())
                .map_err(|e| format!("{}: {e}", self.args.out.display()))?;
            w.next += 1;
        }
        if w.last_report.elapsed().as_secs() >= 10 {
            w.last_report = Instant::now();
            let rate = w.positions as f64 / w.started.elapsed().as_secs_f64().max(1e-3);
            eprintln!(
                "relabel: {}/{} games written, {} positions, {rate:.1} positions/s",
                w.next,
                self.todo.len(),
                w.positions
            );
        }
        Ok(())
    }

    /// One worker: its own teacher, games taken in turn until none is left.
    fn work(&self, mut engine: Option<Engine>) {
        let mut session = match session_for(&self.header.variant, &self.header.options) {
            Ok(s) => s,
            Err(e) => return self.fail(e),
        };
        while !self.stop.load(Ordering::Relaxed) {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(game) = self.todo.get(index) else {
                break;
            };
            let result = self
                .label(&mut engine, session.as_mut(), game)
                .and_then(|(bytes, positions)| self.write(index, bytes, positions));
            if let Err(e) = result {
                return self.fail(e);
            }
        }
        if let Some(engine) = engine {
            engine.quit();
        }
    }

    /// A game's entries with the teacher's scores, and the number of positions kept.
    fn label(
        &self,
        engine: &mut Option<Engine>,
        session: &mut dyn kaleido::session::Session,
        game: &Game,
    ) -> Result<(Vec<u8>, u64), String> {
        let mut kept = Vec::new();
        let (mut mates, mut failures, mut dropped) = (0, 0, 0);
        let mut restarted = false;
        let mut fresh = true;
        let mut i = 0;
        while i < game.records.len() {
            if self.stop.load(Ordering::Relaxed) {
                return Err("stopped".into());
            }
            let r = &game.records[i];
            session
                .set_fen(&r.fen, Dialect::Uci)
                .map_err(|e| format!("game {} ply {}: bad FEN '{}': {e}", r.game, r.ply, r.fen))?;
            let white = session.side_to_move() == Side::White;
            if engine.is_none() {
                *engine = Some(self.start_engine()?);
                fresh = true;
            }
            let Some(teacher) = engine.as_mut() else {
                return Err("no teacher".into());
            };
            let answer = if fresh {
                teacher.new_game().map(|_| None)
            } else {
                teacher.score(&r.fen, self.args.limit).map(Some)
            };
            match answer {
                Ok(None) => fresh = false,
                Ok(Some(score)) => {
                    self.failures_in_a_row.store(0, Ordering::Relaxed);
                    match score {
                        Score::Cp(cp) => kept.push(Record {
                            score: if white { cp } else { -cp },
                            ..r.clone()
                        }),
                        Score::Mate(_) => mates += 1,
                    }
                    i += 1;
                }
                Err(e) => {
                    failures += 1;
                    if let Some(mut t) = engine.take() {
                        t.kill();
                    }
                    let in_a_row = self.failures_in_a_row.fetch_add(1, Ordering::Relaxed) + 1;
                    let what = if restarted {
                        "the position is dropped"
                    } else {
                        "the game starts over"
                    };
                    eprintln!(
                        "relabel: game {} ply {} ({}): {e}; teacher restarted, {what}",
                        r.game, r.ply, r.fen
                    );
                    if in_a_row >= MAX_FAILURES_IN_A_ROW {
                        return Err(format!(
                            "the teacher failed {in_a_row} times in a row; last: {e}"
                        ));
                    }
                    if restarted {
                        dropped += 1;
                        i += 1;
                    } else {
                        restarted = true;
                        kept.clear();
                        mates = 0;
                        i = 0;
                    }
                }
            }
        }
        let mut bytes = Vec::new();
        for r in &kept {
            binary::encode_entry(&Entry::Position(r.clone()), &mut bytes)?;
        }
        binary::encode_entry(&Entry::End(game.end.clone()), &mut bytes)?;
        let mut s = self.summary.lock().unwrap_or_else(|p| p.into_inner());
        s.games += 1;
        s.scored += kept.len() as u64;
        s.mates += mates;
        s.failures += failures;
        s.dropped += dropped;
        Ok((bytes, kept.len() as u64))
    }
}

/// The output opened for appending after its finished games (a new one gets `header`), and
/// those games. A file with another header is refused.
fn open_output(path: &Path, header: &Header) -> Result<(std::fs::File, BTreeSet<u64>), String> {
    let name = || path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("{}: {e}", name())),
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", name()))?;
    if bytes.is_empty() {
        file.write_all(&binary::header_bytes(header)?)
            .map_err(|e| format!("{}: {e}", name()))?;
        return Ok((file, BTreeSet::new()));
    }
    let existing = BinFile::parse(&bytes, Mode::Resume).map_err(|e| format!("{}: {e}", name()))?;
    if &existing.header != header {
        return Err(format!(
            "{} was made with other settings ({}); use another file",
            name(),
            existing.header.describe()
        ));
    }
    // Drop an unfinished game left by an interrupted run.
    file.set_len(existing.complete_len as u64)
        .map_err(|e| format!("{}: {e}", name()))?;
    Ok((file, existing.done()))
}

/// The program's file name, for the header.
fn program_name(program: &str) -> String {
    Path::new(program)
        .file_name()
        .map_or(program.to_string(), |n| n.to_string_lossy().into_owned())
}

pub fn run(args: &RelabelArgs) -> Result<Summary, String> {
    let input = BinFile::read(&args.input, Mode::Strict)?;
    let shard = match args.shard {
        None => input.header.shard,
        Some(s) if s.index >= s.count => return Err(format!("shard {s}: expected K/N with K < N")),
        Some(s) if input.header.shard != Shard::ALL && s != input.header.shard => {
            return Err(format!(
                "{} is shard {} already: relabel it whole (no --shard), or shard a merged file",
                args.input.display(),
                input.header.shard
            ))
        }
        Some(s) => s,
    };
    let mut header = input.header.clone();
    header.shard = shard;
    // The first teacher tells its name, which the header (and a resumed file's check) needs.
    let first = Engine::start(&args.teacher, &header.variant, &header.options)?;
    header.teacher = Some(Teacher {
        name: format!(
            "{} ({})",
            program_name(&args.teacher.program),
            first.id_name
        ),
        limit: args.limit.text(),
        options: first.applied.clone(),
    });
    let all = games(input, shard);
    let (file, done) = open_output(&args.out, &header)?;
    let todo: Vec<&Game> = all
        .iter()
        .filter(|(n, _)| !done.contains(n))
        .map(|(_, g)| g)
        .collect();
    let positions: usize = todo.iter().map(|g| g.records.len()).sum();
    eprintln!(
        "relabel {} with {}: {} games done, {} games ({positions} positions) to go, {} teachers",
        header.variant,
        header
            .teacher
            .as_ref()
            .map_or(String::new(), |t| t.to_string()),
        done.len(),
        todo.len(),
        args.threads.max(1)
    );
    let now = Instant::now();
    let shared = Shared {
        args,
        header: &header,
        todo,
        next: AtomicUsize::new(0),
        failures_in_a_row: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        fatal: Mutex::new(None),
        writer: Mutex::new(Writer {
            file,
            next: 0,
            waiting: BTreeMap::new(),
            positions: 0,
            started: now,
            last_report: now,
        }),
        summary: Mutex::new(Summary::default()),
    };
    let mut first = Some(first);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            let engine = first.take();
            let shared = &shared;
            scope.spawn(move || {
                // Every worker but the first starts its own teacher when it needs one.
                shared.work(engine)
            });
        }
    });
    if let Some(e) = shared.fatal.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let summary = shared
        .summary
        .into_inner()
        .unwrap_or_else(|p| p.into_inner());
    let seconds = now.elapsed().as_secs_f64();
    eprintln!(
        "relabel: {} games, {} positions scored, {} mates dropped, {} failures ({} positions \
         dropped) in {seconds:.1} s: {:.1} positions/s",
        summary.games,
        summary.scored,
        summary.mates,
        summary.failures,
        summary.dropped,
        (summary.scored + summary.mates) as f64 / seconds.max(1e-3)
    );
    Ok(summary)
}
