//! Every registered variant describes its board for a screen (`Presentation::board_view`), and the
//! description fits the game: each piece stands on a place of the board, every place a legal turn
//! names (in the rules docs' square names, as the browser board sends them) can be clicked, and
//! no two places share a name or a spot.

use engine_tests::bench_sessions;
use kaleido::game::Dialect;
use std::collections::HashSet;

#[test]
fn every_variant_describes_a_board_its_turns_can_be_entered_on() {
    for (info, fen, session) in bench_sessions() {
        let view = session.board_view();
        let what = format!("{} from {fen}", info.name);
        assert!(!view.cells.is_empty(), "{what}: no board described");
        let names: HashSet<&str> = view.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names.len(),
            view.cells.len(),
            "{what}: two places share a name"
        );
        let spots: HashSet<(i64, i64)> = view
            .cells
            .iter()
            .map(|c| ((c.file * 4.0) as i64, (c.rank * 4.0) as i64))
            .collect();
        assert_eq!(
            spots.len(),
            view.cells.len(),
            "{what}: two places share a spot"
        );
        assert!(!view.pieces.is_empty(), "{what}: no pieces described");
        for piece in &view.pieces {
            assert!(
                names.contains(piece.square.as_str()),
                "{what}: a piece on {}, which is no place of the board",
                piece.square
            );
        }
        assert_eq!(view.side_to_move, session.side_to_move(), "{what}");
        for mv in session.legal_moves(Dialect::Uci) {
            let steps = session.turn_steps(&mv, Dialect::Uci).expect("legal move");
            for square in steps.iter().flat_map(|s| s.from.iter().chain(s.to.iter())) {
                assert!(
                    names.contains(square.as_str()),
                    "{what}: the turn {mv} names {square}, which the board does not show"
                );
            }
        }
    }
}
