//! A small HTTP/1.1 client for tests that talk to local servers (Kaleido's board, chromedriver):
//! one request per connection, `Content-Length` or chunked answers. Only loopback URLs are used.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// How long one request may take before the test fails as hung (a first page load in a fresh
/// Chromium took over a minute on a 2-core machine under a load of 15).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(180);

/// Sends `method` to `url` (`http://host:port/path`) with an optional JSON or text body; returns
/// the status and the body.
pub fn request(method: &str, url: &str, body: Option<&str>) -> Result<(u16, String), String> {
    request_with(method, url, &[], body)
}

/// The same with `headers` (name, value) sent as given: a `Host` or `Content-Type` among them
/// replaces the one sent by default (the board's tests send foreign ones on purpose).
pub fn request_with(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("not an http URL: {url}"))?;
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let mut stream = TcpStream::connect(host).map_err(|e| format!("connect {host}: {e}"))?;
    stream
        .set_read_timeout(Some(REQUEST_TIMEOUT))
        .and_then(|_| stream.set_write_timeout(Some(REQUEST_TIMEOUT)))
        .map_err(|e| e.to_string())?;
    let body = body.unwrap_or("");
    let given = |name: &str| headers.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !given("Host") {
        head.push_str(&format!("Host: {host}\r\n"));
    }
    if !given("Content-Type") {
        head.push_str("Content-Type: application/json; charset=utf-8\r\n");
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(body.as_bytes()))
        .map_err(|e| format!("send to {url}: {e}"))?;
    read_response(&mut stream).ok_or_else(|| format!("malformed or cut answer from {url}"))
}

/// Reads one answer: the head, then exactly `Content-Length` bytes, or chunks up to the last,
/// or (neither given) to the end. Servers that keep the connection open (chromedriver does, even
/// when asked to close) are never waited on past the answer.
fn read_response(stream: &mut impl Read) -> Option<(u16, String)> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let mut head_end = None;
    loop {
        if let Some(end) = head_end {
            if let Some(done) = complete(&raw, end) {
                let (status, body) = done?;
                return Some((status, body));
            }
        }
        let n = stream.read(&mut buf).ok()?;
        if n == 0 {
            let end = head_end?;
            return complete(&raw, end).unwrap_or_else(|| parse_response(&raw, end));
        }
        raw.extend_from_slice(&buf[..n]);
        if head_end.is_none() {
            head_end = raw.windows(4).position(|w| w == b"\r\n\r\n");
        }
    }
}

/// The answer if `raw` holds all of it (`None`: read on), `Some(None)` if it is malformed.
#[allow(clippy::option_option)]
fn complete(raw: &[u8], head_end: usize) -> Option<Option<(u16, String)>> {
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let body = &raw[head_end + 4..];
    let length = head.lines().find_map(|l| {
        l.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    });
    if let Some(length) = length {
        return (body.len() >= length)
            .then(|| parse_response(&raw[..head_end + 4 + length], head_end));
    }
    if head.contains("transfer-encoding:") && head.contains("chunked") {
        return body
            .windows(5)
            .any(|w| w == b"0\r\n\r\n")
            .then(|| parse_response(raw, head_end))
            .filter(Option::is_some);
    }
    None
}

fn parse_response(raw: &[u8], split: usize) -> Option<(u16, String)> {
    let head = std::str::from_utf8(&raw[..split]).ok()?;
    let status: u16 = head.split_whitespace().nth(1)?.parse().ok()?;
    let body = &raw[split + 4..];
    let chunked = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("transfer-encoding:") && l.contains("chunked")
    });
    let body = if chunked {
        dechunk(body)?
    } else {
        body.to_vec()
    };
    Some((status, String::from_utf8_lossy(&body).into_owned()))
}

fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&body[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(body.get(..size)?);
        body = body.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_length_and_chunked_answers() {
        let plain: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi";
        assert_eq!(read_response(&mut { plain }), Some((200, "hi".into())));
        let chunked: &[u8] = b"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(read_response(&mut { chunked }), Some((404, "abcde".into())));
        let garbage: &[u8] = b"garbage";
        assert_eq!(read_response(&mut { garbage }), None);
    }
}
