//! `relabel` with a scripted teacher (`src/bin/fake_teacher/`) whose score of every position
//! is known: the scores land in their own records with White's sign, mates are dropped, a cut
//! output resumes to the same bytes, a teacher that dies, hangs or sends garbage is restarted,
//! and shards merge into the unsharded output.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tuning::binary::{BinFile, Mode};
use tuning::data::Shard;
use tuning::datagen::{self, DatagenArgs, Format};
use tuning::relabel::{run, RelabelArgs, Summary};
use tuning::teacher::{Limit, TeacherSpec};
use tuning::tools;

const FAKE: &str = env!("CARGO_BIN_EXE_fake_teacher");

/// The fake teacher's score of a FEN, White's view: its own function, not a copy.
#[path = "../src/bin/fake_teacher/truth.rs"]
mod fake_teacher;
use fake_teacher::truth;

/// A test's directory, removed when the test ends (passing or not).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("kaleido-relabel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    TempDir(dir)
}

/// A small datagen file: 7 games (a few dozen positions each, both sides to move).
fn data(dir: &Path, variant: &str) -> PathBuf {
    let out = dir.join(format!("{variant}.bin"));
    datagen::run(&DatagenArgs {
        variant: variant.into(),
        options: Vec::new(),
        out: out.clone(),
        format: Format::Bin,
        games: 7,
        shard: Shard::ALL,
        nodes: Some(200),
        depth: None,
        random_plies: 6,
        seed: 5,
        threads: 2,
        hash_mb: 1,
        max_plies: 50,
        win_score: 1000,
        draw_score: 10,
        draw_from: 30,
        adjudicate_plies: 8,
    })
    .expect("datagen");
    out
}

fn args(input: &Path, out: &Path, fake_args: &[&str]) -> RelabelArgs {
    RelabelArgs {
        input: input.to_path_buf(),
        out: out.to_path_buf(),
        teacher: TeacherSpec {
            program: FAKE.into(),
            args: fake_args.iter().map(|s| s.to_string()).collect(),
            options: Vec::new(),
            hash_mb: 2,
            timeout: Duration::from_secs(20),
        },
        limit: Limit::Depth(3),
        threads: 2,
        shard: None,
    }
}

fn read(path: &Path) -> BinFile {
    BinFile::read(path, Mode::Strict).expect("a valid binary file")
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read")
}

/// Positions by (game, ply): (score, result, FEN).
fn by_ply(f: &BinFile) -> BTreeMap<(u64, u32), (i32, String, String)> {
    f.positions()
        .map(|r| {
            (
                (r.game, r.ply),
                (r.score, r.result.to_string(), r.fen.clone()),
            )
        })
        .collect()
}

