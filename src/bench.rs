//! `kaleido bench`: a fixed-depth search of fixed positions of every variant (each variant's
//! `VariantInfo::bench` FENs), 1 thread, the TT cleared before each position. The total node count
//! is the search's signature: the same on every run and machine, changed only by a change to
//! search or evaluation.

use crate::clock::Stamp;
use crate::game::{Dialect, VariantOptions};
use crate::search::{Control, Limits, TranspositionTable};
use crate::session::BestMove;
use crate::variants;

/// Transposition table size for bench (fixed: the node count depends on it).
pub const BENCH_HASH_MB: usize = 16;

/// Depth used for a variant not listed in [`BENCH_DEPTHS`].
pub const DEFAULT_BENCH_DEPTH: u32 = 6;

/// Per-variant depths, chosen so that the whole run takes 5-30 s in release on one core (the
/// games differ a lot in branching factor and quiescence width). Measured 30 Nov 2026 on the
/// shared, busy 2-core machine with every variant merged: 0.2-4 s per variant, 25 s in all. Re-measure
/// with `kaleido bench --variant V --depth D` when a variant's search behaviour changes.
pub const BENCH_DEPTHS: &[(&str, u32)] = &[
    ("chess", 10),
    ("xiangqi", 9),
    ("sin-yeon-sang-gi", 8),
    ("symmetron-112", 6),
    ("sonic", 4),
    ("sonic-springs", 3),
    ("reflection-14", 8),
    ("reflection-14-rev", 7),
    ("reflection-12", 2),
    ("reflection-12-rev", 7),
    ("reflection-mini", 8),
    ("reflection-mini-rev", 8),
    ("reflection-8", 8),
    ("reflection-8-rev", 8),
    ("reflection-twoboard", 8),
];

pub fn bench_depth(variant: &str) -> u32 {
    BENCH_DEPTHS
        .iter()
        .find(|(name, _)| *name == variant)
        .map(|&(_, d)| d)
        .unwrap_or(DEFAULT_BENCH_DEPTH)
}

/// Runs the bench (every variant, or only `only`); per-position lines and the final
/// `N nodes M nps` go to stdout.
pub fn run(depth_override: Option<u32>, only: Option<&str>) -> Result<(), String> {
    let (total_nodes, ms) = measure(depth_override, only, &mut |line| println!("{line}"))?;
    println!("{} nodes {} nps", total_nodes, total_nodes * 1000 / ms);
    Ok(())
}

/// The bench itself: each position's line goes to `line`; returns the nodes searched and the
/// milliseconds taken (at least 1). The WebAssembly module runs it too (docs/web.md).
pub fn measure(
    depth_override: Option<u32>,
    only: Option<&str>,
    line: &mut dyn FnMut(String),
) -> Result<(u64, u64), String> {
    if let Some(name) = only {
        variants::find(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
    }
    let tt = TranspositionTable::new(BENCH_HASH_MB);
    let mut total_nodes = 0u64;
    let start = Stamp::now();
    for info in variants::VARIANTS {
        if only.is_some_and(|name| !info.name.eq_ignore_ascii_case(name)) {
            continue;
        }
        let depth = depth_override.unwrap_or_else(|| bench_depth(info.name));
        for (index, fen) in info.bench.iter().enumerate() {
            let mut session = info.new_session(&VariantOptions::default())?;
            if *fen != "startpos" {
                session
                    .set_fen(fen, Dialect::Uci)
                    .map_err(|e| format!("{} bench position {}: {e}", info.name, index + 1))?;
            }
            tt.clear();
            let limits = Limits {
                depth: Some(depth),
                threads: 1,
                multipv: 1,
                ..Limits::default()
            };
            let control = Control::new(false);
            let position_start = Stamp::now();
            let best = session.search(&limits, &tt, &control, Dialect::Uci, &mut |_| {});
            line(format!(
                "{:<20} {:>2} depth {:>2} nodes {:>10} ms {:>6} bestmove {}",
                info.name,
                index + 1,
                depth,
                best.nodes,
                position_start.elapsed().as_millis(),
                best.best.as_deref().unwrap_or("(none)")
            ));
            total_nodes += best.nodes;
        }
    }
    Ok((total_nodes, start.elapsed_ms().max(1)))
}

/// One search of `fen` (`startpos`: the start) as the bench runs it (one thread, one line, a
/// fresh table of [`BENCH_HASH_MB`]) to `depth` or `nodes`: the same move and node count on
/// every run and every platform, which the WebAssembly test compares with the native engine.
pub fn search_once(
    variant: &str,
    fen: &str,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> Result<BestMove, String> {
    let info = variants::find(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let mut session = info.new_session(&VariantOptions::default())?;
    if fen != "startpos" {
        session.set_fen(fen, Dialect::Uci)?;
    }
    let limits = Limits {
        depth,
        nodes,
        threads: 1,
        multipv: 1,
        ..Limits::default()
    };
    let tt = TranspositionTable::new(BENCH_HASH_MB);
    Ok(session.search(
        &limits,
        &tt,
        &Control::new(false),
        Dialect::Uci,
        &mut |_| {},
    ))
}
