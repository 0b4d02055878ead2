//! Every way XBoard hands a position to an engine ends with the engine in XBoard's position and
//! the other engine's, state XBoard's FEN cannot carry included (docs/protocol.md, "What
//! XBoard's FEN cannot carry").
//!
//! The `setboard` lines are XBoard 4.9.1's own, copied from its debug files (measured
//! 2026-12-02 with `scripts/xboard/setboard_forms.py`: XBoard under Xvfb, Kaleido against
//! Kaleido in Two Machines; "second" is the `setboard` the second engine got at the start of a
//! game, "loaded" the one both engines got for a position loaded with -lpf, XBoard's Load
//! Position). The positions they stand for are computed here with the library from the turns
//! named (Kaleido's own notation), so a case fails if XBoard's line and the engine disagree.

use engine_tests::binary::Transcript;
use kaleido::game::{Dialect, VariantOptions};
use kaleido::session::Session;
use kaleido::variants;

/// One measured `setboard`: the position after `turns` from `from` (Kaleido's FEN; `None` is the
/// variant's start), and the FEN XBoard 4.9.1 sent for it.
struct Case {
    variant: &'static str,
    what: &'static str,
    from: Option<&'static str>,
    turns: &'static [&'static str],
    sent: &'static str,
}

/// The start with the squares between each king and one rook emptied (scripts/xboard/
/// two_machines.py, CLEARED): castling is legal at once.
const CLEARED_14: &str = "***R2KQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/1e10w1/1e10w1/re10wr/***8***/***PPPPPPPP***/***R2KQBNR*** w d1k1d14k14a4a11n4n11 - 0 1";
const CLEARED_14_REV: &str = "***R2KQBNR***/***SSSSSSSS***/***8***/re10wr/1e10wn/1e10wb/ke10wq/qe10wk/be10w1/ne10w1/re10wr/***8***/***PPPPPPPP***/***RNBQK2R*** w d1k1d14k14a4a11n4n11 - 0 1";
const CLEARED_12: &str = "**RNBQK2R**/**SSSSSSSS**/re8wr/ne8wn/be8wb/qe8wq/ke8wk/1e8w1/1e8w1/re8wr/**PPPPPPPP**/**RNBQK2R** w c1j1c12j12a3a10l3l10 - 0 1";
const CLEARED_12_REV: &str = "**RNBQK2R**/**SSSSSSSS**/re8wr/1e8wn/1e8wb/ke8wq/qe8wk/be8w1/ne8w1/re8wr/**PPPPPPPP**/**R2KQBNR** w c1j1c12j12a3a10l3l10 - 0 1";

