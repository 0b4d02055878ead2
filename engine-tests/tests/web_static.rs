//! The static site (docs/web.md) in a real headless Chromium: `dist/kaleido-web/` (made by
//! scripts/web.sh when missing; `KALEIDO_WEB_DIST` may name another) served under a sub-path by a
//! plain `python3 -m http.server`, which is killed once the page has loaded. With the network gone
//! the page plays ten turns against the engine in its Web Worker in every variant (a game that
//! ends sooner is followed by another), each entered by clicking as a person does, every
//! position the page shows checked against the native engine (this test's own session replaying
//! the same moves, and `kaleido play` over the whole game);
//! in one variant also a level set in the new-game dialog, a link opened, take back, analysis on
//! and off, the record saved (`kaleido replay` plays it to the page's position) and one loaded.
//! Then the board alone (`embed=1`) in an iframe of another origin, from the static site and
//! from `kaleido gui`.
//!
//! `KALEIDO_WEB_FAKE=1` runs all of it on a stand-in site instead: the page's own files with a
//! `worker.js` forwarding each message to `kaleido gui` (`engine_tests::site::fake_site`). That
//! tests the page and its worker transport, not the engine in WebAssembly; the stand-in test below
//! always runs that way. Screenshots go to `web-shots/` in Cargo's test folder and to
//! `$KALEIDO_GUI_SHOTS` when set (docs/gui/web-*.png are made that way).
//!
//! Needs Debian's `chromium` and `chromium-driver` (webdriver.rs installs them when it can) and
//! `python3`.

use engine_tests::binary::{run, stdout_lines};
use engine_tests::gui::GuiServer;
use engine_tests::http;
use engine_tests::page::{moves_of, percent, play_fen, session, BoardPage};
use engine_tests::site::{fake_site, web_dist, ApiProxy, StaticServer};
use kaleido::game::Dialect;
use kaleido::search::{Control, Limits, TranspositionTable};
use kaleido::session::Session;
use kaleido::variants;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);
/// Turns the person plays in each variant.
const TURNS: usize = 10;
/// The engine's node limit per move (set in the new-game dialog): small, so the test is quick.
const ENGINE_NODES: u64 = 1500;
/// How far this test's person looks (the native engine at this node count) to choose a move:
/// far enough that ten turns are seldom cut short by a mate walked into.
const PERSON_NODES: u64 = 600;
/// Variants whose board is kept as a screenshot (docs/gui/web-*.png), after their third turn.
const SHOTS: &[&str] = &["xiangqi", "symmetron-112", "sonic-hexagonal"];

/// The site under test and what it needs: the static server of the folder holding it (so the
/// page is at a sub-path: `/kaleido-web/`), and for the stand-in site the native board it
/// forwards to.
struct Site {
    server: StaticServer,
    /// The page's address: `http://127.0.0.1:PORT/NAME/`.
    page: String,
    _native: Option<(GuiServer, ApiProxy)>,
}

impl Site {
    fn start() -> Site {
        if std::env::var("KALEIDO_WEB_FAKE").as_deref() == Ok("1") {
            Site::stand_in()
        } else {
            Site::serve(&web_dist(), None)
        }
    }

    /// The page's own files with the stand-in worker, forwarding to a fresh `kaleido gui`.
    fn stand_in() -> Site {
        let gui = GuiServer::start();
        let proxy = ApiProxy::start(&gui.url);
        let parent = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let dir = fake_site(&parent, &proxy.url);
        Site::serve(&dir, Some((gui, proxy)))
    }

    fn serve(dir: &Path, native: Option<(GuiServer, ApiProxy)>) -> Site {
        let parent = dir.parent().expect("the site's folder has a parent");
        let name = dir.file_name().and_then(|n| n.to_str()).expect("a name");
        let server = StaticServer::start(parent);
        let page = format!("{}{name}/", server.url);
        Site {
            server,
            page,
            _native: native,
        }
    }

    /// The static host goes away: nothing answers on its address any more.
    fn go_offline(&mut self) {
        self.server.kill();
        assert!(!self.server.answers(), "the static server still answers");
    }
}

