//! `kaleido gui`: Kaleido's own board in a web browser. A small synchronous HTTP server
//! (`tiny_http`: one person, one board, no async runtime needed) serves the page and its assets,
//! which are compiled into the binary from `web/`, and answers the board's API calls (`api`). The
//! page holds no rules: legal targets, turn building, notation and results come from the engine.

pub mod api;
mod clock;
mod engine;
pub mod game;
mod record;

use crate::game::VariantOptions;
use std::io::Read;

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
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
];

/// Request bodies larger than this are refused (a game record is far smaller).
const MAX_BODY: u64 = 1 << 20;

/// Serves the board on `host:port` (port 0: any free port) until the process ends. The first
/// line printed is the URL.
pub fn serve(host: &str, port: u16) -> Result<(), String> {
    let server = tiny_http::Server::http((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .unwrap_or(port);
    let shown_host = if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    println!("Kaleido board: http://{shown_host}:{port}/");
    let game = game::GuiGame::new("chess", None, &VariantOptions::default())?;
    let api = api::Api::new(game);
    for request in server.incoming_requests() {
        respond(&api, request);
    }
    Ok(())
}

fn respond(api: &api::Api, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("/").to_string();
    let response = if path.starts_with("/api/") {
        let mut body = String::new();
        let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
        let (status, json) = match read {
            Ok(_) => api.handle(&method, &path, &body),
            Err(e) => (
                400,
                serde_json::json!({ "error": format!("unreadable body: {e}") }),
            ),
        };
        text_response(status, "application/json", json.to_string())
    } else {
        match ASSETS.iter().find(|(p, _, _)| *p == path) {
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
