use super::*;

#[test]
fn multi_digit_runs_and_holes() {
    let ranks = parse_board("r11r/13/**4**").unwrap();
    assert_eq!(ranks.len(), 3);
    assert_eq!(ranks[0].len(), 13);
    assert_eq!(ranks[1], vec![FenCell::Empty; 13]);
    assert_eq!(ranks[2][0], FenCell::Hole);
    assert_eq!(ranks[2].len(), 8);
    let mut out = String::new();
    write_rank(ranks[0].iter().copied(), &mut out);
    assert_eq!(out, "r11r");
}

#[test]
fn rejects_garbage() {
    assert!(parse_board("rnb?/8").is_err());
    assert!(parse_board("999/8").is_err());
}

#[test]
fn startpos_is_the_start_in_the_docs_form() {
    let start = "8/8 w 3 4";
    for text in ["startpos", "  startpos ", "startpos\n"] {
        let mut fen = Fen::new(text, Dialect::XBoard, start).unwrap();
        assert_eq!(fen.dialect, Dialect::Uci);
        assert_eq!(fen.board_field(), "8/8");
        assert_eq!(fen.side(None), Ok(Side::White));
        assert_eq!(fen.counters(), Ok((3, 4)));
        assert_eq!(fen.finish(), Ok(()));
    }
    let fen = Fen::new("4/4 b", Dialect::XBoard, start).unwrap();
    assert_eq!(fen.dialect, Dialect::XBoard);
    assert_eq!(fen.board_field(), "4/4");
    assert!(Fen::new("", Dialect::Uci, start).is_err());
    assert!(Fen::new("  ", Dialect::Uci, start).is_err());
}

#[test]
fn fields_are_taken_in_order_and_leftovers_refused() {
    let mut fen = Fen::new("8/8 b KQ - 7 12 extra", Dialect::Uci, "").unwrap();
    assert_eq!(fen.side(None), Ok(Side::Black));
    assert_eq!(fen.field(), Some("KQ"));
    assert_eq!(fen.field(), Some("-"));
    assert_eq!(fen.counters(), Ok((7, 12)));
    assert_eq!(fen.finish(), Err("unexpected 'extra' after the FEN".into()));
    let mut short = Fen::new("8/8", Dialect::Uci, "").unwrap();
    assert_eq!(short.side(Some(Side::White)), Ok(Side::White));
    assert_eq!(short.counters(), Ok((0, 1)));
    assert!(Fen::new("8/8", Dialect::Uci, "")
        .unwrap()
        .side(None)
        .is_err());
    assert!(Fen::new("8/8 x", Dialect::Uci, "")
        .unwrap()
        .side(Some(Side::White))
        .is_err());
}

#[test]
fn counters_are_numbers_clamped_and_the_move_number_at_least_one() {
    let counters = |text: &str| {
        let mut fen = Fen::new(text, Dialect::Uci, "").unwrap();
        fen.counters()
    };
    assert_eq!(counters("8 0 0"), Ok((0, 1)));
    assert_eq!(
        counters("8 4294967295 4294967295"),
        Ok((COUNTER_LIMIT, COUNTER_LIMIT))
    );
    assert!(counters("8 -1").is_err());
    assert!(counters("8 0 x").is_err());
    assert!(counters("8 4294967296").is_err());
}

#[test]
fn a_trailing_field_of_the_variants_own_may_be_taken_first() {
    let mut fen = Fen::new("8 w - - 0 1 Kna/Kna", Dialect::Uci, "").unwrap();
    assert_eq!(fen.last_field_if(|f| f.contains('/')), Some("Kna/Kna"));
    assert_eq!(fen.last_field_if(|f| f.contains('/')), None);
    let mut bare = Fen::new("8/8", Dialect::Uci, "").unwrap();
    assert_eq!(bare.last_field_if(|_| true), None, "the board field stays");
}

#[test]
fn dropped_fields_are_only_those_not_read_yet() {
    let mut fen = Fen::new("8 - 3 - 4", Dialect::Uci, "").unwrap();
    assert_eq!(fen.field(), Some("-"));
    fen.drop_fields(|f| f == "-");
    assert_eq!(fen.counters(), Ok((3, 4)));
    assert_eq!(fen.finish(), Ok(()));
}

#[test]
fn board_size_and_holes_are_checked() {
    let board = read_board("*2/3", 3, 2, "Toy").unwrap();
    let squares = board.squares(|f, r| !(f == 0 && r == 1)).unwrap();
    assert_eq!(squares.len(), 5);
    assert_eq!(squares[0], (1, 1, None));
    assert!(board.squares(|_, _| true).is_err(), "hole on a square");
    assert!(read_board("3/3", 3, 2, "Toy")
        .unwrap()
        .squares(|f, _| f > 0)
        .is_err());
    assert_eq!(
        read_board("3/3/3", 3, 2, "Toy").err().as_deref(),
        Some("Toy has 2 ranks, the FEN has 3")
    );
    assert_eq!(
        read_board("3/4", 3, 2, "Toy").err().as_deref(),
        Some("rank 1 has 4 squares, Toy has 3")
    );
    let cells: Vec<_> = read_board("p1/2", 2, 2, "Toy").unwrap().cells().collect();
    assert_eq!(cells[0], (0, 1, FenCell::Piece('p')));
    assert_eq!(cells[3], (1, 0, FenCell::Empty));
}

#[test]
fn orthodox_castling_and_en_passant_fields() {
    assert_eq!(castling_letters("-"), Ok(vec![]));
    assert_eq!(
        castling_letters("Kq"),
        Ok(vec![(Side::White, true), (Side::Black, false)])
    );
    for bad in ["K-", "--", "A", "KQkqx"] {
        assert!(castling_letters(bad).is_err(), "{bad}");
    }
    assert_eq!(ep_square("-", Side::White, 8, 8), Ok(None));
    assert_eq!(ep_square("e6", Side::White, 8, 8), Ok(Some((4, 5))));
    assert_eq!(ep_square("d3", Side::Black, 8, 8), Ok(Some((3, 2))));
    for bad in ["e3", "e6x", "i6", "e"] {
        assert!(ep_square(bad, Side::White, 8, 8).is_err(), "{bad}");
    }
}

#[test]
fn boards_are_written_top_rank_first() {
    let text = write_board(3, 2, |f, r| match (f, r) {
        (0, 1) => FenCell::Hole,
        (2, 0) => FenCell::Piece('K'),
        _ => FenCell::Empty,
    });
    assert_eq!(text, "*2/2K");
    assert_eq!(side_field(Side::Black), 'b');
}
