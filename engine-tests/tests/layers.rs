//! The engine's layers, enforced (docs/architecture.md, "Layers"): every `crate::` path in the
//! library's non-test code, read from the source tree, must point to a lower layer. The core,
//! `src/game.rs`, is the bottom: it may use nothing of the engine but the vocabulary crate below it.
//! The upward edges that exist today are listed in `DEBT`, each with what removes it; any other
//! upward edge fails, and so does a `DEBT` entry that no longer occurs, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The top-level modules of `src/`, bottom layer first. A module may use modules of lower layers
/// only; modules of one layer know nothing of each other (the search knows no variant).
const LAYERS: &[&[&str]] = &[
    // The core: the rules contract (over `vocab/`, the crate below everything).
    &["game"],
    // The one clock (natively `Instant`, in WebAssembly the host's) and the seeded PRNG.
    &["rng", "clock"],
    // Shared by the games.
    &["mailbox"],
    &["eval", "turn", "board_view"],
    // What a person sees of a game (`Presentation`) and the front ends' bound `Game`.
    &["presentation"],
    // The games; the search, generic over `game::Rules`.
    &["variants", "search"],
    &["perft"],
    // Strings in, strings out: what every front end drives.
    &["session"],
    // What the front ends share about the engine: its options table.
    &["engine"],
    // The front ends.
    &["bench", "protocol", "gui"],
    // Over everything too: the command line natively, the module's exports in WebAssembly.
    &["cli", "web"],
];

/// An upward edge allowed for now: (from, to, where, what would remove it). Debt, not design.
type Debt = (&'static str, &'static str, &'static str, &'static str);

/// Upward edges that exist today. None: the last one (the board reading PGN through the
/// command line) went with the shared PGN module, `kaleido_vocab::pgn`.
const DEBT: &[Debt] = &[];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The top-level module a file of `src/` belongs to (`variants/chess/moves.rs` -> `variants`).
fn module_of(path: &str) -> String {
    let first = path.split('/').next().unwrap_or(path);
    first.strip_suffix(".rs").unwrap_or(first).to_string()
}

/// The code a build without tests compiles: an inline test module (`#[cfg(test)] mod tests {...}`,
/// at the end of a file by the repository's convention, which `code_after_tests` holds) cut off.
fn non_test_code(text: &str) -> &str {
    let mut from = 0;
    while let Some(at) = text[from..].find("#[cfg(test)]") {
        let start = from + at;
        let rest = text[start + "#[cfg(test)]".len()..].trim_start();
        let declared = rest
            .strip_prefix("pub ")
            .unwrap_or(rest)
            .strip_prefix("mod ");
        // An inline module; `mod tests;` names a file of its own, which `source_tree` skips.
        if declared.is_some_and(|d| {
            d.lines()
                .next()
                .is_some_and(|l| l.trim_end().ends_with('{'))
        }) {
            return &text[..start];
        }
        from = start + 1;
    }
    text
}

/// The top-level modules named by `crate::` paths in `code` (comments skipped; `crate::{a, b::c}`
/// names both `a` and `b`).
fn modules_used(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut used = BTreeSet::new();
    // Comments out, lines kept together: rustfmt spreads a long grouped `use` over lines.
    let code: String = code
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + "crate::".len()..];
        rest = after;
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `kaleido_crate::`, not ours
        }
        if let Some(group) = after.strip_prefix('{') {
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                if item_start && depth == 0 {
                    let name = ident(&group[i..]);
                    if !name.is_empty() {
                        used.insert(name);
                        item_start = false;
                    }
                }
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    _ => {}
                }
            }
        } else {
            let name = ident(after);
            if !name.is_empty() {
                used.insert(name);
            }
        }
    }
    used.remove("self");
    used
}

/// Whether code follows the test module (rustfmt indents everything inside it, so any other
/// line at the left margin is outside): `non_test_code` would not read it, so it is refused.
fn code_after_tests(text: &str) -> bool {
    let rest = &text[non_test_code(text).len()..];
    rest.lines().skip(2).any(|line| {
        let starts = line.chars().next();
        starts.is_some_and(|c| !c.is_whitespace() && c != '}') && !line.starts_with("//")
    })
}

