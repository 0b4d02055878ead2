//! Perft of every variant from the data files in `engine-tests/data/perft/` (one per registered
//! variant; the format and the meaning of each source label are in that folder's README). Figures
//! marked `deep` run only with `KALEIDO_DEEP_PERFT=1`.

use kaleido::game::{Dialect, VariantOptions};
use kaleido::variants::{self, VARIANTS};
use std::path::{Path, PathBuf};

/// Where a figure may come from: the first words of its source label.
const SOURCES: &[&str] = &[
    "published: ",
    "hand count: ",
    "worked example: ",
    "model: ",
    "regression guard (our own)",
];

struct Entry {
    /// `file:line`, for messages.
    place: String,
    fen: String,
    depth: u32,
    leaves: u64,
    deep: bool,
    options: VariantOptions,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/perft")
}

fn read_entries(variant: &str) -> Result<Vec<Entry>, String> {
    let path = data_dir().join(format!("{variant}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let place = format!("{variant}.txt:{}", index + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [fen, depth, leaves, source, extras @ ..] = fields.as_slice() else {
            return Err(format!("{place}: want FEN | depth | leaves | source"));
        };
        if !SOURCES.iter().any(|s| source.starts_with(s)) {
            return Err(format!("{place}: source '{source}' is none of {SOURCES:?}"));
        }
        let mut entry = Entry {
            place: place.clone(),
            fen: fen.to_string(),
            depth: depth
                .parse()
                .map_err(|_| format!("{place}: depth '{depth}'"))?,
            leaves: leaves
                .parse()
                .map_err(|_| format!("{place}: leaf count '{leaves}'"))?,
            deep: false,
            options: VariantOptions::default(),
        };
        for extra in extras {
            match extra.split_once('=') {
                None if *extra == "deep" => entry.deep = true,
                Some((name, value)) => entry.options.set(name, value),
                None => return Err(format!("{place}: unknown field '{extra}'")),
            }
        }
        entries.push(entry);
    }
    Ok(entries)
}

fn leaves(variant: &str, entry: &Entry) -> Result<u64, String> {
    let info = variants::find(variant).ok_or("not registered")?;
    let mut session = info.new_session(&entry.options)?;
    session.set_fen(&entry.fen, Dialect::Uci)?;
    Ok(session
        .perft_divide(entry.depth, Dialect::Uci)
        .iter()
        .map(|(_, n)| n)
        .sum())
}

#[test]
fn every_variant_has_perft_data_and_every_file_a_variant() {
    let mut files: Vec<String> = std::fs::read_dir(data_dir())
        .expect("data/perft exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".txt").map(str::to_string))
        .collect();
    files.sort();
    let mut names: Vec<String> = VARIANTS.iter().map(|v| v.name.to_string()).collect();
    names.sort();
    assert_eq!(files, names);
    for name in &names {
        let entries = read_entries(name).unwrap_or_else(|e| panic!("{e}"));
        assert!(!entries.is_empty(), "{name}: no figure");
    }
}

#[test]
fn perft_figures_of_every_variant() {
    let deep = std::env::var("KALEIDO_DEEP_PERFT").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut skipped = 0;
    for info in VARIANTS {
        for entry in read_entries(info.name).unwrap_or_else(|e| panic!("{e}")) {
            if entry.deep && !deep {
                skipped += 1;
                continue;
            }
            match leaves(info.name, &entry) {
                Ok(n) if n == entry.leaves => {}
                Ok(n) => failures.push(format!(
                    "{}: perft({}) = {n}, want {}",
                    entry.place, entry.depth, entry.leaves
                )),
                Err(e) => failures.push(format!("{}: {e}", entry.place)),
            }
        }
    }
    if !deep {
        println!("{skipped} deep figures skipped (KALEIDO_DEEP_PERFT=1 runs them)");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
