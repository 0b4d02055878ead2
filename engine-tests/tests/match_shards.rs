//! `kaleido match --shard K/N --results FILE` and `kaleido match-merge`: the shards of a match,
//! merged, give exactly what one process gives (pair by pair), and the merge refuses files that
//! are not every shard of one match.

use engine_tests::matches::match_args;
use kaleido::cli::match_rules::run_match;
use kaleido_referee::results::{self, MergeArgs, ResultsFile};
use std::path::PathBuf;

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

fn scratch(name: &str) -> PathBuf {
    engine_tests::matches::scratch("match-shards", name)
}

/// Plays the match (its shard `shard` when given) and reads back its results file.
fn play(name: &str, engines: &[String], extra: &[&str], shard: Option<&str>) -> ResultsFile {
    let file = scratch(name);
    let mut all: Vec<&str> = vec!["--quiet", "--results", file.to_str().unwrap()];
    all.extend_from_slice(extra);
    if let Some(shard) = shard {
        all.extend_from_slice(&["--shard", shard]);
    }
    run_match(&match_args("chess", engines, &all)).expect("the match runs");
    results::read(&file).expect("a results file")
}

/// The unsharded run and its N shards, merged: the same pairs, games, results and totals.
fn shards_equal_one_run(tag: &str, engines: &[String], extra: &[&str], n: usize) {
    let whole = play(&format!("{tag}-all.jsonl"), engines, extra, None);
    let shards: Vec<ResultsFile> = (0..n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            play(&format!("{tag}-{k}.jsonl"), engines, extra, Some(&shard))
        })
        .collect();
    let merged = results::merge(&shards).expect("the shards merge");
    let single = results::merge(std::slice::from_ref(&whole)).expect("one file merges");
    assert_eq!(merged.pairs.len(), whole.header.identity.pairs);
    for (a, b) in merged.pairs.iter().zip(&single.pairs) {
        assert_eq!(
            a, b,
            "pair {} differs between the shards and one run",
            a.pair
        );
    }
    assert_eq!(merged.pairs, single.pairs);
    assert_eq!(merged.totals, single.totals);
    assert_eq!(Some(&merged.totals), whole.totals.as_ref());
    // Every shard played only its own pairs, and the game numbers are the whole match's.
    for (k, shard) in shards.iter().enumerate() {
        assert!(shard.pairs.iter().all(|p| p.pair % n == k), "shard {k}");
    }
    // Written back, the merge is the unsharded file's canonical form, byte for byte.
    let (from_shards, from_one) = (
        scratch(&format!("{tag}-m.jsonl")),
        scratch(&format!("{tag}-1.jsonl")),
    );
    results::write_merged(&from_shards, &merged).unwrap();
    results::write_merged(&from_one, &single).unwrap();
    assert_eq!(
        std::fs::read(&from_shards).unwrap(),
        std::fs::read(&from_one).unwrap()
    );
}

#[test]
fn kaleido_at_fixed_nodes_three_shards_merge_to_the_unsharded_match() {
    // Kaleido against itself at fewer nodes: one search thread and a fixed node count make each
    // game a function of its opening and colours (every game starts new engine processes).
    let kaleido = engine_tests::binary::kaleido().display().to_string();
    let engines = vec![
        format!("cmd={kaleido} name=K300"),
        format!("cmd={kaleido} name=K150 nodes=150"),
    ];
    let extra = [
        "--games",
        "8",
        "--nodes",
        "300",
        "--random-plies",
        "6",
        "--seed",
        "11",
        "--max-plies",
        "80",
    ];
    shards_equal_one_run("kaleido", &engines, &extra, 3);
}

#[test]
fn round_robin_with_an_odd_game_count_shards_the_same() {
    // Three engines, 3 games per pairing: the last round's "pairs" hold one game each.
    let engines: Vec<String> = (1..=3)
        .map(|s| format!("cmd={FAKE} --proto uci --seed {s} name=F{s}"))
        .collect();
    let extra = [
        "--games",
        "3",
        "--depth",
        "1",
        "--max-plies",
        "30",
        "--random-plies",
        "2",
    ];
    shards_equal_one_run("fake", &engines, &extra, 2);
}

#[test]
fn the_merge_refuses_what_is_not_every_shard_of_one_match() {
    let engines: Vec<String> = (1..=2)
        .map(|s| format!("cmd={FAKE} --proto uci --seed {s} name=F{s}"))
        .collect();
    let extra = ["--games", "6", "--depth", "1", "--max-plies", "20"];
    let s0 = play("r-0.jsonl", &engines, &extra, Some("0/2"));
    let s1 = play("r-1.jsonl", &engines, &extra, Some("1/2"));
    let other_seed = [&extra[..], &["--seed", "9"]].concat();
    let alien = play("r-x.jsonl", &engines, &other_seed, Some("1/2"));
    let three = play("r-3.jsonl", &engines, &extra, Some("2/3"));
    let refused = |files: &[ResultsFile]| results::merge(files).unwrap_err();
    assert!(refused(std::slice::from_ref(&s0)).contains("missing shard(s): 1/2"));
    assert!(refused(&[s0.clone(), s0.clone(), s1.clone()]).contains("given twice"));
    let e = refused(&[s0.clone(), alien]);
    assert!(e.contains("another match") && e.contains("seed"), "{e}");
    assert!(refused(&[s0.clone(), three]).contains("split one way"));
    // A shard cut short (no totals line, a pair missing) is refused.
    let mut cut = s1.clone();
    cut.totals = None;
    assert!(refused(&[s0.clone(), cut]).contains("did not finish"));
    let mut holed = s1.clone();
    holed.pairs.pop();
    assert!(refused(&[s0.clone(), holed]).contains("missing"));
    // The two real shards merge; the command prints the pentanomial counts and the SPRT.
    assert!(results::merge(&[s1.clone(), s0.clone()]).is_ok());
    let report = results::run_merge(&MergeArgs {
        files: vec![s0.path.clone(), s1.path.clone()],
        sprt: Some(vec!["elo0=0".into(), "elo1=10".into()]),
        out: None,
    })
    .unwrap();
    assert!(report.contains("F1 vs F2: ptnml(0-2) ["), "{report}");
    assert!(report.contains("(3 pairs)"), "{report}");
    assert!(report.contains("SPRT [0, 10]: LLR "), "{report}");
}
