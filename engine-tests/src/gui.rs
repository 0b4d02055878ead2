//! Kaleido's board server for tests: the real binary's `kaleido gui` on a free loopback port,
//! stopped when the value is dropped, and its JSON API.

use crate::binary::kaleido;
use crate::http;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

pub struct GuiServer {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl GuiServer {
    pub fn start() -> GuiServer {
        let child = Command::new(kaleido())
            .args(["gui", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kaleido gui starts");
        // Owned from here on: a failure below still ends the server (Drop).
        let mut server = GuiServer {
            child,
            url: String::new(),
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
    }
}