#[test]
fn scores_land_in_their_records_with_white_s_sign_and_mates_are_dropped() {
    let dir = temp_dir("scores");
    let input = data(&dir, "chess");
    let out = dir.join("out.bin");
    let log = dir.join("log.txt");
    let mut a = args(&input, &out, &["--log", log.to_str().expect("utf-8 path")]);
    a.teacher.options = vec!["Offset=0".into()];
    let summary = run(&a).expect("relabel");
    let before = read(&input);
    let after = read(&out);
    let (old, new) = (by_ply(&before), by_ply(&after));
    let mut black = 0;
    let mut mates = 0;
    for ((game, ply), (_, result, fen)) in &old {
        let t = truth(fen);
        match new.get(&(*game, *ply)) {
            Some((score, new_result, new_fen)) => {
                assert_eq!(*score, t, "game {game} ply {ply}: {fen}");
                assert_eq!((new_result, new_fen), (result, fen));
                black += usize::from(fen.split_whitespace().nth(1) == Some("b"));
            }
            None => {
                assert_eq!(t % 10, 0, "only mates are dropped: game {game} ply {ply}");
                mates += 1;
            }
        }
    }
    assert!(black > 20, "Black to move in {black} records");
    assert!(
        mates > 0 && new.len() > 100,
        "{mates} mates, {} kept",
        new.len()
    );
    assert_eq!(
        summary,
        Summary {
            games: 7,
            scored: new.len() as u64,
            mates,
            failures: 0,
            dropped: 0,
        }
    );
    // Every game stays, with its result and length; the header names the teacher and its
    // settings.
    assert_eq!(after.ends().collect::<Vec<_>>().len(), 7);
    let mut ends: Vec<_> = before.ends().cloned().collect();
    ends.sort_by_key(|e| e.game);
    assert_eq!(after.ends().cloned().collect::<Vec<_>>(), ends);
    let teacher = after
        .header
        .teacher
        .clone()
        .expect("a teacher in the header");
    assert_eq!(teacher.name, "fake_teacher (Fake Teacher 1.0)");
    assert_eq!(teacher.limit, "depth=3");
    assert_eq!(
        teacher.options,
        ["Threads=1", "Hash=2", "UCI_Variant=chess", "Offset=0"]
    );
    let mut h = after.header.clone();
    h.teacher = None;
    assert_eq!(h, before.header);
    assert_eq!(&bytes(&out)[4..6], &[2, 0], "format version 2");
    // What the teacher was sent: its options, one `ucinewgame` per game with positions, and a
    // `go depth 3` per position.
    let sent = std::fs::read_to_string(&log).expect("log");
    for line in [
        "setoption name Threads value 1",
        "setoption name Hash value 2",
        "setoption name UCI_Variant value chess",
    ] {
        assert!(sent.lines().any(|l| l == line), "{line}");
    }
    let games_with_positions = before
        .ends()
        .filter(|e| before.positions().any(|r| r.game == e.game))
        .count();
    assert_eq!(
        sent.lines().filter(|l| *l == "ucinewgame").count(),
        games_with_positions
    );
    assert_eq!(
        sent.lines().filter(|l| *l == "go depth 3").count(),
        old.len()
    );

    // An offset option moves every score: proof that --teacher-option reaches the teacher.
    let shifted = dir.join("shifted.bin");
    let mut a = args(&input, &shifted, &[]);
    a.teacher.options = vec!["Offset=1".into()];
    a.limit = Limit::Nodes(500);
    run(&a).expect("relabel");
    let shifted = read(&shifted);
    assert_eq!(
        shifted.header.teacher.as_ref().expect("teacher").limit,
        "nodes=500"
    );
    for r in shifted.positions() {
        assert_eq!(r.score, truth(&r.fen) + 1);
    }
}

#[test]
fn xiangqi_sets_the_variant_and_a_teacher_without_it_is_refused() {
    let dir = temp_dir("xiangqi");
    let input = data(&dir, "xiangqi");
    let out = dir.join("out.bin");
    let log = dir.join("log.txt");
    run(&args(
        &input,
        &out,
        &["--log", log.to_str().expect("utf-8")],
    ))
    .expect("relabel");
    let sent = std::fs::read_to_string(&log).expect("log");
    assert!(sent
        .lines()
        .any(|l| l == "setoption name UCI_Variant value xiangqi"));
    for r in read(&out).positions() {
        assert_eq!(r.score, truth(&r.fen), "{}", r.fen);
    }
    let e = run(&args(&input, &dir.join("no.bin"), &["--no-variant"])).unwrap_err();
    assert!(e.contains("UCI_Variant"), "{e}");
    assert!(!dir.join("no.bin").exists());
    // Unknown options, Threads, and a program that does not exist are errors too.
    let mut a = args(&input, &dir.join("no.bin"), &[]);
    a.teacher.options = vec!["Contempt=3".into()];
    assert!(run(&a).unwrap_err().contains("no option 'Contempt'"));
    a.teacher.options = vec!["Threads=2".into()];
    assert!(run(&a).unwrap_err().contains("Threads"));
    a.teacher.options.clear();
    a.teacher.program = dir.join("no-such-engine").display().to_string();
    assert!(run(&a).unwrap_err().contains("cannot start"));
}

