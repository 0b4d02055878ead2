//! Symmetron! 112 self-play through the real search: every game must end by a rule (mate,
//! stalemate, repetition, 100-ply rule) with only legal moves. `symmetron_soak` (ignored; run
//! with `--ignored --nocapture`, SOAK_GAMES / SOAK_NODES to size it) prints the statistics the
//! issue asks for.

use engine_tests::self_play_move;
use kaleido::game::{MoveList, Notation, Rules, VariantOptions};
use kaleido::rng::SplitMix64;
use kaleido::search::TranspositionTable;
use kaleido::variants::symmetron::{board, MoveKind, Symmetron};

#[derive(Default, Debug)]
struct GameStats {
    plies: usize,
    result: String,
    reason: String,
    resurrections: usize,
    parachutes: usize,
    explosions: usize,
    /// Where an unfinished game stood, and its last moves (diagnosis).
    final_fen: String,
    last_moves: Vec<String>,
}

/// Pawns never promote and may step sideways forever (each step resets the 100-ply clock), so
/// a game can legally outlast any bound; the soak stops here and reports it.
const PLY_CAP: usize = 1500;

/// One game: `opening` random plies from `seed`, then the search at `nodes` per move.
fn play(seed: u64, opening: usize, nodes: u64) -> GameStats {
    let mut game = Symmetron::new("symmetron-112", &VariantOptions::default()).expect("start");
    let tt = TranspositionTable::new(16);
    let mut rng = SplitMix64::new(seed);
    let mut stats = GameStats::default();
    for ply in 0..PLY_CAP {
        if let Some(outcome) = game.outcome() {
            stats.plies = ply;
            stats.result = outcome.result().to_string();
            stats.reason = outcome.reason;
            return stats;
        }
        let mut legal = MoveList::new();
        game.generate(&mut legal);
        let mv = self_play_move(&game, &legal, ply < opening, &mut rng, nodes, &tt);
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
        stats
            .last_moves
            .push(game.move_text(mv, kaleido::game::Dialect::Uci));
        if stats.last_moves.len() > 40 {
            stats.last_moves.remove(0);
        }
        game.make(mv);
        if game.last_move_resurrected() {
            stats.resurrections += 1;
        }
    }
    stats.plies = PLY_CAP;
    stats.result = "*".into();
    stats.reason = format!("unfinished after {PLY_CAP} plies");
    stats.final_fen = game.fen(kaleido::game::Dialect::Uci);
    stats
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
            "1/2-1/2" => d += 1,
            _ => {}
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
        "SOAK {games} games at {nodes} nodes/move: +{w} -{b} ={d} (White wins, Black wins, draws); average {:.1} plies; \
         games with a resurrection {with_res}, a parachute {with_para}, an explosion {with_expl}; \
         endings {reasons:?}",
        plies as f64 / games as f64
    );
}

/// Replays every game of a `kaleido match` PGN (path in SOAK_PGN) through the rules and prints
/// lengths, endings and how many games saw a resurrection, a parachute and an explosion.
#[test]
#[ignore]
fn soak_pgn_statistics() {
    let Ok(path) = std::env::var("SOAK_PGN") else {
        return;
    };
    let text = std::fs::read_to_string(&path).expect("readable PGN");
    let (mut games, mut plies_total) = (0usize, 0usize);
    let (mut with_res, mut with_para, mut with_expl) = (0, 0, 0);
    let mut endings = std::collections::BTreeMap::new();
    for chunk in text.split("[Event ").skip(1) {
        let termination = chunk
            .lines()
            .find_map(|l| l.strip_prefix("[Termination \""))
            .map(|t| t.trim_end_matches("\"]").to_string())
            .unwrap_or_default();
        let movetext: String = chunk
            .lines()
            .skip(1) // the rest of the Event tag
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        // Drop comments.
        let mut clean = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        let mut game = Symmetron::new("symmetron-112", &VariantOptions::default()).expect("start");
        let (mut res, mut para, mut expl, mut plies) = (0, 0, 0, 0);
        for token in clean.split_whitespace() {
            if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                continue;
            }
            let mv = game
                .parse_move(token, kaleido::game::Dialect::Record)
                .unwrap_or_else(|e| panic!("game {}: {token}: {e}", games + 1));
            match mv.kind {
                MoveKind::Explode => expl += 1,
                MoveKind::Drop | MoveKind::DropFlip
                    if !board::is_magic_kind(board::kind(game.position().at(mv.from))) =>
                {
                    para += 1
                }
                _ => {}
            }
            game.make(mv);
            res += usize::from(game.last_move_resurrected());
            plies += 1;
        }
        games += 1;
        plies_total += plies;
        with_res += usize::from(res > 0);
        with_para += usize::from(para > 0);
        with_expl += usize::from(expl > 0);
        *endings.entry(termination).or_insert(0) += 1;
    }
    println!(
        "PGN {games} games, average {:.1} plies; with a resurrection {with_res}, a parachute \
         {with_para}, an explosion {with_expl}; endings {endings:?}",
        plies_total as f64 / games.max(1) as f64
    );
}