const CASES: &[Case] = &[
    // chess and xiangqi: XBoard's own games; the second engine gets `new` (no setboard).
    Case { variant: "chess", what: "loaded, after e2e4 (e.p.)", from: None, turns: &["e2e4"],
        sent: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    Case { variant: "chess", what: "loaded, White castled", from: None,
        turns: &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"],
        sent: "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 1" },
    Case { variant: "xiangqi", what: "loaded, after a cannon move", from: None, turns: &["b3e3"],
        sent: "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RHEAKAEHR b 1 1" },
    Case { variant: "sin-yeon-sang-gi", what: "second", from: None, turns: &[],
        sent: "ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/13/P1P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR w 0 1" },
    Case { variant: "sin-yeon-sang-gi", what: "loaded, after a pawn", from: None, turns: &["a4a5"],
        sent: "ribhugkguhbir/13/1c9c1/p1p1p1p1p1p1p/13/P12/2P1P1P1P1P1P/1C9C1/13/RIBHUGKGUHBIR b - - 0 1" },
    Case { variant: "symmetron-112", what: "second", from: None, turns: &[],
        sent: "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NC3K3CNU[-] w - - 0 1" },
    Case { variant: "symmetron-112", what: "loaded, after a flip in place", from: None, turns: &["b1~"],
        sent: "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/11*/PPPBBBBBPPP*/RD1A3A1DH*/NV3K3CNU[-] b - - 1 1" },
    Case { variant: "symmetron-112", what: "loaded, after an entry from the launching square", from: None, turns: &["@e4"],
        sent: "nc3k3cnu/hd1a3a1dr*/pppbbbbbppp*/11*/11*/11*/4U6*/PPPBBBBBPPP*/RD1A3A1DH*/NC3K3CN1[-] b - - 1 1" },
    Case { variant: "sonic", what: "second", from: None, turns: &[],
        sent: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
    Case { variant: "sonic", what: "loaded, after a king form change", from: None, turns: &["b1c3~n"],
        sent: "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1" },
    Case { variant: "sonic-springs", what: "second", from: None, turns: &[],
        sent: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
    Case { variant: "sonic-springs", what: "loaded, after a king form change", from: None, turns: &["b1a3~n"],
        sent: "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1" },
    Case { variant: "reflection-14", what: "second", from: None, turns: &[],
        sent: "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBKQBNR*** w - - 0 1" },
    Case { variant: "reflection-14", what: "loaded, after a castling pair", from: Some(CLEARED_14), turns: &["g1e1,g14e14"],
        sent: "***1KR1QBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/qe10wq/ke10wk/1e10w1/1e10w1/re10wr/***8***/***PPPPPPPP***/***1KR1QBNR*** b - - 1 1" },
    // With the engine's earlier `setup` (castling field `d1k1d14k14a4a11n4n11`, which XBoard
    // could not read) XBoard sent this to the second engine, garbled e.p. field included.
    Case { variant: "reflection-14-rev", what: "second, earlier setup", from: None, turns: &[],
        sent: "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/ke10wq/qe10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBQKBNR*** w - d< 0 1" },
    Case { variant: "reflection-14-rev", what: "second", from: None, turns: &[],
        sent: "***RNBKQBNR***/***SSSSSSSS***/***8***/re10wr/ne10wn/be10wb/ke10wq/qe10wk/be10wb/ne10wn/re10wr/***8***/***PPPPPPPP***/***RNBQKBNR*** w - - 0 1" },
    Case { variant: "reflection-14-rev", what: "loaded, after a castling pair", from: Some(CLEARED_14_REV), turns: &["h1j1,g14e14"],
        sent: "***1KR1QBNR***/***SSSSSSSS***/***8***/re10wr/1e10wn/1e10wb/ke10wq/qe10wk/be10w1/ne10w1/re10wr/***8***/***PPPPPPPP***/***RNBQ1RK1*** b - - 1 1" },
    Case { variant: "reflection-12", what: "second, earlier setup", from: None, turns: &[],
        sent: "**RNBQKBNR**/**SSSSSSSS**/re8wr/ne8wn/be8wb/qe8wq/ke8wk/be8wb/ne8wn/re8wr/**PPPPPPPP**/**RNBQKBNR** w - c: 0 1" },
    Case { variant: "reflection-12", what: "second", from: None, turns: &[],
        sent: "**RNBQKBNR**/**SSSSSSSS**/re8wr/ne8wn/be8wb/qe8wq/ke8wk/be8wb/ne8wn/re8wr/**PPPPPPPP**/**RNBQKBNR** w - - 0 1" },
    Case { variant: "reflection-12", what: "loaded, after a castling pair", from: Some(CLEARED_12), turns: &["g1i1,g12i12"],
        sent: "**RNBQ1RK1**/**SSSSSSSS**/re8wr/ne8wn/be8wb/qe8wq/ke8wk/1e8w1/1e8w1/re8wr/**PPPPPPPP**/**RNBQ1RK1** b - - 1 1" },
    Case { variant: "reflection-12-rev", what: "second", from: None, turns: &[],
        sent: "**RNBQKBNR**/**SSSSSSSS**/re8wr/ne8wn/be8wb/ke8wq/qe8wk/be8wb/ne8wn/re8wr/**PPPPPPPP**/**RNBKQBNR** w - - 0 1" },
    Case { variant: "reflection-12-rev", what: "loaded, after a castling pair", from: Some(CLEARED_12_REV), turns: &["f1d1,g12i12"],
        sent: "**RNBQ1RK1**/**SSSSSSSS**/re8wr/1e8wn/1e8wb/ke8wq/qe8wk/be8w1/ne8w1/re8wr/**PPPPPPPP**/**1KR1QBNR** b - - 1 1" },
    Case { variant: "reflection-mini", what: "second", from: None, turns: &[],
        sent: "**NBKR**/**SSSS**/re4wr/ke4wk/be4wb/ne4wn/**PPPP**/**NBKR** w - - 0 1" },
    Case { variant: "reflection-mini", what: "loaded, after a pair", from: None, turns: &["c2c3,c7c6"],
        sent: "**NBKR**/**1SSS**/reS3wr/ke4wk/be4wb/neP3wn/**1PPP**/**NBKR** b - - 0 1" },
    Case { variant: "reflection-mini-rev", what: "second", from: None, turns: &[],
        sent: "**NBKR**/**SSSS**/ne4wr/be4wk/ke4wb/re4wn/**PPPP**/**RKBN** w - - 0 1" },
    Case { variant: "reflection-mini-rev", what: "loaded, after a pair", from: None, turns: &["c2c3,f7f6"],
        sent: "**NBKR**/**SSS1**/ne3Swr/be4wk/ke4wb/reP3wn/**1PPP**/**RKBN** b - - 0 1" },
    Case { variant: "reflection-8", what: "second, earlier setup", from: None, turns: &[],
        sent: "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w - a6 0 1" },
    Case { variant: "reflection-8", what: "second", from: None, turns: &[],
        sent: "RNBKkbnr/SSSSssss/8/8/8/8/PPPPpppp/RNBKkbnr w - - 0 1" },
    Case { variant: "reflection-8", what: "loaded, after a pair", from: None, turns: &["b1c3,b8c6"],
        sent: "R1BKkbnr/SSSSssss/2N5/8/8/2N5/PPPPpppp/R1BKkbnr b - - 1 1" },
    Case { variant: "reflection-8-rev", what: "second", from: None, turns: &[],
        sent: "RNBKkbnr/SSSSssss/8/8/8/8/ppppPPPP/rnbkKBNR w - - 0 1" },
    Case { variant: "reflection-8-rev", what: "loaded, after a pair", from: None, turns: &["g1f3,b8c6"],
        sent: "R1BKkbnr/SSSSssss/2N5/8/8/5N2/ppppPPPP/rnbkKB1R b - - 1 1" },
    Case { variant: "reflection-twoboard", what: "second, earlier setup", from: None, turns: &[],
        sent: "rnbqkbnrrnbqkbnr/ssssssssssssssss/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBKQBNR w - a6 0 1" },
    Case { variant: "reflection-twoboard", what: "second", from: None, turns: &[],
        sent: "rnbqkbnrrnbqkbnr/ssssssssssssssss/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBKQBNR w - - 0 1" },
    Case { variant: "reflection-twoboard", what: "loaded, after double steps (e.p.)", from: None, turns: &["c2c4,n2n4"],
        sent: "rnbqkbnrrnbqkbnr/ssssssssssssssss/16/16/2P10P2/16/PP1PPPPPPPPPP1PP/RNBQKBNRRNBKQBNR b - - 0 1" },
];

fn session(variant: &str) -> Box<dyn Session> {
    variants::find(variant)
        .unwrap_or_else(|| panic!("{variant} is registered"))
        .new_session(&VariantOptions::default())
        .unwrap_or_else(|e| panic!("{variant}: {e}"))
}

/// The library's position for a case, with the XBoard parts of each of its turns.
fn expected(case: &Case) -> (Box<dyn Session>, Vec<Vec<String>>) {
    let mut s = session(case.variant);
    if let Some(fen) = case.from {
        s.set_fen(fen, Dialect::Uci).expect("the case's FEN");
    }
    let mut parts = Vec::new();
    for turn in case.turns {
        let xboard = s
            .translate_move(turn, Dialect::Uci, Dialect::XBoard)
            .unwrap_or_else(|e| panic!("{} {}: {turn}: {e:?}", case.variant, case.what));
        parts.push(xboard.split_whitespace().map(str::to_string).collect());
        s.play(turn, Dialect::Uci).expect("translated, so legal");
    }
    (s, parts)
}

fn answer(t: &mut Transcript, line: &str) -> Vec<String> {
    t.exchange(line, "ping 5", "pong 5")
}

/// A fresh engine in `variant`, in force mode.
fn engine(variant: &str) -> Transcript {
    let mut t = Transcript::start();
    t.send("xboard");
    t.send("protover 2");
    t.line_starting("feature ");
    answer(&mut t, "new");
    let xboard_name = session(variant).xboard_variant();
    if xboard_name != "normal" {
        answer(&mut t, &format!("variant {xboard_name}"));
    }
    answer(&mut t, "force");
    t
}

/// The engine's whole position (`d`: `# Engine FEN:`, Kaleido's own FEN).
fn engine_fen(t: &mut Transcript) -> String {
    answer(t, "d")
        .iter()
        .find_map(|l| l.strip_prefix("# Engine FEN: "))
        .map(str::to_string)
        .unwrap_or_else(|| t.fail("no Engine FEN line from d"))
}

/// A FEN without its move counters (the fields that are numbers), for positions XBoard counts
/// differently: it books every `@@@@` as a ply, and renumbers a loaded position.
fn state(fen: &str) -> String {
    let fields: Vec<&str> = fen
        .split_whitespace()
        .filter(|f| !f.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    fields.join(" ")
}

/// Two Machines: the second engine gets `setboard` of the start, then the first engine's turns
/// as moves; it must hold the first engine's position (which plays from `new` + `variant`),
/// whole: castling rights, king forms, counters.
#[test]
fn the_second_engine_of_two_machines_holds_the_first_engines_position() {
    for start in CASES.iter().filter(|c| c.what.starts_with("second")) {
        for case in CASES
            .iter()
            .filter(|c| c.variant == start.variant && c.from.is_none())
        {
            let (first, parts) = expected(case);
            let mut t = engine(case.variant);
            answer(&mut t, &format!("setboard {}", start.sent));
            for part in parts.iter().flatten() {
                let reply = answer(&mut t, &format!("usermove {part}"));
                assert!(
                    reply.iter().all(|l| !l.starts_with("Illegal")),
                    "{} ({}), {}: {reply:?}",
                    case.variant,
                    start.what,
                    case.what
                );
            }
            assert_eq!(
                engine_fen(&mut t),
                first.fen(Dialect::Uci),
                "{} from XBoard's `setboard {}`, then {:?}",
                case.variant,
                start.sent,
                case.turns
            );
            t.send("quit");
            assert!(t.finish());
        }
    }
}

/// Edit Game, Edit Position, a take-back: XBoard sends `setboard` of a board the engine knows
/// (the current one or an earlier one). The engine keeps that position whole: XBoard's FEN lacks
/// Reflection's castling rights and Sonic's king forms, the engine's game does not.
#[test]
fn a_setboard_of_a_known_board_keeps_the_engines_state() {
    for case in CASES.iter().filter(|c| !c.turns.is_empty()) {
        let (reached, parts) = expected(case);
        let mut t = engine(case.variant);
        let start_fen = match case.from {
            Some(fen) => {
                answer(&mut t, &format!("setboard {fen}"));
                fen.to_string()
            }
            None => session(case.variant).fen(Dialect::Uci),
        };
        for part in parts.iter().flatten() {
            answer(&mut t, &format!("usermove {part}"));
        }
        assert_eq!(engine_fen(&mut t), reached.fen(Dialect::Uci));
        let reply = answer(&mut t, &format!("setboard {}", case.sent));
        assert_eq!(
            engine_fen(&mut t),
            reached.fen(Dialect::Uci),
            "{} {}: the current position after XBoard's {}",
            case.variant,
            case.what,
            case.sent
        );
        // The engine says when it kept more than XBoard's FEN says.
        let as_sent = state(&reached.fen(Dialect::Uci)) == read(case.variant, case.sent);
        assert_eq!(
            reply
                .iter()
                .any(|l| l.starts_with("# setboard: XBoard's board is the current")),
            !as_sent,
            "{} {}: {reply:?}",
            case.variant,
            case.what
        );
        // XBoard's board of the position before the turns: the engine goes back to it, whole.
        let before = CASES
            .iter()
            .find(|c| c.variant == case.variant && c.what == "second" && case.from.is_none());
        if let Some(before) = before {
            let reply = answer(&mut t, &format!("setboard {}", before.sent));
            assert!(
                reply
                    .iter()
                    .any(|l| l.starts_with("# setboard: XBoard's board is an earlier")),
                "{} {}: {reply:?}",
                case.variant,
                case.what
            );
            assert_eq!(
                engine_fen(&mut t),
                start_fen,
                "{} {}",
                case.variant,
                case.what
            );
        }
        t.send("quit");
        assert!(t.finish());
    }
}

/// The state the library reads from XBoard's FEN.
fn read(variant: &str, fen: &str) -> String {
    let mut s = session(variant);
    s.set_fen(fen, Dialect::XBoard)
        .unwrap_or_else(|e| panic!("{variant}: {fen}: {e}"));
    state(&s.fen(Dialect::Uci))
}

/// Load Position (and a tournament's positions): a board the engine has never had. The engine
/// reads XBoard's FEN, and what that FEN cannot carry is assumed and said (`#` line). Reached
/// exactly (counters aside) except where the position holds state XBoard's FEN has no room for:
/// Sonic's king form after a form change (the engine assumes fresh kings and says so).
#[test]
fn a_loaded_position_is_read_whole_or_the_assumption_is_said() {
    for case in CASES.iter().filter(|c| !c.turns.is_empty()) {
        let (reached, _) = expected(case);
        let mut t = engine(case.variant);
        let reply = answer(&mut t, &format!("setboard {}", case.sent));
        let got = engine_fen(&mut t);
        let engine_defined = !session(case.variant).xboard_setup().is_empty();
        assert_eq!(
            reply.iter().any(
                |l| l.starts_with("# setboard: a position this game has not had")
                    && l.ends_with(&got)
            ),
            engine_defined,
            "{} {}: {reply:?}",
            case.variant,
            case.what
        );
        let same = state(&got) == state(&reached.fen(Dialect::Uci));
        // What XBoard's FEN has no room for in these positions: a Sonic king's form, the
        // two-board game's en-passant squares (XBoard wrote `-`).
        let lost = case.variant.starts_with("sonic") || case.variant == "reflection-twoboard";
        assert_eq!(
            same,
            !lost,
            "{} {}: engine {got}, position {}",
            case.variant,
            case.what,
            reached.fen(Dialect::Uci)
        );
        if case.variant.starts_with("sonic") {
            assert!(got.ends_with(" Kna/Kna"), "fresh kings assumed: {got}");
        }
        t.send("quit");
        assert!(t.finish());
    }
}

/// Edit Position: leaving it, XBoard 4.9.1 sends `new`, `variant`, options, `force` and
/// `setboard` of its board (measured with scripts/xboard/person.py, Sonic: the person typed
/// `b1c3=` (b1c3 with the king's form change to a knight), the engine answered e7e5, then Mode ->
/// Edit Position and Mode -> Edit Game; XBoard's lines are copied below). The board is the game
/// just played: the engine takes that game's position, king form included.
#[test]
fn edit_position_keeps_the_state_of_the_game_before_new() {
    let mut t = engine("sonic");
    let mut game = session("sonic");
    for turn in ["b1c3~n", "e7e5"] {
        let text = game
            .translate_move(turn, Dialect::Uci, Dialect::XBoard)
            .expect("legal");
        answer(&mut t, &format!("usermove {text}"));
        game.play(turn, Dialect::Uci).expect("legal");
    }
    let before = engine_fen(&mut t);
    assert!(before.ends_with(" Nka/Kna"), "{before}");
    for line in [
        "force",
        "new",
        "variant sonic",
        "st 1",
        "post",
        "hard",
        "force",
    ] {
        answer(&mut t, line);
    }
    let reply = answer(
        &mut t,
        "setboard rnbqkbnr/pppp1ppp/8/4p3/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    );
    assert!(
        reply
            .iter()
            .any(|l| l.starts_with("# setboard: XBoard's board is a position of the game before")),
        "{reply:?}"
    );
    assert_eq!(engine_fen(&mut t), before);
    // The same board in another variant's game is no such position.
    answer(&mut t, "new");
    answer(&mut t, "variant sonic-springs");
    answer(&mut t, "force");
    answer(
        &mut t,
        "setboard rnbqkbnr/pppp1ppp/8/4p3/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    );
    assert!(engine_fen(&mut t).ends_with(" Kna/Kna"));
    t.send("quit");
    assert!(t.finish());
}

/// Every case: the position reached in one game, then `new`, `variant`, `setboard` of XBoard's
/// FEN for it (Edit Position's sequence) gives that position back whole.
#[test]
fn every_measured_board_is_kept_across_new_from_the_game_before() {
    for case in CASES.iter().filter(|c| !c.turns.is_empty()) {
        let (reached, parts) = expected(case);
        let mut t = engine(case.variant);
        if let Some(fen) = case.from {
            answer(&mut t, &format!("setboard {fen}"));
        }
        for part in parts.iter().flatten() {
            answer(&mut t, &format!("usermove {part}"));
        }
        answer(&mut t, "new");
        let xboard_name = session(case.variant).xboard_variant();
        if xboard_name != "normal" {
            answer(&mut t, &format!("variant {xboard_name}"));
        }
        answer(&mut t, "force");
        answer(&mut t, &format!("setboard {}", case.sent));
        assert_eq!(
            engine_fen(&mut t),
            reached.fen(Dialect::Uci),
            "{} {}",
            case.variant,
            case.what
        );
        t.send("quit");
        assert!(t.finish());
    }
}
