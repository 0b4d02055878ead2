//! Tools on binary data files (`tuning merge`, `shuffle`, `dedup`, `info`). Each reads whole
//! files into memory (about 150 bytes a position: ten million positions take some 1.5 GB).

use crate::binary::{BinFile, Entry, GameEnd, Mode};
use crate::data::{Record, Shard};
use crate::datagen::Rng;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

/// The shards of one run (same variant, rule options, limit, random plies and seed), merged into
/// the file one unsharded run writes: games in number order, each game's positions then its
/// end. Refuses files of other settings, a shard given twice, a missing shard and a game in two
/// files.
pub fn merge(files: Vec<BinFile>) -> Result<BinFile, String> {
    let first = files.first().ok_or("nothing to merge")?;
    let mut header = first.header.clone();
    let count = first.header.shard.count;
    let mut shards = BTreeSet::new();
    for f in &files {
        let mut h = f.header.clone();
        h.shard = header.shard;
        if h != header {
            return Err(format!(
                "mixed headers: {} and {}",
                header_text(&first.header),
                header_text(&f.header)
            ));
        }
        if f.header.shard.count != count {
            return Err(format!(
                "shards of {} and of {} games' splits",
                count, f.header.shard.count
            ));
        }
        if !shards.insert(f.header.shard.index) {
            return Err(format!("shard {} given twice", f.header.shard));
        }
    }
    if let Some(missing) = (0..count).find(|k| !shards.contains(k)) {
        return Err(format!("shard {missing}/{count} is missing"));
    }
    header.shard = Shard::ALL;
    let mut ends: BTreeMap<u64, GameEnd> = BTreeMap::new();
    let mut positions: BTreeMap<u64, Vec<Record>> = BTreeMap::new();
    for f in files {
        for entry in f.entries {
            match entry {
                Entry::Position(r) => positions.entry(r.game).or_default().push(r),
                Entry::End(end) => {
                    if let Some(old) = ends.insert(end.game, end) {
                        return Err(format!("game {} is in two files", old.game));
                    }
                }
            }
        }
    }
    let mut entries = Vec::new();
    for (game, end) in ends {
        entries.extend(
            positions
                .remove(&game)
                .unwrap_or_default()
                .into_iter()
                .map(Entry::Position),
        );
        entries.push(Entry::End(end));
    }
    // Strict reading guarantees every position's game ends somewhere.
    if let Some(game) = positions.keys().next() {
        return Err(format!("game {game}: positions but no end entry"));
    }
    Ok(BinFile {
        header,
        entries,
        complete_len: 0,
    })
}

fn header_text(h: &crate::data::Header) -> String {
    let mut h = h.clone();
    h.shard = Shard::ALL;
    h.describe()
}

/// The positions in an order drawn from `seed` alone (Fisher-Yates), then every end entry in
/// game order.
pub fn shuffle(file: BinFile, seed: u64) -> BinFile {
    let (mut positions, mut ends): (Vec<Entry>, Vec<Entry>) = file
        .entries
        .into_iter()
        .partition(|e| matches!(e, Entry::Position(_)));
    let mut rng = Rng::new(seed);
    for i in (1..positions.len()).rev() {
        positions.swap(i, rng.below(i + 1));
    }
    ends.sort_by_key(|e| match e {
        Entry::End(g) => g.game,
        Entry::Position(r) => r.game,
    });
    positions.extend(ends);
    BinFile {
        header: file.header,
        entries: positions,
        complete_len: 0,
    }
}