/// A browser on the page (one at a time).
struct Page {
    page: BoardPage,
}

/// What a person does on the page (engine_tests::page); `Page` adds what the static site needs.
impl std::ops::Deref for Page {
    type Target = BoardPage;
    fn deref(&self) -> &BoardPage {
        &self.page
    }
}

impl Page {
    fn start(width: u32, height: u32) -> Page {
        Page {
            page: BoardPage::start(width, height),
        }
    }

    fn save_screenshot(&self, name: &str) {
        self.page.save_screenshot(
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-shots"),
            name,
        );
    }

    /// Opens `url` and waits for the board (a link in it opened: the address keeps no
    /// `variant`/`fen`).
    fn open(&self, url: &str) {
        self.browser.goto(url);
        self.ready();
    }

    fn ready(&self) {
        self.browser.wait_for(
            "the page to start",
            "const k = window.kaleido; return k && k.state && !k.busy && \
             !/[?&](variant|fen)=/.test(location.search);",
            WAIT,
        );
        self.idle();
    }

    /// The game as the page holds it (its last answer from the back end).
    fn state(&self) -> Value {
        self.js("return window.kaleido.state;")
    }

    /// The position after `ply` plies of the page's game, asked of its back end as the page asks
    /// (its one transport).
    fn fen_at(&self, ply: usize) -> String {
        let answer = self.browser.eval(
            "return transport('GET', '/api/position?ply=' + arguments[0])\
             .then(r => r.status === 200 ? r.json.fen : 'status ' + r.status + ': ' + r.json.error);",
            json!([ply]),
        );
        answer.as_str().unwrap_or_default().to_string()
    }
}

/// The person's move: the native engine's choice at `PERSON_NODES`, unless it ends the game or
/// lets the engine end it on its reply; then the first legal move that does neither (if any), so
/// that the ten turns are played.
fn person_move(s: &dyn Session) -> String {
    let best = searched_move(s);
    let ends = |s: &dyn Session, mv: &str| {
        let mut after = s.clone_box();
        after.play(mv, Dialect::Uci).expect("a legal move");
        after.outcome().is_some()
    };
    let keeps_going = |mv: &str| {
        let mut after = s.clone_box();
        after.play(mv, Dialect::Uci).expect("a legal move");
        after.outcome().is_none()
            && !after
                .legal_moves(Dialect::Uci)
                .iter()
                .any(|reply| ends(after.as_ref(), reply))
    };
    if keeps_going(&best) {
        return best;
    }
    s.legal_moves(Dialect::Uci)
        .into_iter()
        .find(|mv| keeps_going(mv))
        .unwrap_or(best)
}

fn searched_move(s: &dyn Session) -> String {
    let limits = Limits {
        nodes: Some(PERSON_NODES),
        multipv: 1,
        threads: 1,
        ..Limits::default()
    };
    let best = s.search(
        &limits,
        &TranspositionTable::new(1),
        &Control::new(false),
        Dialect::Uci,
        &mut |_| {},
    );
    best.best.expect("a legal move")
}

/// `kaleido replay` of a record: the FEN it ends on.
fn replay_fen(record: &str, name: &str) -> String {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("web-{name}.pgn"));
    std::fs::write(&file, record).expect("record written");
    let output = run(&["replay", file.to_str().expect("path")]);
    assert!(
        output.status.success(),
        "{name}: kaleido replay failed: {}\n{record}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout_lines(&output).first().cloned().expect("a FEN line")
}

