//! The static site in tests (docs/web.md): `dist/kaleido-web/` as scripts/web.sh makes it, served
//! by a plain `python3 -m http.server` that a test can kill (the network gone after the page has
//! loaded); and a stand-in site for the page's worker transport without WebAssembly: the page's
//! own files with a `worker.js` that forwards each message over HTTP to `kaleido gui`.

use crate::http;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

/// The repository's root (the workspace holding this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// The static site: `KALEIDO_WEB_DIST` when set (it must hold the site), else the repository's
/// `dist/kaleido-web/`, made by `scripts/web.sh` when it is missing or older than what it is
/// made from (once per test process, whichever test asks first).
pub fn web_dist() -> PathBuf {
    static MADE: OnceLock<PathBuf> = OnceLock::new();
    MADE.get_or_init(make_web_dist).clone()
}

fn make_web_dist() -> PathBuf {
    if let Ok(dir) = std::env::var("KALEIDO_WEB_DIST") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.join("index.html").exists(),
            "KALEIDO_WEB_DIST={} holds no index.html",
            dir.display()
        );
        return dir;
    }
    let root = root();
    let dir = root.join("dist").join("kaleido-web");
    // The page, its scripts and the module's sources all live under these.
    let sources = [
        "src",
        "vocab/src",
        "Cargo.toml",
        "Cargo.lock",
        "scripts/web.sh",
    ]
    .iter()
    .map(|p| newest(&root.join(p)))
    .max()
    .expect("sources listed");
    let made = ["index.html", "kaleido.wasm"]
        .iter()
        .map(|f| std::fs::metadata(dir.join(f)).and_then(|m| m.modified()))
        .collect::<Result<Vec<_>, _>>()
        .ok()
        .and_then(|times| times.into_iter().min());
    if made.is_none_or(|made| made < sources) {
        let script = root.join("scripts").join("web.sh");
        let status = Command::new("bash")
            .arg(&script)
            .current_dir(&root)
            .stdin(Stdio::null())
            .status()
            .expect("scripts/web.sh runs");
        assert!(status.success(), "scripts/web.sh failed ({status})");
        assert!(
            dir.join("index.html").exists(),
            "scripts/web.sh made no {}",
            dir.display()
        );
    }
    dir
}

/// The newest modification time of the files under `path`.
fn newest(path: &Path) -> SystemTime {
    let meta = std::fs::metadata(path).expect("a source path exists");
    let mut time = meta.modified().expect("the file system keeps times");
    if meta.is_dir() {
        for entry in std::fs::read_dir(path).expect("a readable source folder") {
            time = time.max(newest(&entry.expect("a folder entry").path()));
        }
    }
    time
}

/// A free loopback port (free when asked; the server started on it next takes it).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `python3 -m http.server` on a free loopback port serving `dir`: a plain static host.
pub struct StaticServer {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl StaticServer {
    pub fn start(dir: &Path) -> StaticServer {
        let port = free_port();
        let child = Command::new("python3")
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
            ])
            .arg("--directory")
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m http.server starts");
        let server = StaticServer {
            child,
            url: format!("http://127.0.0.1:{port}/"),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while http::request("GET", &server.url, None).is_err() {
            assert!(
                Instant::now() < deadline,
                "the static server did not answer"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// Ends the server: from here on nothing answers on its port.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether anything still answers on the server's address.
    pub fn answers(&self) -> bool {
        http::request("GET", &self.url, None).is_ok()
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The stand-in game worker: what the real one answers it gets from `kaleido gui` (through
/// `ApiProxy`, which lets this page's origin read the answers).
const FAKE_WORKER: &str = r#"// Test stand-in for the game worker: forwards each message to kaleido gui's API.
"use strict";
const API = "__API__";
self.onmessage = async ({ data }) => {
  const { id, method, path, query, body } = data;
  try {
    const url = API + path + (query ? "?" + query : "");
    const post = method === "POST";
    const r = await fetch(url, { method, headers: post ? { "Content-Type": "application/json" } : {}, body: post ? body : undefined });
    self.postMessage({ id, status: r.status, json: await r.json() });
  } catch (e) {
    self.postMessage({ id, status: 500, json: { error: String(e) } });
  }
};
"#;

/// A site of the page's own files (src/gui/web) with the worker back end chosen and the
/// stand-in worker, whose API is at `api` (an `ApiProxy`'s URL): the page's worker transport
/// and static hosting tested without WebAssembly. Made in a fresh folder under `parent`.
pub fn fake_site(parent: &Path, api: &str) -> PathBuf {
    let dir = parent.join(format!("fake-web-site-{}", free_port()));
    std::fs::create_dir_all(&dir).expect("site folder");
    let web = root().join("src").join("gui").join("web");
    for entry in std::fs::read_dir(&web).expect("src/gui/web").flatten() {
        let name = entry.file_name();
        let text = std::fs::read_to_string(entry.path()).expect("a page file");
        let text = if name == "index.html" {
            let http = r#"<meta name="kaleido-backend" content="http">"#;
            assert!(text.contains(http), "index.html chooses its back end");
            text.replace(http, r#"<meta name="kaleido-backend" content="worker">"#)
        } else {
            text
        };
        std::fs::write(dir.join(&name), text).expect("site file");
    }
    let worker = FAKE_WORKER.replace("__API__", api.trim_end_matches('/'));
    std::fs::write(dir.join("worker.js"), worker).expect("worker.js");
    dir
}

/// Forwards `/api/...` requests to a `kaleido gui` as its own page would send them, answering
/// with CORS headers so that a page of another origin (the stand-in worker's) may read them.
/// Runs until the test process ends.
pub struct ApiProxy {
    /// `http://127.0.0.1:PORT`
    pub url: String,
}

impl ApiProxy {
    pub fn start(gui_url: &str) -> ApiProxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("proxy port");
        let port = listener.local_addr().expect("proxy address").port();
        let gui = gui_url.trim_end_matches('/').to_string();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let gui = gui.clone();
                std::thread::spawn(move || proxy_one(stream, &gui));
            }
        });
        ApiProxy {
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

/// Answers one request on `stream` (one per connection: `Connection: close`).
fn proxy_one(stream: TcpStream, gui: &str) {
    let _ = stream.set_read_timeout(Some(http::REQUEST_TIMEOUT));
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let mut parts = line.split_whitespace();
    let (method, path) = match (parts.next(), parts.next()) {
        (Some(m), Some(p)) => (m.to_string(), p.to_string()),
        _ => return,
    };
    let mut length = 0;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let (status, text) = if method == "OPTIONS" {
        (204, String::new())
    } else {
        let body = String::from_utf8_lossy(&body);
        let sent = (method == "POST").then_some(body.as_ref());
        http::request(&method, &format!("{gui}{path}"), sent)
            .unwrap_or_else(|e| (502, format!("{{\"error\":\"{}\"}}", e.replace('"', "'"))))
    };
    let answer = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\n\
         Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: GET, POST\r\n\
         Access-Control-Allow-Headers: Content-Type\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = (&stream).write_all(answer.as_bytes());
}
