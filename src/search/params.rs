//! Every tunable of the search, in one place. Vocabulary: `*_DEPTH` a remaining depth in plies,
//! `*_MARGIN` a score margin, `*_BASE`/`*_DIVISOR` terms of a formula, `*_MS` milliseconds.

use crate::game::Score;

/// Deepest ply the search tracks (PV table, killers, seldepth). Iterations stop below it, so a
/// `go depth 300` is clamped to `MAX_PLY - 1`.
pub const MAX_PLY: usize = 128;
/// Deepest iteration we start: leaves room for check extensions before `MAX_PLY`.
pub const MAX_DEPTH: u32 = (MAX_PLY - 1) as u32;

/// Nodes between two looks at the stop flag, the clock and the node limit: small enough that a
/// `stop` is honoured within a millisecond even in wide variants, large enough to cost nothing.
pub const CHECK_INTERVAL: u64 = 64;
/// Nodes a helper thread searches before adding its count to the shared counter.
pub const NODE_FLUSH_INTERVAL: u64 = 1024;

/// Quiescence searches every evasion of a check only this many plies beyond the horizon (then
/// it stands pat like anywhere else): checks are common in some of our games.
pub const QSEARCH_EVASION_PLIES: i32 = 1;

/// Quiescence ends this many plies beyond the horizon (the static eval is taken as it stands).
pub const QSEARCH_MAX_PLIES: i32 = 8;
/// Beyond this many plies of quiescence only the `QSEARCH_NARROW_MOVES` best-ordered noisy moves
/// are searched: the rest are, in an ordered exchange, rarely better.
pub const QSEARCH_FULL_WIDTH_PLIES: i32 = 2;
pub const QSEARCH_NARROW_MOVES: usize = 3;

/// Aspiration windows start at this depth (shallower scores swing too much to be worth it).
pub const ASPIRATION_DEPTH: u32 = 5;
/// Half-width of the first aspiration window around the previous iteration's score.
pub const ASPIRATION_MARGIN: Score = 25;
/// Each failed aspiration search multiplies the window by this factor.
pub const ASPIRATION_GROWTH: Score = 2;

/// Null move: only with this much depth left (shallower, the reduced search is just qsearch).
pub const NULL_MOVE_DEPTH: i32 = 3;
/// Null move reduction: `BASE + depth / DIVISOR` plies, the usual adaptive R.
pub const NULL_MOVE_REDUCTION_BASE: i32 = 3;
pub const NULL_MOVE_REDUCTION_DIVISOR: i32 = 4;

/// Reverse futility: a static eval this far above beta per ply of depth is trusted to hold.
pub const REVERSE_FUTILITY_DEPTH: i32 = 6;
pub const REVERSE_FUTILITY_MARGIN: Score = 90;

/// Futility pruning: at this depth or less, quiet moves are skipped when the static eval plus
/// this margin per ply cannot reach alpha.
pub const FUTILITY_DEPTH: i32 = 3;
pub const FUTILITY_MARGIN: Score = 120;

/// Late move pruning: at this depth or less, quiet moves after `BASE + depth^2` quiet moves
/// already tried are skipped (ordering put the promising ones first).
pub const LATE_MOVE_DEPTH: i32 = 3;
pub const LATE_MOVE_BASE: usize = 3;

/// SEE pruning: at this depth or less, a quiet move that loses more than `QUIET_MARGIN` per ply
/// by the variant's SEE is skipped, and a noisy one that loses more than `NOISY_MARGIN` per ply
/// squared; both in chess's centipawns (`game::PAWN_UNIT`), scaled to the game's own
/// `Rules::material_unit`.
pub const SEE_PRUNING_DEPTH: i32 = 8;
pub const SEE_QUIET_MARGIN: Score = 60;
pub const SEE_NOISY_MARGIN: Score = 20;

/// Internal iterative reduction: a node this deep without a TT move is searched one ply less.
pub const IIR_DEPTH: i32 = 4;