/// A new game against the engine (the person plays the first side) from the new-game dialog,
/// at `level` (none: full strength) and `ENGINE_NODES` a move; the page must hold it.
fn new_game(page: &Page, variant: &str, level: Option<u8>) {
    let going = page.js("const s = window.kaleido.state; return s.moves.length > 0 && !s.outcome;");
    page.browser.click("#new-game");
    let level = level.map(|l| l.to_string()).unwrap_or_default();
    page.browser.eval(
        "const v = document.getElementById('nd-variant'); v.value = arguments[0]; \
         v.dispatchEvent(new Event('change')); \
         const o = document.getElementById('nd-opponent'); o.value = 'engine'; \
         o.dispatchEvent(new Event('change')); \
         document.getElementById('nd-side').value = 'white'; \
         document.getElementById('nd-level').value = arguments[1]; \
         const k = document.getElementById('nd-limit-kind'); k.value = 'nodes'; \
         k.dispatchEvent(new Event('change')); \
         document.getElementById('nd-limit-value').value = arguments[2];",
        json!([variant, level, ENGINE_NODES]),
    );
    page.browser.click("#nd-start");
    if going == json!(true) {
        page.answer(true);
    }
    page.idle();
    let state = page.state();
    assert_eq!(state["variant"], variant);
    assert_eq!(state["moves"], json!([]), "{variant}: a new game");
    assert_eq!(
        state["players"],
        json!({ "white": "human", "black": "engine" })
    );
    assert_eq!(state["limits"]["nodes"], ENGINE_NODES);
    let level = level.parse::<u8>().ok();
    assert_eq!(state["limits"]["level"], json!(level), "{variant}: level");
}

/// Waits until the page's game has at least `plies` plies and the person is to move (or the
/// game is over); returns that state.
fn wait_for_person(page: &Page, plies: usize) -> Value {
    page.browser.wait_for(
        "the engine's turn on the page",
        &format!(
            "const k = window.kaleido, s = k.state; \
             return !k.busy && s.moves.length >= {plies} && \
             (s.player_to_move === 'human' || s.outcome) ? s : null;"
        ),
        WAIT,
    )
}

/// The game of `variant` on the page, followed from its start: `turns` more turns of the person
/// (fewer if the game ends), each followed by the engine's reply; every ply's position on the
/// page equal to the native engine's. Returns the native engine's FENs, ply by ply, and the
/// person's turns played.
fn play_turns(page: &Page, variant: &str, turns: usize) -> (Vec<String>, usize) {
    let start = page.state()["start_fen"]
        .as_str()
        .expect("start FEN")
        .to_string();
    let mut mine = session(variant, &start);
    let mut fens = vec![mine.fen(Dialect::Uci)];
    let mut played = 0;
    for turn in 0..=turns {
        let state = wait_for_person(page, fens.len() - 1);
        for mv in &moves_of(&state)[fens.len() - 1..] {
            mine.play(mv, Dialect::Uci)
                .unwrap_or_else(|e| panic!("{variant}: the engine's {mv}: {e}"));
            fens.push(mine.fen(Dialect::Uci));
        }
        let ply = fens.len() - 1;
        page.shows(&fens[ply], &format!("{variant}: ply {ply} (the engine's)"));
        if turn == 3 && SHOTS.contains(&variant) {
            page.save_screenshot(&format!("web-{variant}"));
        }
        if turn == turns || !state["outcome"].is_null() {
            break;
        }
        let mv = person_move(mine.as_ref());
        let steps = mine.turn_steps(&mv, Dialect::Uci).expect("steps");
        page.js("window.scrollTo(0, 0);");
        page.click_turn(&steps, &mut |_, _| {});
        mine.play(&mv, Dialect::Uci).expect("the person's move");
        fens.push(mine.fen(Dialect::Uci));
        played += 1;
        let ply = fens.len() - 1;
        let state = wait_for_person(page, ply);
        assert_eq!(
            moves_of(&state)[ply - 1],
            mv,
            "{variant}: the person's turn {turn} as the page played it"
        );
        assert_eq!(
            page.fen_at(ply),
            fens[ply],
            "{variant}: ply {ply} (the person's {mv})"
        );
    }
    let moves = moves_of(&page.state());
    assert_eq!(moves.len(), fens.len() - 1);
    assert_eq!(
        play_fen(variant, &start, &moves),
        fens[fens.len() - 1],
        "{variant}: kaleido play of the game"
    );
    (fens, played)
}