/// Every edge between top-level modules: (from, to) -> the files it occurs in.
fn edges(files: &[(String, String)]) -> BTreeMap<(String, String), Vec<String>> {
    let mut edges: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (path, text) in files {
        let from = module_of(path);
        for to in modules_used(non_test_code(text)) {
            if to != from {
                edges
                    .entry((from.clone(), to))
                    .or_default()
                    .push(path.clone());
            }
        }
    }
    edges
}

/// What breaks the layers: upward or sideways edges not in `debt`, modules in no layer, and
/// `debt` entries that no longer occur.
fn check(files: &[(String, String)], debt: &[Debt]) -> Vec<String> {
    let mut problems = Vec::new();
    let edges = edges(files);
    let modules: BTreeSet<String> = files.iter().map(|(p, _)| module_of(p)).collect();
    for module in &modules {
        if layer(module).is_none() {
            problems.push(format!(
                "src/{module} is in no layer: add it to LAYERS (and docs/architecture.md)"
            ));
        }
    }
    for (path, text) in files {
        if code_after_tests(text) {
            problems.push(format!(
                "src/{path}: code after the test module, which this check does not read: \
                 move the test module to the end"
            ));
        }
    }
    for ((from, to), paths) in &edges {
        let (Some(low), Some(high)) = (layer(from), layer(to)) else {
            continue;
        };
        let in_debt = debt.iter().any(|(f, t, _, _)| f == from && t == to);
        if high >= low && !in_debt {
            problems.push(format!(
                "{from} (layer {low}) uses {to} (layer {high}) in {}: a lower layer may not \
                 import a higher one or its own layer",
                paths.join(", ")
            ));
        }
    }
    for (from, to, place, _) in debt {
        if !edges.contains_key(&(from.to_string(), to.to_string())) {
            problems.push(format!(
                "{from} -> {to} ({place}) no longer occurs: remove it from DEBT"
            ));
        }
    }
    problems
}

/// The library's source files, paths relative to `src/`; test files and the crate roots left out.
fn source_tree() -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .expect("readable source dir")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n == "tests") {
                    continue;
                }
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(root)
                    .expect("under src")
                    .to_string_lossy()
                    .replace('\\', "/");
                if rel == "lib.rs" || rel == "main.rs" || rel.ends_with("tests.rs") {
                    continue;
                }
                let text = fs::read_to_string(&path).expect("readable source file");
                out.push((rel, text));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files
}

#[test]
fn the_source_tree_keeps_its_layers() {
    let files = source_tree();
    assert!(
        files.iter().any(|(p, _)| p == "game.rs"),
        "the core, src/game.rs, was not found: move this test along with it"
    );
    let problems = check(&files, DEBT);
    assert!(
        problems.is_empty(),
        "layer violations:\n{}",
        problems.join("\n")
    );
}

