//! Symmetron! 112 self-play through the real search: every game must end by a rule (mate,
//! stalemate, repetition, 100-ply rule) with only legal moves. `symmetron_soak` (ignored; run
//! with `--ignored --nocapture`, SOAK_GAMES / SOAK_NODES to size it) prints the statistics the
//! issue asks for.

use kaleido::game::{Game, MoveList, VariantOptions};
use kaleido::search::{self, Control, Limits, TranspositionTable};
use kaleido::variants::symmetron::{board, MoveKind, Symmetron};

#[derive(Default, Debug)]
struct GameStats {
    plies: usize,
    result: String,
    reason: String,
    resurrections: usize,
    parachutes: usize,
    explosions: usize,
}

/// One game: `opening` random plies from `seed`, then the search at `nodes` per move.
fn play(seed: u64, opening: usize, nodes: u64) -> GameStats {
    let mut game = Symmetron::new("symmetron-112", &VariantOptions::default()).expect("start");
    let tt = TranspositionTable::new(16);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut stats = GameStats::default();
    // Far beyond any game the 100-ply rule and repetition allow with captures spaced out.
    for ply in 0..2000 {
        if let Some(outcome) = game.outcome() {
            stats.plies = ply;
            stats.result = outcome.result().to_string();
            stats.reason = outcome.reason;
            return stats;
        }
        let mut legal = MoveList::new();
        game.generate(&mut legal);
        let mv = if ply < opening {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            legal[(rng % legal.len() as u64) as usize]
        } else {
            let limits = Limits {
                nodes: Some(nodes),
                multipv: 1,
                threads: 1,
                ..Limits::default()
            };
            let control = Control::new(false);
            let result = search::search(&game, &limits, &tt, &control, &mut |_| {});
            result.best.expect("a move when the game is not over")
        };
        assert!(legal.contains(&mv), "search chose an illegal move {mv:?}");
        match mv.kind {
            MoveKind::Explode => stats.explosions += 1,
            MoveKind::Drop | MoveKind::DropFlip
                if !board::is_magic_kind(board::kind(game.position().at(mv.from))) =>
            {
                stats.parachutes += 1
            }
            _ => {}
        }
        game.make(mv);
        if game.last_move_resurrected() {
            stats.resurrections += 1;
        }
    }
    panic!("game did not end within 2000 plies");
}

#[test]
fn short_self_play_games_end_by_a_rule() {
    for seed in 1..=2 {
        let s = play(seed, 6, 300);
        assert!(
            ["mates", "stalemate", "repetition", "100-ply rule"]
                .iter()
                .any(|r| s.reason.contains(r)),
            "{s:?}"
        );
    }
}

#[test]
#[ignore]
fn symmetron_soak() {
    let games: u64 = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let nodes: u64 = std::env::var("SOAK_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let (mut w, mut b, mut d) = (0, 0, 0);
    let (mut plies, mut with_res, mut with_para, mut with_expl) = (0, 0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 1..=games {
        let s = play(seed, 4, nodes);
        match s.result.as_str() {
            "1-0" => w += 1,
            "0-1" => b += 1,
            _ => d += 1,
        }
        plies += s.plies;
        with_res += usize::from(s.resurrections > 0);
        with_para += usize::from(s.parachutes > 0);
        with_expl += usize::from(s.explosions > 0);
        *reasons.entry(s.reason.clone()).or_insert(0) += 1;
        println!(
            "game {seed}: {} {{{}}} in {} plies, {s:?}",
            s.result, s.reason, s.plies
        );
    }
    println!(
        "SOAK {games} games at {nodes} nodes/move: +{w} -{b} ={d}; average {:.1} plies; \
         games with a resurrection {with_res}, a parachute {with_para}, an explosion {with_expl}; \
         endings {reasons:?}",
        plies as f64 / games as f64
    );
}
