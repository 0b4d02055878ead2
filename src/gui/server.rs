//! The board's HTTP server: the page and its assets, the API calls, who may ask.

use super::{api, game, store};
use crate::game::VariantOptions;
use std::io::Read;
use std::path::PathBuf;

/// The page and its assets: (path, content type, body).
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("web/index.html"),
    ),
    (
        "/index.html",
        "text/html; charset=utf-8",
        include_str!("web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("web/style.css"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("web/board.js"),
    ),
    (
        "/pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("web/pieces.js"),
    ),
    (
        "/hanzi.js",
        "text/javascript; charset=utf-8",
        include_str!("web/hanzi.js"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
];

/// The page with its style sheet and scripts written into it: one request loads the board.
/// tiny_http 0.12's connection pool can leave a connection unserved when several arrive at once
/// while its threads wait on idle keep-alive connections (docs/gui.md); a page that needs one
/// connection to load does not set that off. The assets stay served on their own paths too.
fn whole_page() -> String {
    let mut page = ASSETS[0].2.to_string();
    for (path, _, body) in ASSETS {
        let script = format!("<script src=\"{path}\"></script>");
        let sheet = format!("<link rel=\"stylesheet\" href=\"{path}\">");
        // `</script` cannot occur inside a script element; our scripts do not contain it.
        page = page
            .replace(&script, &format!("<script>/* {path} */\n{body}</script>"))
            .replace(&sheet, &format!("<style>/* {path} */\n{body}</style>"));
    }
    page
}

/// Request bodies larger than this are refused with 413 (a game record is far smaller).
pub const MAX_BODY: usize = 1 << 20;

/// Where the game is kept across restarts: the default file in the user's data directory, a
/// file given, or nowhere (`none`).
pub fn store_path(given: Option<&str>) -> Option<PathBuf> {
    match given {
        Some("none") => None,
        Some(path) => Some(PathBuf::from(path)),
        None => store::default_path(),
    }
}

/// Serves the board on `host:port` (port 0: any free port) until the process ends. The first
/// line printed is the URL. `store`: where the game is kept across restarts.
pub fn serve(host: &str, port: u16, store: Option<PathBuf>) -> Result<(), String> {
    let server = tiny_http::Server::http((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = server.server_addr().to_ip();
    let port = address.map(|a| a.port()).unwrap_or(port);
    let shown_host = if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    println!("Kaleido board: http://{shown_host}:{port}/");
    let loopback = address.is_some_and(|a| a.ip().is_loopback());
    if !loopback {
        eprintln!(
            "warning: the board listens on {shown_host}:{port}, beyond this machine, and has no \
             authentication: anyone who can reach it can play, load records and start the engine"
        );
    }
    let kept = match store.as_deref().map(store::load) {
        Some(Ok(Some(game))) => Some(game),
        Some(Err(e)) => {
            eprintln!("note: the kept game could not be read ({e}); starting a new one");
            None
        }
        _ => None,
    };
    let game = match kept {
        Some(game) => game,
        None => game::GuiGame::new("chess", None, &VariantOptions::default())?,
    };
    let guard = Guard::new(host, port, address.is_some_and(|a| a.ip().is_unspecified()));
    let api = api::Api::new(game, store);
    api.start();
    for request in server.incoming_requests() {
        respond(&api, &guard, request);
    }
    Ok(())
}

/// Who may talk to the board: requests must name this server in `Host` (a page on another
/// site reaching it through a rebound DNS name does not), and a browser's `Origin`, when sent,
/// must be this server too (another site's page may not drive it).
struct Guard {
    hosts: Vec<String>,
    /// Listening on every address: any `Host` is this machine, `Origin` must match `Host`.
    any_host: bool,
}

impl Guard {
    fn new(host: &str, port: u16, any_host: bool) -> Guard {
        let mut names = vec![
            "127.0.0.1".to_string(),
            "localhost".to_string(),
            "[::1]".to_string(),
        ];
        names.push(if host.contains(':') {
            format!("[{host}]")
        } else {
            host.to_string()
        });
        let hosts = names
            .iter()
            .map(|n| format!("{}:{port}", n.to_ascii_lowercase()))
            .collect();
        Guard { hosts, any_host }
    }

    /// Why the request is refused, if it is.
    fn refuse(&self, request: &tiny_http::Request) -> Option<String> {
        let header = |name: &'static str| {
            request
                .headers()
                .iter()
                .find(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().trim().to_ascii_lowercase())
        };
        let Some(host) = header("Host") else {
            return Some("no Host header".into());
        };
        if !self.any_host && !self.hosts.contains(&host) {
            return Some(format!("foreign Host {host}"));
        }
        match header("Origin") {
            Some(origin) if origin != format!("http://{host}") => {
                Some(format!("foreign Origin {origin}"))
            }
            _ => None,
        }
    }
}

fn respond(api: &api::Api, guard: &Guard, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let (path, query) = (path.to_string(), query.to_string());
    let response = if let Some(why) = guard.refuse(&request) {
        json_response(
            403,
            serde_json::json!({ "error": format!("refused: {why}") }),
        )
    } else if path.starts_with("/api/") {
        let (status, json) = match read_body(&method, &mut request) {
            Ok(body) => api.handle(&method, &path, &query, &body),
            Err(reply) => reply,
        };
        json_response(status, json)
    } else {
        match ASSETS.iter().find(|(p, _, _)| *p == path) {
            Some((_, kind, _)) if method == "GET" && (path == "/" || path == "/index.html") => {
                text_response(200, kind, whole_page())
            }
            Some((_, kind, body)) if method == "GET" => text_response(200, kind, body.to_string()),
            _ => text_response(
                404,
                "text/plain; charset=utf-8",
                format!("not found: {path}"),
            ),
        }
    };
    if let Err(e) = request.respond(response) {
        log::warn!("gui: cannot answer {method} {url}: {e}");
    }
}

/// The body of an API call. A POST must say it is JSON (a page on another site can send
/// `text/plain` without asking; JSON it cannot) and stay under `MAX_BODY` (413, never cut).
fn read_body(method: &str, request: &mut tiny_http::Request) -> Result<String, api::Reply> {
    if method == "POST" {
        let json = request.headers().iter().any(|h| {
            h.field.equiv("Content-Type")
                && h.value
                    .as_str()
                    .split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Err((
                415,
                serde_json::json!({ "error": "send the body as Content-Type: application/json" }),
            ));
        }
    }
    let too_large = || {
        (
            413,
            serde_json::json!({ "error": format!("the request body is over {MAX_BODY} bytes") }),
        )
    };
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            (
                400,
                serde_json::json!({ "error": format!("unreadable body: {e}") }),
            )
        })?;
    if bytes.len() > MAX_BODY {
        return Err(too_large());
    }
    String::from_utf8(bytes)
        .map_err(|_| (400, serde_json::json!({ "error": "the body is not UTF-8" })))
}

fn json_response(
    status: u16,
    json: serde_json::Value,
) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    text_response(status, "application/json", json.to_string())
}

fn text_response(
    status: u16,
    kind: &str,
    body: String,
) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let mut response = tiny_http::Response::from_string(body).with_status_code(status);
    if let Ok(header) = tiny_http::Header::from_bytes("Content-Type", kind) {
        response.add_header(header);
    }
    if let Ok(header) = tiny_http::Header::from_bytes("Cache-Control", "no-store") {
        response.add_header(header);
    }
    response
}