#[test]
fn a_cut_output_resumes_to_the_same_bytes_whatever_the_threads() {
    let dir = temp_dir("resume");
    let input = data(&dir, "chess");
    let whole = dir.join("whole.bin");
    let mut a = args(&input, &whole, &[]);
    a.threads = 1;
    run(&a).expect("relabel");
    let want = bytes(&whole);
    let three = dir.join("three.bin");
    let mut a = args(&input, &three, &[]);
    a.threads = 3;
    run(&a).expect("relabel");
    assert_eq!(bytes(&three), want, "3 teachers write what 1 writes");
    // A shuffled input: the games' positions are searched in ply order all the same.
    let shuffled = dir.join("shuffled.bin");
    tools::run_shuffle(&input, &shuffled, 9).expect("shuffle");
    assert_ne!(bytes(&shuffled), bytes(&input));
    let from_shuffled = dir.join("from-shuffled.bin");
    run(&args(&shuffled, &from_shuffled, &[])).expect("relabel");
    assert_eq!(bytes(&from_shuffled), want, "a shuffled input");
    // Cut in the header's end, inside a game, and at a game's end.
    let header_len = tuning::binary::header_bytes(&read(&whole).header)
        .expect("header")
        .len();
    for cut in [header_len, header_len + 100, want.len() / 2, want.len() - 1] {
        assert!(cut < want.len());
        let cut_file = dir.join(format!("cut-{cut}.bin"));
        std::fs::write(&cut_file, &want[..cut]).expect("write");
        let kept = BinFile::parse(&want[..cut], Mode::Resume)
            .expect("a cut file reads for resuming")
            .done()
            .len() as u64;
        let summary = run(&args(&input, &cut_file, &[])).expect("resume");
        assert_eq!(bytes(&cut_file), want, "resumed from {cut} bytes");
        assert_eq!(
            summary.games,
            7 - kept,
            "only the missing games: cut at {cut}"
        );
    }
    // A finished file: nothing to do.
    let summary = run(&args(&input, &whole, &[])).expect("nothing to do");
    assert_eq!(summary.games, 0);
    // Another teacher setting: refused, the file untouched.
    let mut other = args(&input, &whole, &[]);
    other.limit = Limit::Depth(4);
    assert!(run(&other).unwrap_err().contains("other settings"));
    assert_eq!(bytes(&whole), want);
}

#[test]
fn a_teacher_that_dies_hangs_or_sends_garbage_is_restarted() {
    let dir = temp_dir("failures");
    let input = data(&dir, "chess");
    let clean = dir.join("clean.bin");
    run(&args(&input, &clean, &[])).expect("relabel");
    let want = bytes(&clean);
    // A position of game 3 that the teacher scores (not a mate): its board appears once.
    let before = read(&input);
    let victim = before
        .positions()
        .filter(|r| r.game == 3 && truth(&r.fen) % 10 != 0)
        .find(|r| {
            let board = r.fen.split_whitespace().next().unwrap_or("");
            before
                .positions()
                .filter(|q| q.fen.starts_with(board))
                .count()
                == 1
        })
        .expect("a position of game 3")
        .clone();
    let board = victim
        .fen
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    let fast = |out: &Path, fake: &[&str]| {
        let mut a = args(&input, out, fake);
        a.teacher.timeout = Duration::from_millis(700);
        run(&a)
    };
    for failure in ["--die-on", "--hang-on", "--garbage-on"] {
        // Failing once: the game starts over with a new teacher, the output is unchanged.
        let once = dir.join(format!("once{failure}.bin"));
        let flag = dir.join(format!("flag{failure}"));
        let summary = fast(
            &once,
            &[failure, &board, "--once", flag.to_str().expect("utf-8")],
        )
        .expect("relabel");
        assert_eq!(summary.failures, 1, "{failure}");
        assert_eq!(summary.dropped, 0, "{failure}");
        assert_eq!(bytes(&once), want, "{failure}");
        // Failing every time: after the restart of its game, the position is dropped.
        let always = dir.join(format!("always{failure}.bin"));
        let summary = fast(&always, &[failure, &board]).expect("relabel");
        assert_eq!((summary.failures, summary.dropped), (2, 1), "{failure}");
        let mut expected = by_ply(&read(&clean));
        assert!(expected.remove(&(victim.game, victim.ply)).is_some());
        assert_eq!(by_ply(&read(&always)), expected, "{failure}");
    }
    // A teacher that fails on everything ends the run with an error, not a hang.
    let e = fast(&dir.join("broken.bin"), &["--die-on", "/"]).unwrap_err();
    assert!(e.contains("in a row"), "{e}");
}

