//! Kaleido's board server for tests: the real binary's `kaleido gui` on a free loopback port,
//! stopped when the value is dropped, and its JSON API.

use crate::binary::kaleido;
use crate::http;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

pub struct GuiServer {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    /// Where this server keeps its game (a fresh file of its own, removed on drop unless kept).
    pub game_file: PathBuf,
    keep_file: bool,
}

/// A game file no other server of this test run uses.
fn fresh_game_file() -> PathBuf {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    std::env::temp_dir().join(format!("kaleido-gui-game-{}-{n}.json", std::process::id()))
}

impl GuiServer {
    /// A server with a game of its own (a fresh game file: the user's is never touched).
    pub fn start() -> GuiServer {
        let file = fresh_game_file();
        let _ = std::fs::remove_file(&file);
        GuiServer::start_on(file)
    }

    /// A server that keeps its game in `game_file` (a restart reads it back).
    pub fn start_on(game_file: PathBuf) -> GuiServer {
        let child = Command::new(kaleido())
            .args(["gui", "--port", "0", "--game-file"])
            .arg(&game_file)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kaleido gui starts");
        // Owned from here on: a failure below still ends the server (Drop).
        let mut server = GuiServer {
            child,
            url: String::new(),
            game_file,
            keep_file: false,
        };
        let stdout = server.child.stdout.take().expect("piped stdout");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("kaleido gui prints its URL");
        server.url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {first:?}"))
            .to_string();
        server
    }

    /// Calls the API: `path` like `/api/state`; returns the status and the JSON answer.
    pub fn call(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string);
        self.call_text(method, path, body.as_deref())
    }

    /// The same with a body that is not JSON (a game record), or no body.
    pub fn call_text(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let url = format!("{}{}", self.url.trim_end_matches('/'), path);
        let (status, text) = http::request(method, &url, body).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{method} {path}: answer is not JSON ({e}): {text}"));
        (status, json)
    }

    /// Ends this server as a crash or a closed terminal would, keeping its game file for the
    /// next one.
    pub fn stop_keeping_file(mut self) -> PathBuf {
        self.keep_file = true;
        self.game_file.clone()
    }

    /// A call with headers of the test's choosing (a foreign `Origin`, `Host`, content type).
    pub fn call_with(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> (u16, Value) {
        let url = format!("{}{}", self.url.trim_end_matches('/'), path);
        let (status, text) =
            http::request_with(method, &url, headers, body).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, json)
    }

    /// A call that must succeed.
    pub fn ok(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, json) = self.call(method, path, Some(&body));
        assert_eq!(status, 200, "{method} {path} {body}: {json}");
        json
    }
}

impl Drop for GuiServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.keep_file {
            let _ = std::fs::remove_file(&self.game_file);
        }
    }
}

/// A checking move in each game whose board marks check: (variant, FEN, move, the king's square
/// after it). Hand-made positions, each a rook, chariot, queen or Advancer giving check.
pub const CHECKING_MOVES: &[(&str, &str, &str, &str)] = &[
    ("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "e8"),
    (
        "xiangqi",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "a1a10",
        "d10",
    ),
    ("sonic", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1a4", "e8"),
    (
        "symmetron-112",
        "5k5/11/11/11/11/11/11/11/11/A4K5 Uu w 0 1",
        "a1a10",
        "f10",
    ),
];