/// A position's FEN without its move counters: the fields that are all digits. In every game
/// the half-move clock and the move number are the only such fields (`docs/conventions.md`, FEN;
/// board, side, castling, en passant and each game's own state all hold letters or `-`); the
/// engine compares positions "counters aside" the same way (`session.rs`, `state`).
pub fn without_counters(fen: &str) -> String {
    fen.split_whitespace()
        .filter(|f| !f.bytes().all(|b| b.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Drops every position that came earlier in the file, counters aside: the same board, side to
/// move, castling, en passant and game state with another half-move clock or move number is a
/// repeat (`without_counters`). The first copy is kept, with its score and result. Returns the
/// file and the number of positions dropped. End entries stay.
pub fn dedup(file: BinFile) -> (BinFile, usize) {
    let mut seen = HashSet::new();
    let before = file.entries.len();
    let entries: Vec<Entry> = file
        .entries
        .into_iter()
        .filter(|e| match e {
            Entry::Position(r) => seen.insert(without_counters(&r.fen)),
            Entry::End(_) => true,
        })
        .collect();
    let dropped = before - entries.len();
    (
        BinFile {
            header: file.header,
            entries,
            complete_len: 0,
        },
        dropped,
    )
}

/// A line describing a file: its header, games, positions and bytes per position.
pub fn info(path: &Path) -> Result<String, String> {
    let file = BinFile::read(path, Mode::Strict)?;
    let bytes = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    let positions = file.positions().count();
    let games = file.ends().count();
    let position_bytes: usize = file
        .positions()
        .map(|r| {
            let mut b = Vec::new();
            crate::binary::encode_entry(&Entry::Position(r.clone()), &mut b).map_or(0, |_| b.len())
        })
        .sum();
    Ok(format!(
        "{}: {} | {games} games, {positions} positions, {bytes} bytes, {:.1} bytes/position \
         ({:.1} in position entries alone)",
        path.display(),
        file.header.describe(),
        bytes as f64 / positions.max(1) as f64,
        position_bytes as f64 / positions.max(1) as f64,
    ))
}

fn read_all(paths: &[PathBuf]) -> Result<Vec<BinFile>, String> {
    paths
        .iter()
        .map(|p| BinFile::read(p, Mode::Strict))
        .collect()
}

/// `tuning merge`: prints what it wrote.
pub fn run_merge(inputs: &[PathBuf], out: &Path) -> Result<String, String> {
    let merged = merge(read_all(inputs)?)?;
    merged.write(out)?;
    Ok(format!(
        "merged {} files: {} games, {} positions into {}",
        inputs.len(),
        merged.ends().count(),
        merged.positions().count(),
        out.display()
    ))
}

pub fn run_shuffle(input: &Path, out: &Path, seed: u64) -> Result<String, String> {
    let shuffled = shuffle(BinFile::read(input, Mode::Strict)?, seed);
    shuffled.write(out)?;
    Ok(format!(
        "shuffled {} positions into {}",
        shuffled.positions().count(),
        out.display()
    ))
}

pub fn run_dedup(input: &Path, out: &Path) -> Result<String, String> {
    let (file, dropped) = dedup(BinFile::read(input, Mode::Strict)?);
    file.write(out)?;
    Ok(format!(
        "kept {} positions, dropped {dropped} repeated ones, into {}",
        file.positions().count(),
        out.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Header;

    fn header(shard: Shard) -> Header {
        Header {
            variant: "chess".into(),
            options: Vec::new(),
            limit: "nodes=100".into(),
            random_plies: 8,
            seed: 1,
            shard,
            teacher: None,
        }
    }

    fn game(n: u64, fens: &[&str]) -> Vec<Entry> {
        let result = [1.0, 0.5, 0.0][(n % 3) as usize];
        let mut out: Vec<Entry> = fens
            .iter()
            .enumerate()
            .map(|(i, fen)| {
                Entry::Position(Record {
                    game: n,
                    ply: 10 + i as u32,
                    result,
                    score: n as i32 * 10 - i as i32,
                    fen: fen.to_string(),
                })
            })
            .collect();
        out.push(Entry::End(GameEnd {
            game: n,
            result,
            plies: 40,
        }));
        out
    }

    fn file(shard: Shard, games: &[u64]) -> BinFile {
        BinFile {
            header: header(shard),
            entries: games
                .iter()
                .flat_map(|&n| game(n, &[&format!("fen {n} a"), &format!("fen {n} b")]))
                .collect(),
            complete_len: 0,
        }
    }

    fn third(index: u32) -> Shard {
        Shard { index, count: 3 }
    }

    #[test]
    fn merge_restores_the_unsharded_file() {
        let all = file(Shard::ALL, &[0, 1, 2, 3, 4, 5, 6]);
        // Shards finish their games in any order.
        let shards = vec![
            file(third(2), &[5, 2]),
            file(third(0), &[6, 0, 3]),
            file(third(1), &[1, 4]),
        ];
        let merged = merge(shards).unwrap();
        assert_eq!(merged, all);
        assert_eq!(merged.to_bytes().unwrap(), all.to_bytes().unwrap());
    }

    #[test]
    fn merge_refuses_mixed_or_incomplete_sets() {
        let ok = || {
            vec![
                file(third(0), &[0]),
                file(third(1), &[1]),
                file(third(2), &[2]),
            ]
        };
        assert!(merge(ok()).is_ok());
        let mut other_seed = ok();
        other_seed[1].header.seed = 2;
        assert!(merge(other_seed).unwrap_err().contains("mixed headers"));
        let mut other_teacher = ok();
        other_teacher[0].header.teacher = Some(crate::data::Teacher {
            name: "t".into(),
            limit: "depth=1".into(),
            options: Vec::new(),
        });
        assert!(merge(other_teacher).unwrap_err().contains("teacher t"));
        let mut other_option = ok();
        other_option[2].header.options.push("Crooked=true".into());
        assert!(merge(other_option).is_err());
        let mut other_split = ok();
        other_split[2].header.shard = Shard { index: 2, count: 4 };
        assert!(merge(other_split).is_err());
        let mut twice = ok();
        twice[2].header.shard = third(1);
        assert!(merge(twice).unwrap_err().contains("twice"));
        let missing = ok().into_iter().take(2).collect();
        assert!(merge(missing).unwrap_err().contains("missing"));
        let mut same_game = ok();
        same_game[2] = file(third(2), &[1]);
        assert!(merge(same_game).unwrap_err().contains("two files"));
        assert!(merge(Vec::new()).is_err());
    }

    #[test]
    fn shuffle_is_a_deterministic_permutation() {
        let f = file(Shard::ALL, &(0..40).collect::<Vec<_>>());
        let a = shuffle(f.clone(), 7);
        assert_eq!(a, shuffle(f.clone(), 7), "same seed, same order");
        assert_ne!(a, shuffle(f.clone(), 8), "another seed, another order");
        let fens = |f: &BinFile| f.positions().map(|r| r.fen.clone()).collect::<Vec<_>>();
        assert_ne!(fens(&a), fens(&f), "the order changed");
        let (mut x, mut y) = (fens(&a), fens(&f));
        x.sort();
        y.sort();
        assert_eq!(x, y, "the same positions");
        // Positions first, then the ends in game order: still a valid file.
        let back = BinFile::parse(&a.to_bytes().unwrap(), Mode::Strict).unwrap();
        assert_eq!(back.entries, a.entries);
        assert_eq!(
            a.ends().map(|g| g.game).collect::<Vec<_>>(),
            (0..40).collect::<Vec<_>>()
        );
        assert!(matches!(a.entries[79], Entry::Position(_)));
    }

    #[test]
    fn dedup_keeps_the_first_copy() {
        let mut f = file(Shard::ALL, &[]);
        f.entries.extend(game(0, &["p", "q", "p"]));
        f.entries.extend(game(1, &["q", "r"]));
        let (d, dropped) = dedup(f);
        assert_eq!(dropped, 2);
        let kept: Vec<(u64, u32, &str)> = d
            .positions()
            .map(|r| (r.game, r.ply, r.fen.as_str()))
            .collect();
        assert_eq!(kept, vec![(0, 10, "p"), (0, 11, "q"), (1, 11, "r")]);
        assert_eq!(d.ends().count(), 2);
        let (again, none) = dedup(d.clone());
        assert_eq!((again, none), (d, 0));
    }

    #[test]
    fn dedup_ignores_the_move_counters_only() {
        let chess = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let sonic = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Kna/Kna";
        let symmetron =
            "nc3k3cn/hd1a3a1dr/pppbbbbbppp/11/11/11/11/PPPBBBBBPPP/RD1A3A1DH/NC3K3CN Uu w 0 1";
        let mut f = file(Shard::ALL, &[]);
        f.entries.extend(game(
            0,
            &[
                chess,
                // Other counters: repeats.
                &chess.replace(" 2 3", " 0 7"),
                &sonic.replace(" 0 1 ", " 4 12 "),
                sonic,
                &symmetron.replace(" 0 1", " 9 30"),
                symmetron,
                // Another side, castling right, en passant square or Sonic king form: not.
                &chess.replace(" w ", " b "),
                &chess.replace("KQkq", "Kkq"),
                &chess.replace(" - 2", " e3 2"),
                &sonic.replace("Kna/Kna", "Kna/Knb"),
                &symmetron.replace(" Uu ", " Ud "),
            ],
        ));
        let (d, dropped) = dedup(f);
        assert_eq!(dropped, 3);
        assert_eq!(
            d.positions().map(|r| r.ply).collect::<Vec<_>>(),
            vec![10, 12, 14, 16, 17, 18, 19, 20]
        );
        assert_eq!(
            without_counters(chess),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"
        );
    }
}
