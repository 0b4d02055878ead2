//! `datagen` writes whole games, resumes after the last finished one, and refuses a file made
//! with other settings.

use tuning::data::DataFile;
use tuning::data::Shard;
use tuning::datagen::{run, DatagenArgs, Format};

fn args(out: std::path::PathBuf, games: u64) -> DatagenArgs {
    DatagenArgs {
        variant: "xiangqi".into(),
        options: Vec::new(),
        out,
        format: Format::Text,
        games,
        shard: Shard::ALL,
        nodes: None,
        depth: Some(2),
        random_plies: 6,
        seed: 7,
        threads: 2,
        hash_mb: 1,
        max_plies: 60,
        win_score: 1000,
        draw_score: 10,
        draw_from: 40,
        adjudicate_plies: 8,
    }
}

#[test]
fn resumes_after_the_last_finished_game() {
    let dir = std::env::temp_dir().join(format!("kaleido-datagen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("data.txt");
    run(&args(out.clone(), 3)).expect("first run");
    let first = DataFile::read(&out).expect("readable");
    assert_eq!(first.done.len(), 3);
    // An interrupted write: a partial line after the last finished game is dropped on resume.
    let mut text = std::fs::read_to_string(&out).expect("readable");
    text.push_str("99\t12\t0.5\t3\trnbakabnr/9");
    std::fs::write(&out, &text).expect("writable");
    run(&args(out.clone(), 5)).expect("resumed run");
    let second = DataFile::read(&out).expect("readable");
    assert_eq!(
        second.done.iter().copied().collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4]
    );
    assert!(!std::fs::read_to_string(&out)
        .expect("readable")
        .contains("rnbakabnr/9\n"));
    // Games 0-2 are the same games as before: their positions did not change.
    let old: Vec<_> = first
        .records
        .iter()
        .map(|r| (r.game, r.ply, &r.fen))
        .collect();
    let kept: Vec<_> = second
        .records
        .iter()
        .filter(|r| r.game < 3)
        .map(|r| (r.game, r.ply, &r.fen))
        .collect();
    assert_eq!(old, kept);
    assert!(second.records.iter().all(|r| r.fen.split(' ').count() >= 2));
    let mut other = args(out.clone(), 6);
    other.seed = 8;
    assert!(run(&other).is_err(), "other settings are refused");
    let _ = std::fs::remove_dir_all(&dir);
}