/// The page from the static site, then no network: ten turns in every variant.
#[test]
fn ten_turns_in_every_variant_with_the_network_gone() {
    let mut site = Site::start();
    let page = Page::start(1300, 950);
    page.open(&site.page);
    assert_eq!(page.js("return BACKEND;"), json!("worker"));
    site.go_offline();
    for variant in variants::names() {
        let started = Instant::now();
        // A game that ends sooner is followed by another until the person has played ten turns.
        let (mut played, mut games) = (0, Vec::new());
        while played < TURNS {
            new_game(&page, variant, None);
            let (fens, turns) = play_turns(&page, variant, TURNS - played);
            assert!(
                turns > 0,
                "{variant}: a game over before the person's first turn"
            );
            played += turns;
            games.push(fens.len() - 1);
        }
        eprintln!(
            "{variant}: {played} turns of the person in games of {games:?} plies, {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}

/// A link, a level, take back, analysis and records, all with the network gone.
#[test]
fn a_link_a_level_take_back_analysis_and_records_offline() {
    let mut site = Site::start();
    let page = Page::start(1300, 950);
    // A fresh page: the link's position opens without a question.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    page.open(&format!("{}?variant=chess&fen={}", site.page, percent(fen)));
    assert_eq!(page.idle(), fen, "the linked position");
    assert_eq!(page.js("return location.search;"), json!(""));
    site.go_offline();

    new_game(&page, "chess", Some(3));
    let (fens, _) = play_turns(&page, "chess", 2);
    assert_eq!(fens.len(), 5, "two turns each");
    // Take back: to the person's last turn (the engine's reply and the person's turn go).
    page.browser.click("#take-back");
    page.idle();
    page.shows(&fens[2], "after take back");
    assert_eq!(moves_of(&page.state()).len(), 2);

    // Analysis on the person's turn: lines appear; off: they stop. Twice: the search after a
    // stopped one starts with the network gone too.
    for round in 1..=2 {
        page.browser.click("#analyse");
        page.browser.wait_for(
            &format!("analysis lines, round {round}"),
            "const t = document.getElementById('thinking'); \
             return Number(t.dataset.lines) >= 1 && Number(t.dataset.depth) >= 2;",
            WAIT,
        );
        page.browser.click("#analyse");
        page.browser.wait_for(
            &format!("the analysis to stop, round {round}"),
            "const s = window.kaleido.state; return !s.analysing && !s.searching;",
            WAIT,
        );
        assert_eq!(page.idle(), fens[2], "analysis moves nothing");
    }

    // A record loaded: the page shows where `kaleido replay` ends.
    let loaded = "[Variant \"chess\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n";
    page.browser.eval(
        "document.getElementById('pgn').value = arguments[0];",
        json!([loaded]),
    );
    page.browser.click("#load-pgn");
    page.answer(true);
    // (The engine, Black, may have answered already: the position after the record is asked.)
    let expected = replay_fen(loaded, "loaded");
    assert_eq!(page.fen_at(5), expected, "the loaded record");
    // The engine (Black) answers the loaded game, and the game goes on.
    let (fens, _) = play_turns(&page, "chess", 1);

    // The record the page gives replays to the position it shows.
    page.js("document.getElementById('pgn').value = '';");
    page.browser.click("#save-pgn");
    let saved = page.browser.wait_for(
        "the saved record or an error",
        "const pgn = document.getElementById('pgn').value, p = document.getElementById('prompt'); \
         return pgn ? 'record:' + pgn : p.className === 'error' ? 'error:' + p.textContent : '';",
        WAIT,
    );
    let saved = saved.as_str().unwrap_or_default();
    let record = saved
        .strip_prefix("record:")
        .unwrap_or_else(|| panic!("Save record: {saved}"));
    assert_eq!(
        replay_fen(record, "saved"),
        fens[fens.len() - 1],
        "{record}"
    );
}

/// The stand-in worker always: the page's worker transport against the native board (no
/// WebAssembly needed), a 409 for a stale turn included.
#[test]
fn the_page_speaks_to_a_worker_as_it_does_to_the_server() {
    let mut site = Site::stand_in();
    let page = Page::start(1100, 850);
    page.open(&format!("{}?variant=reflection-8", site.page));
    assert_eq!(page.js("return BACKEND;"), json!("worker"));
    site.go_offline();
    assert_eq!(page.state()["variant"], "reflection-8");
    new_game(&page, "reflection-8", None);
    play_turns(&page, "reflection-8", 2);
    // A stale generation is refused by the back end and answered with the game as it is.
    let answer = page.js(
        "return transport('POST', '/api/play', JSON.stringify({ move: 'a2a3', generation: 0 }))\
         .then(r => [r.status, !!r.json.state]);",
    );
    assert_eq!(answer, json!([409, true]));
}

/// A page of another origin with the board in an iframe: `src` is the board's address.
fn host_page(dir: &Path, src: &str) -> StaticServer {
    std::fs::create_dir_all(dir).expect("host folder");
    let html = format!(
        "<!doctype html><meta charset=\"utf-8\"><title>Another site</title>\
         <body style=\"font: 15px sans-serif; margin: 1em\"><h2>Another site's page</h2>\
         <p>Kaleido's board, embedded:</p>\
         <iframe id=\"kaleido\" src=\"{src}\" width=\"440\" height=\"560\" \
         style=\"border: 1px solid #888\"></iframe></body>"
    );
    std::fs::write(dir.join("index.html"), html).expect("host page");
    StaticServer::start(dir)
}

/// In the frame: the board alone, sized to the frame, and a turn played on it.
fn board_alone_in_a_frame(page: &Page, host: &StaticServer, name: &str) {
    page.browser.goto(&host.url);
    page.browser.wait_for(
        "the frame",
        "return document.getElementById('kaleido');",
        WAIT,
    );
    page.browser.enter_frame("#kaleido");
    page.ready();
    let shown = page.js(
        "const shown = id => { const e = document.querySelector(id); \
         return !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0; }; \
         return ['header', '#side-panel', '#nav', '#prompt', '#board'].map(shown);",
    );
    assert_eq!(
        shown,
        json!([false, false, false, true, true]),
        "{name}: header, side panel, navigation, prompt, board"
    );
    let fit = page.js(
        "const r = document.getElementById('board').getBoundingClientRect(); \
         return [r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1, \
                 r.width >= 0.85 * innerWidth || r.height >= 0.6 * innerHeight];",
    );
    assert_eq!(
        fit,
        json!([true, true]),
        "{name}: the board inside the frame, and filling it"
    );
    assert_eq!(page.js("return location.search;"), json!("?embed=1"));
    assert_eq!(page.state()["variant"], "xiangqi");
    play_turns(page, "xiangqi", 1);
    page.browser.leave_frame();
    if name == "static" {
        page.js("window.scrollTo(0, 0);");
        page.save_screenshot("web-embed");
    }
}

/// `embed=1` in another origin's iframe: from the static site with the network gone after the
/// load, and from `kaleido gui`.
#[test]
fn the_board_alone_in_another_sites_frame() {
    let page = Page::start(760, 860);
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));

    let mut site = Site::start();
    let src = format!("{}?embed=1&variant=xiangqi", site.page);
    let host = host_page(&tmp.join("web-host-static"), &src);
    assert_ne!(host.url, site.server.url, "two origins");
    board_alone_in_a_frame(&page, &host, "static");
    site.go_offline();
    // The board in the frame plays on without its host.
    page.browser.enter_frame("#kaleido");
    play_turns(&page, "xiangqi", 1);
    page.browser.leave_frame();
    drop(host);

    let gui = GuiServer::start();
    // `kaleido gui` still sends the page whole (docs/gui.md): every asset written into its
    // template's tag, so the loader finds no address to fetch.
    let (status, page_text) = http::request("GET", &gui.url, None).expect("the page");
    assert_eq!(status, 200);
    for asset in ["style.css", "hanzi.js", "pieces.js", "board.js", "app.js"] {
        assert!(
            page_text.contains(&format!("/* /{asset} */")),
            "{asset} is not written into kaleido gui's page"
        );
    }
    assert!(
        !page_text.contains("src=\"/") && !page_text.contains("href=\"/style.css\""),
        "an asset left to fetch"
    );
    let src = format!("{}?embed=1&variant=xiangqi", gui.url);
    let host = host_page(&tmp.join("web-host-native"), &src);
    board_alone_in_a_frame(&page, &host, "native");
}