/// Late move reductions apply from this depth and after this many moves were searched in full.
pub const LMR_DEPTH: i32 = 3;
pub const LMR_MOVES: usize = 3;
/// Reduction = BASE + ln(depth) * ln(move number) / DIVISOR (the common logarithmic formula).
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;

/// Move ordering: the TT move first, then noisy moves that do not lose material (by the variant's
/// SEE) in the order of its MVV-LVA hint, then the two killers, then quiet moves by history, then
/// the noisy moves that lose material. The bands keep those groups apart whatever the hints are.
pub const ORDER_TT_MOVE: i32 = 1 << 30;
pub const ORDER_NOISY_BASE: i32 = 1 << 28;
pub const ORDER_LOSING_NOISY_BASE: i32 = -(1 << 28);
pub const ORDER_KILLER_FIRST: i32 = (1 << 27) + 1;
pub const ORDER_KILLER_SECOND: i32 = 1 << 27;
/// Moves handed out by selection before the rest of the list is sorted in one go.
pub const SELECTION_PICKS: usize = 8;
/// History scores stay within +-HISTORY_MAX (gravity formula), well under the killer band.
pub const HISTORY_MAX: i32 = 1 << 14;
/// Entries of each continuation history table (two per search thread, 2 bytes each).
pub const CONTINUATION_ENTRIES: usize = 1 << 20;
/// Late move reductions shrink by one ply per this much of a quiet move's history score
/// (history plus continuation histories, each within `HISTORY_MAX`), and grow likewise.
pub const LMR_HISTORY_DIVISOR: i32 = 16384;
/// History bonus per ply of depth squared, capped so one deep cutoff does not dominate.
pub const HISTORY_BONUS_CAP: i32 = 1200;

/// Time: without `movestogo`, assume this many moves remain in the game.
pub const DEFAULT_MOVES_TO_GO: u64 = 30;
/// `movestogo` beyond this is treated as this (the time per move barely changes past it).
pub const MAX_MOVES_TO_GO: u64 = 100;
/// Share of the increment (per thousand) spent on this move on top of the clock share.
pub const INCREMENT_SHARE_PERMILLE: u64 = 750;
/// Never plan to spend more than this share (per thousand) of the remaining clock on one move.
pub const SOFT_MAX_PERMILLE: u64 = 200;
/// The hard limit may stretch the planned time by this factor ...
pub const HARD_FACTOR: u64 = 4;
/// ... but never beyond this share (per thousand) of the remaining clock.
pub const HARD_MAX_PERMILLE: u64 = 300;
/// The soft limit is scaled (per thousand) by how many iterations in a row ended with the same
/// best move: 0 (it just changed), 1, 2, 3, 4 or more.
pub const STABILITY_SCALE_PERMILLE: [u64; 5] = [1600, 1200, 1000, 850, 700];
/// ... and scaled again when the last iteration's score fell by this much or more.
pub const SCORE_DROP_MARGIN: Score = 30;
pub const SCORE_DROP_SCALE_PERMILLE: u64 = 1300;
/// Iterations shallower than this say too little about stability: they use the plain limit.
pub const STABILITY_DEPTH: u32 = 5;
/// An iteration usually takes longer than all before it together: on a clock none starts after
/// this share (per thousand) of the scaled soft limit.
pub const ITERATION_START_PERMILLE: u64 = 600;
/// With one move left before the time control, keep this share (per thousand) in reserve.
pub const LAST_MOVE_RESERVE_PERMILLE: u64 = 100;
/// The least time we ever plan for a move: lets depth 1 finish and a move come back.
pub const MIN_THINK_MS: u64 = 1;

/// Entries of each search thread's evaluation cache (16 bytes each).
pub const EVAL_CACHE_ENTRIES: usize = 1 << 16;

/// Stack size of every search thread: move lists hold up to 1024 moves of up to 32 bytes at
/// every ply, and the search recurses to `MAX_PLY`.
pub const THREAD_STACK_BYTES: usize = 64 << 20;