/// The checker itself catches what it is for (a made-up tree, so that the real one can stay
/// clean): the core importing a higher layer, in a plain or grouped `use` or a path in the code.
#[test]
fn an_upward_import_from_the_core_fails() {
    let tree = |game: &str| {
        vec![
            ("game.rs".to_string(), game.to_string()),
            ("board_view.rs".to_string(), "use crate::game::Side;".into()),
            ("turn.rs".into(), String::new()),
            ("eval/mod.rs".into(), String::new()),
            ("variants/mod.rs".into(), "use crate::game::Rules;".into()),
            ("gui/record.rs".into(), "crate::cli::record::read(t)".into()),
        ]
    };
    // A made-up debt, so that the debt rules are checked whatever the real list holds.
    let debt: &[Debt] = &[("gui", "cli", "gui/record.rs", "a test")];
    let unexcused = check(&tree("pub trait Rules {}"), &[]);
    assert_eq!(unexcused.len(), 1, "{unexcused:?}");
    assert!(
        unexcused[0].starts_with("gui (layer 9) uses cli"),
        "{unexcused:?}"
    );
    let check = |files: &[(String, String)]| check(files, debt);
    // The core on its own passes.
    let core = "pub use kaleido_vocab::Side;\npub trait Rules {}";
    assert_eq!(check(&tree(core)), Vec::<String>::new());
    for new_edge in [
        "fn v() -> crate::board_view::BoardView {}",
        "use crate::turn::Step;",
        "fn t() -> crate::eval::EvalTrace {}",
        "use crate::perft::perft;",
        "use crate::protocol::uci;",
        "use crate::{game::Side, gui::api};",
        "fn f() { crate::cli::main() }",
        "use crate::{\n    search::Limits,\n};",
    ] {
        let problems = check(&tree(&format!("{core}\n{new_edge}")));
        assert_eq!(problems.len(), 1, "{new_edge}: {problems:?}");
        assert!(
            problems[0].starts_with("game (layer 0) uses"),
            "{problems:?}"
        );
    }
    // Comments and test modules do not count; code hidden after the test module does.
    let quiet = format!(
        "{core}\n// crate::protocol\n#[cfg(test)]\nmod tests {{\n    use crate::perft;\n}}"
    );
    assert_eq!(check(&tree(&quiet)), Vec::<String>::new());
    let hidden =
        format!("{core}\n#[cfg(test)]\nmod tests {{\n    use super::*;\n}}\nuse crate::gui;");
    let problems = check(&tree(&hidden));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("code after the test module"),
        "{problems:?}"
    );
    // A debt entry whose edge is gone fails too, so the list only shrinks.
    let paid = vec![("game.rs".to_string(), core.to_string())];
    let problems = check(&paid);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("no longer occurs"), "{problems:?}");
}

/// The real core, read on its own: `src/game.rs` names no module of the engine at all outside
/// its tests (the vocabulary crate is below it), so neither the presentation (`board_view`,
/// `turn`), the tuner's trace (`eval`), perft, nor any front end (`protocol`, `gui`, `cli`) can
/// creep back in, debt list or not.
#[test]
fn the_core_imports_nothing_of_the_engine() {
    let game = source_tree()
        .into_iter()
        .find(|(p, _)| p == "game.rs")
        .expect("the core, src/game.rs");
    let used = modules_used(non_test_code(&game.1));
    assert!(
        used.is_empty(),
        "src/game.rs names {used:?}: the core must stand on vocab/ alone"
    );
    for forbidden in [
        "board_view",
        "turn",
        "eval",
        "perft",
        "protocol",
        "gui",
        "cli",
    ] {
        assert!(
            !DEBT
                .iter()
                .any(|(from, to, _, _)| *from == "game" && *to == forbidden),
            "game -> {forbidden} may not be excused as debt"
        );
    }
}

/// The vocabulary crate sits below everything: it depends on no crate of ours (serde only, as an
/// option), and the referee depends on it but not on the engine.
#[test]
fn the_vocabulary_crate_depends_on_nothing_of_ours() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let manifest = |path: &str| fs::read_to_string(root.join(path)).expect("manifest");
    let dependencies = |text: &str| -> Vec<String> {
        let mut in_deps = false;
        let mut names = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                in_deps = line.ends_with("dependencies]");
            } else if in_deps && !line.is_empty() && !line.starts_with('#') {
                names.push(line.to_string());
            }
        }
        names
    };
    let vocab = dependencies(&manifest("vocab/Cargo.toml"));
    assert!(
        vocab
            .iter()
            .all(|d| d.starts_with("serde ") && d.contains("optional = true")),
        "vocab/ depends on {vocab:?}"
    );
    let referee = dependencies(&manifest("referee/Cargo.toml"));
    assert!(referee.iter().any(|d| d.starts_with("kaleido-vocab ")));
    assert!(
        !referee.iter().any(|d| d.starts_with("kaleido ")),
        "the referee must not depend on the engine: {referee:?}"
    );
}
