//! The board's page in a real browser, driven as a person drives it: clicks and drags on squares,
//! the picker, the page's questions; and what the tests compare it with. Both browser tests use
//! it: `gui_browser` (the page of `kaleido gui`) and `web_static` (the static site, whose engine
//! runs in the page).

use crate::binary::{run, stdout_lines};
use crate::webdriver::Browser;
use kaleido::game::{Dialect, VariantOptions};
use kaleido::session::Session;
use kaleido::turn::Step;
use kaleido::variants;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long the page may take to settle or to show a position (a loaded 2-core machine).
pub const WAIT: Duration = Duration::from_secs(60);

/// One browser at a time: a test binary's tests run on parallel threads, and several Chromiums
/// at once on a loaded two-core machine make every wait a race.
static ONE_BROWSER: Mutex<()> = Mutex::new(());

/// A browser on the board's page (the only one of its test binary while it lives).
pub struct BoardPage {
    pub browser: Browser,
    _one: MutexGuard<'static, ()>,
}

impl BoardPage {
    /// A browser window of this size, once no other test of the binary holds one.
    pub fn start(width: u32, height: u32) -> BoardPage {
        let one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
        BoardPage {
            browser: Browser::start(width, height),
            _one: one,
        }
    }

    pub fn js(&self, script: &str) -> Value {
        self.browser.eval(script, json!([]))
    }

    /// Waits until the page has no request under way; returns the FEN it shows.
    pub fn idle(&self) -> String {
        let fen = self.browser.wait_for(
            "the page to settle",
            "const s = document.getElementById('status'); \
             return window.kaleido && !window.kaleido.busy && window.kaleido.state && s.dataset.fen;",
            WAIT,
        );
        fen.as_str().unwrap_or_default().to_string()
    }

    /// Waits (a while) for the page to show `fen`, the position the native engine reached.
    pub fn shows(&self, fen: &str, what: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            let shown = self.idle();
            if shown == fen {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: the page shows {shown}, the native engine says {fen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The square whose piece is picked up, if any ("" when none).
    pub fn selected(&self) -> String {
        let v = self.js("return document.getElementById('board').dataset.selected;");
        v.as_str().unwrap_or_default().to_string()
    }

    /// The kind of picker open (`prefix`: a choice before the turn's first part, `step`: for the
    /// part just entered), if any.
    pub fn picker(&self) -> Option<String> {
        let kind = self.js(
            "const p = document.getElementById('picker'); return p.hidden ? '' : p.dataset.kind;",
        );
        kind.as_str().filter(|k| !k.is_empty()).map(str::to_string)
    }

    pub fn prompt(&self) -> String {
        let p = self.js("return document.getElementById('prompt').textContent;");
        p.as_str().unwrap_or_default().to_string()
    }

    pub fn click_square(&self, square: &str) {
        self.browser
            .click(&format!(".cell-hit[data-square=\"{square}\"]"));
        self.idle();
    }

    pub fn pick(&self, choice: &str) {
        self.browser
            .click(&format!("#picker-choices button[data-choice=\"{choice}\"]"));
        self.idle();
    }

    /// Drags the piece on `from` to `to` as a person does with the mouse.
    pub fn drag(&self, from: &str, to: &str) {
        self.browser.drag(
            &format!(".cell-hit[data-square=\"{from}\"]"),
            &format!(".cell-hit[data-square=\"{to}\"]"),
            true,
        );
        self.idle();
    }

    /// Enters a turn part by part, as a person: pick up, put down, answer the picker.
    /// `progress(index, placed)` runs after each step's piece is picked up (`placed` false) and
    /// after the step is entered (`placed` true).
    pub fn click_turn(&self, steps: &[Step], progress: &mut dyn FnMut(usize, bool)) {
        self.enter_turn(steps, false, progress);
    }

    /// `click_turn`, with every part that moves a piece from one place to another dragged there
    /// instead of clicked (`drag`); returns whether any part was dragged.
    pub fn enter_turn(
        &self,
        steps: &[Step],
        drag: bool,
        progress: &mut dyn FnMut(usize, bool),
    ) -> bool {
        let mut dragged = false;
        for (index, step) in steps.iter().enumerate() {
            let is_prefix = step.from.is_none() && step.to.is_none();
            if index == 0 && !is_prefix && self.picker().as_deref() == Some("prefix") {
                self.pick("-"); // a pending king's form is not chosen first in this turn
            }
            let draggable = match (&step.from, &step.to) {
                (Some(from), Some(to)) => drag && from != to,
                _ => false,
            };
            if draggable {
                let (from, to) = (
                    step.from.as_deref().unwrap_or(""),
                    step.to.as_deref().unwrap_or(""),
                );
                self.drag(from, to);
                dragged = true;
            } else if let Some(from) = &step.from {
                if self.selected() != *from {
                    self.click_square(from);
                }
                progress(index, false);
            }
            if let (Some(to), false) = (&step.to, draggable) {
                self.click_square(to);
            }
            let expected = if is_prefix { "prefix" } else { "step" };
            if self.picker().as_deref() == Some(expected) {
                let title = self.js("return document.getElementById('picker').textContent;");
                eprintln!("  picker: {title}");
                self.pick(step.choice.as_deref().unwrap_or(""));
            }
            progress(index, true);
        }
        dragged
    }

    /// Waits for the page's question (a game would be replaced, a resignation...) and answers.
    pub fn answer(&self, yes: bool) {
        self.browser.wait_for(
            "the page to ask",
            "return document.getElementById('ask').open;",
            WAIT,
        );
        self.browser.click(if yes { "#ask-yes" } else { "#ask-no" });
        self.idle();
    }

    /// Presses a key on the page (not on the board, where the arrows move the cursor).
    pub fn press_page_key(&self, key: &str) {
        self.js("document.activeElement && document.activeElement.blur();");
        self.browser.press(key);
        self.idle();
    }

    /// Saves what the page looks like as `NAME.png` in `folder` (a test's own, under its
    /// `CARGO_TARGET_TMPDIR`), and in `KALEIDO_GUI_SHOTS` when set.
    pub fn save_screenshot(&self, folder: PathBuf, name: &str) {
        let png = self.browser.screenshot();
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        let mut dirs = vec![folder];
        if let Ok(dir) = std::env::var("KALEIDO_GUI_SHOTS") {
            dirs.push(PathBuf::from(dir));
        }
        for dir in dirs {
            std::fs::create_dir_all(&dir).expect("screenshot folder");
            std::fs::write(dir.join(format!("{name}.png")), &png).expect("screenshot written");
        }
    }
}

/// A native session of `variant` at `fen` (`startpos`: its start), default options.
pub fn session(variant: &str, fen: &str) -> Box<dyn Session> {
    let mut s = variants::find(variant)
        .and_then(|v| v.new_session(&VariantOptions::default()).ok())
        .expect("variant");
    if fen != "startpos" {
        s.set_fen(fen, Dialect::Uci).expect("test FEN");
    }
    s
}

/// `kaleido play`: the FEN after `moves` from `fen`.
pub fn play_fen(variant: &str, fen: &str, moves: &[String]) -> String {
    let mut args = vec!["play", "--variant", variant, "--fen", fen];
    args.extend(moves.iter().map(String::as_str));
    let output = run(&args);
    assert!(
        output.status.success(),
        "kaleido play {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout_lines(&output).pop().expect("a FEN line")
}

/// The moves of a game's state (the board API's `/api/state`), in the entry notation.
pub fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["uci"].as_str().expect("uci").to_string())
        .collect()
}

/// `text` percent-encoded for a link's query (`?variant=...&fen=...`).
pub fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