#[test]
fn shards_merge_into_the_unsharded_output() {
    let dir = temp_dir("shards");
    let input = data(&dir, "chess");
    let whole = dir.join("whole.bin");
    run(&args(&input, &whole, &[])).expect("relabel");
    let mut shards = Vec::new();
    for k in 0..3 {
        let out = dir.join(format!("shard{k}.bin"));
        let mut a = args(&input, &out, &[]);
        a.shard = Some(Shard { index: k, count: 3 });
        a.threads = 1;
        run(&a).expect("relabel a shard");
        let f = read(&out);
        assert!(f.ends().all(|e| e.game % 3 == u64::from(k)));
        shards.push(out);
    }
    let merged = dir.join("merged.bin");
    tools::run_merge(&shards, &merged).expect("merge");
    assert_eq!(bytes(&merged), bytes(&whole));
    // A shard of a shard is refused.
    let mut a = args(&shards[0], &dir.join("no.bin"), &[]);
    a.shard = Some(Shard { index: 1, count: 2 });
    assert!(run(&a).unwrap_err().contains("shard"));
}

/// The command line: `--in`, `--teacher-arg` values that start with `--`, `--teacher-option`,
/// then `fit-scale` on the input and its relabelled file.
#[test]
fn the_command_line_relabels_and_fits_the_scale() {
    let dir = temp_dir("cli");
    let input = data(&dir, "chess");
    let out = dir.join("out.bin");
    let tuning = env!("CARGO_BIN_EXE_tuning");
    let status = std::process::Command::new(tuning)
        .args(["relabel", "--in"])
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .args(["--teacher", FAKE, "--teacher-arg", "--id", "--teacher-arg"])
        .arg("Teacher Two")
        .args([
            "--teacher-option",
            "Offset=3",
            "--nodes",
            "100",
            "--threads",
            "2",
        ])
        .status()
        .expect("tuning runs");
    assert!(status.success());
    let f = read(&out);
    let teacher = f.header.teacher.clone().expect("teacher");
    assert_eq!(teacher.name, "fake_teacher (Teacher Two)");
    assert_eq!(teacher.limit, "nodes=100");
    assert!(f.positions().all(|r| r.score == truth(&r.fen) + 3));
    let fit = std::process::Command::new(tuning)
        .args(["fit-scale", "--data"])
        .arg(&input)
        .arg("--data")
        .arg(&out)
        .output()
        .expect("fit-scale runs");
    assert!(fit.status.success());
    let text = String::from_utf8_lossy(&fit.stdout);
    assert!(
        text.contains("chess scored by its datagen search (nodes=200)"),
        "{text}"
    );
    assert!(
        text.contains("chess scored by teacher fake_teacher (Teacher Two)"),
        "{text}"
    );
    let common = f.positions().count();
    assert!(
        text.contains(&format!("on the {common} positions both hold")),
        "{text}"
    );
    assert_eq!(text.matches("  K ").count(), 4, "{text}");
    // A missing limit is an error message, not a panic.
    let bad = std::process::Command::new(tuning)
        .args(["relabel", "--in"])
        .arg(&input)
        .args(["--out", "x.bin", "--teacher", FAKE])
        .output()
        .expect("tuning runs");
    assert!(!bad.status.success());
    assert!(!String::from_utf8_lossy(&bad.stderr).contains("panicked"));
}
