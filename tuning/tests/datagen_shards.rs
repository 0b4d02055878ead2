//! Binary `datagen` output is deterministic per seed and shardable: three shards (`--shard K/3`)
//! merged hold exactly the games one unsharded run plays, and an interrupted binary file resumes
//! after its last finished game.

use std::path::{Path, PathBuf};
use tuning::binary::{BinFile, Entry, Mode};
use tuning::data::Shard;
use tuning::datagen::{run, DatagenArgs, Format};
use tuning::tools;

fn args(out: PathBuf, shard: Shard, threads: usize) -> DatagenArgs {
    DatagenArgs {
        variant: "chess".into(),
        options: Vec::new(),
        out,
        format: Format::Bin,
        games: 7,
        shard,
        nodes: Some(300),
        depth: None,
        random_plies: 6,
        seed: 11,
        threads,
        hash_mb: 1,
        max_plies: 50,
        win_score: 1000,
        draw_score: 10,
        draw_from: 30,
        adjudicate_plies: 8,
    }
}

/// A position: game, ply, score, result and FEN.
type Position = (u64, u32, i32, String);

/// Positions sorted by game and ply, and the games' ends (game, plies).
fn games(f: &BinFile) -> (Vec<Position>, Vec<(u64, u32)>) {
    let mut positions: Vec<_> = f
        .positions()
        .map(|r| (r.game, r.ply, r.score, format!("{} {}", r.result, r.fen)))
        .collect();
    positions.sort_by_key(|p| (p.0, p.1));
    let mut ends: Vec<_> = f.ends().map(|g| (g.game, g.plies)).collect();
    ends.sort();
    (positions, ends)
}

fn read(path: &Path) -> BinFile {
    BinFile::read(path, Mode::Strict).expect("a valid binary file")
}

#[test]
fn three_shards_merged_equal_one_run_and_a_cut_file_resumes() {
    let dir = std::env::temp_dir().join(format!("kaleido-datagen-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let whole = dir.join("whole.bin");
    run(&args(whole.clone(), Shard::ALL, 2)).expect("unsharded run");
    let one = read(&whole);
    assert_eq!(one.ends().count(), 7);
    assert!(
        one.positions().count() > 20,
        "the games have quiet positions"
    );

    let mut parts = Vec::new();
    for index in 0..3 {
        let path = dir.join(format!("part{index}.bin"));
        run(&args(path.clone(), Shard { index, count: 3 }, 1)).expect("shard run");
        let part = read(&path);
        assert!(part.ends().all(|g| g.game % 3 == u64::from(index)));
        parts.push(path);
    }
    let merged_path = dir.join("merged.bin");
    tools::run_merge(&parts, &merged_path).expect("merge");
    let merged = read(&merged_path);
    assert_eq!(merged.header, one.header);
    assert_eq!(games(&merged), games(&one));
    // A shard missing, or a shard of another seed, is refused.
    assert!(tools::run_merge(&parts[..2], &dir.join("x.bin")).is_err());
    let other = dir.join("other.bin");
    let mut other_args = args(other.clone(), Shard { index: 2, count: 3 }, 1);
    other_args.seed = 12;
    other_args.games = 3;
    run(&other_args).expect("other seed");
    let mixed = [parts[0].clone(), parts[1].clone(), other];
    assert!(tools::run_merge(&mixed, &dir.join("x.bin")).is_err());

    // Cut the unsharded file inside its last entry: a strict read fails, the resumed run drops
    // the unfinished game and plays it again, giving the same games.
    let bytes = std::fs::read(&whole).expect("readable");
    std::fs::write(&whole, &bytes[..bytes.len() - 3]).expect("writable");
    assert!(BinFile::read(&whole, Mode::Strict).is_err());
    run(&args(whole.clone(), Shard::ALL, 2)).expect("resumed run");
    assert_eq!(games(&read(&whole)), games(&one));
    // A run of other settings is refused.
    let mut other = args(whole.clone(), Shard::ALL, 1);
    other.nodes = Some(301);
    assert!(run(&other).is_err());

    // Shuffle and dedup keep a valid file of the same games.
    let shuffled = dir.join("shuffled.bin");
    tools::run_shuffle(&merged_path, &shuffled, 3).expect("shuffle");
    assert_eq!(games(&read(&shuffled)), games(&one));
    let deduped = dir.join("deduped.bin");
    tools::run_dedup(&shuffled, &deduped).expect("dedup");
    let d = read(&deduped);
    let fens: std::collections::BTreeSet<&str> = d.positions().map(|r| r.fen.as_str()).collect();
    assert_eq!(fens.len(), d.positions().count());
    assert!(d
        .entries
        .iter()
        .any(|e| matches!(e, Entry::Position(r) if r.game < 7)));
    let _ = std::fs::remove_dir_all(&dir);
}
