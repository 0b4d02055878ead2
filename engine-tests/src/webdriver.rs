//! A small W3C WebDriver client for the browser test: Debian's headless Chromium driven through
//! its `chromedriver`. Synchronous and tiny on purpose (the test needs a dozen commands); the
//! async WebDriver crates would bring an async runtime into the test build for nothing.

use crate::http;
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The flags Chromium needs as root on a machine with a closed network (it hangs without them).
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Where Debian's `chromium` and `chromium-driver` packages put the two programs.
const DEBIAN_TOOLS: [(&str, &str, &str); 2] = [
    ("KALEIDO_CHROMIUM", "/usr/bin/chromium", "chromium"),
    (
        "KALEIDO_CHROMEDRIVER",
        "/usr/bin/chromedriver",
        "chromium-driver",
    ),
];

/// What a person runs when the test cannot install the browser itself.
const INSTALL_COMMAND: &str = "apt-get update && apt-get install -y chromium chromium-driver";

/// Chromium and chromedriver for the test. KALEIDO_CHROMIUM / KALEIDO_CHROMEDRIVER, when set,
/// are used as given (a wrong path is the caller's error, never a reason to touch the system);
/// otherwise Debian's, installed with apt-get when missing, so that the README's one test command
/// passes on a fresh machine. Panics, saying how to install them, when they are missing and
/// cannot be installed: a browser test never passes by skipping itself.
fn browser_tools() -> (String, String) {
    let chosen: Vec<Option<String>> = DEBIAN_TOOLS
        .iter()
        .map(|(env, _, _)| std::env::var(env).ok())
        .collect();
    let missing_debian: Vec<&str> = DEBIAN_TOOLS
        .iter()
        .zip(&chosen)
        .filter(|((_, path, _), set)| set.is_none() && !Path::new(path).exists())
        .map(|((_, _, package), _)| *package)
        .collect();
    if !missing_debian.is_empty() {
        if let Err(message) = install_debian_browser(&missing_debian) {
            panic!("{message}");
        }
    }
    let paths: Vec<String> = DEBIAN_TOOLS
        .iter()
        .zip(chosen)
        .map(|((env, default, _), set)| {
            let path = set.unwrap_or_else(|| default.to_string());
            assert!(
                Path::new(&path).exists(),
                "{path} is missing: the browser test needs Debian's Chromium and its driver \
                 ({INSTALL_COMMAND}), or {env} naming it"
            );
            path
        })
        .collect();
    (paths[0].clone(), paths[1].clone())
}

/// Installs those of `packages` still missing, once for every test in this process (the first
/// caller installs, the others wait for its result) and once across processes (a file lock: test
/// binaries and other checkouts may run at the same time; apt-get would fail on dpkg's lock).
fn install_debian_browser(packages: &[&str]) -> Result<(), String> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            let lock_path = std::env::temp_dir().join("kaleido-chromium-install.lock");
            let lock = std::fs::File::create(&lock_path)
                .map_err(|e| format!("{}: {e}", lock_path.display()))?;
            lock.lock()
                .map_err(|e| format!("{}: {e}", lock_path.display()))?;
            // Another process may have installed them while this one waited for the lock.
            let missing: Vec<&str> = DEBIAN_TOOLS
                .iter()
                .filter(|(_, path, package)| {
                    packages.contains(package) && !Path::new(path).exists()
                })
                .map(|(_, _, package)| *package)
                .collect();
            let steps = install_steps(&missing, is_root(), has_apt_get())?;
            for step in &steps {
                note(&format!("browser test: running `{}`", step.join(" ")));
                let status = Command::new(&step[0])
                    .args(&step[1..])
                    .env("DEBIAN_FRONTEND", "noninteractive")
                    .stdin(Stdio::null())
                    .status()
                    .map_err(|e| format!("{}: {e}", step[0]))?;
                if !status.success() {
                    return Err(format!(
                        "`{}` failed ({status}): install Chromium and its driver yourself: \
                         {INSTALL_COMMAND}",
                        step.join(" ")
                    ));
                }
            }
            if !steps.is_empty() {
                note("browser test: chromium and chromium-driver installed");
            }
            Ok(())
        })
        .clone()
}

/// The commands that install the `missing` packages: none when nothing is missing; apt-get's
/// package lists first (a fresh machine or container often has none); an error naming the exact
/// command when this process cannot install (not root, or no apt-get).
fn install_steps(missing: &[&str], root: bool, apt_get: bool) -> Result<Vec<Vec<String>>, String> {
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    if !root || !apt_get {
        let why = if apt_get {
            "not root"
        } else {
            "no apt-get here"
        };
        return Err(format!(
            "the browser test needs Chromium and its driver ({} missing) and cannot install \
             them ({why}): run `{INSTALL_COMMAND}` as root (or set KALEIDO_CHROMIUM and \
             KALEIDO_CHROMEDRIVER to a Chromium and its chromedriver)",
            missing.join(", ")
        ));
    }
    // Waits for dpkg's lock rather than failing when another apt-get runs.
    let lock_wait = ["-o", "DPkg::Lock::Timeout=600"];
    let mut update = vec!["apt-get", "-q"];
    update.extend(lock_wait);
    update.push("update");
    let mut install = vec!["apt-get", "-q", "-y"];
    install.extend(lock_wait);
    install.push("install");
    install.extend(missing);
    Ok([update, install]
        .iter()
        .map(|step| step.iter().map(|s| s.to_string()).collect())
        .collect())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

fn has_apt_get() -> bool {
    Command::new("apt-get")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Straight to stderr: the test harness captures `eprintln!`, and a person waiting for a
/// download should see why.
fn note(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    profile: TempDir,
}

/// A fresh Chromium profile folder, removed afterwards.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width` x `height` (installing Debian's
    /// when missing and possible; see `browser_tools`).
    pub fn start(width: u32, height: u32) -> Browser {
        let (chromium, driver_path) = browser_tools();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let driver = Command::new(&driver_path)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{driver_path} does not start: {e}"));
        let profile =
            std::env::temp_dir().join(format!("kaleido-chromium-{}-{port}", std::process::id()));
        // Owned from here on: a failure below still ends the driver (Drop).
        let mut browser = Browser {
            driver,
            base: format!("http://127.0.0.1:{port}"),
            session: String::new(),
            profile: TempDir(profile.clone()),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while http::request("GET", &format!("{}/status", browser.base), None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        args.push(format!("--window-size={width},{height}"));
        // "eager": a navigation returns once the document is parsed; the tests then wait for
        // the page itself (measured: waiting for the full load now and then never returned on
        // this loaded 2-core machine).
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "pageLoadStrategy": "eager",
            "goog:chromeOptions": { "binary": chromium, "args": args }
        }}});
        let answer = browser.command("POST", "/session", Some(capabilities));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        browser
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let body = body.map(|b| b.to_string());
        let (status, text) = http::request(method, &url, body.as_deref().or(Some("{}")))
            .unwrap_or_else(|e| panic!("webdriver {path}: {e}"));
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert!(status == 200, "webdriver {method} {path}: {status} {text}");
        json["value"].clone()
    }

    fn session_command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.command(method, &format!("/session/{}{path}", self.session), body)
    }

    pub fn goto(&self, url: &str) {
        self.session_command("POST", "/url", Some(json!({ "url": url })));
    }

    /// The first element matching a CSS selector, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let found = self.session_command(
            "POST",
            "/elements",
            Some(json!({ "using": "css selector", "value": css })),
        );
        found.as_array()?.first()?[ELEMENT_KEY]
            .as_str()
            .map(str::to_string)
    }

    /// Clicks the element matching `css` as a person would (the driver moves the pointer there).
    pub fn click(&self, css: &str) {
        let element = self
            .find(css)
            .unwrap_or_else(|| panic!("nothing on the page matches {css}"));
        self.session_command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// Presses the mouse on the element matching `from` and moves it, in steps as a hand does, to
    /// the element matching `to`, releasing it there unless `release` is false (then
    /// `release_pointer` ends the drag: a screenshot can be taken in between).
    pub fn drag(&self, from: &str, to: &str, release: bool) {
        // Points on the page, not element references: the board is redrawn as the piece is
        // picked up, and the elements found before would be stale.
        let centre = |css: &str| {
            let p = self.eval(
                "const e = document.querySelector(arguments[0]); if (!e) return null; \
                 const r = e.getBoundingClientRect(); \
                 return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
                json!([css]),
            );
            let xy = |i: usize| {
                p[i].as_i64()
                    .unwrap_or_else(|| panic!("nothing matches {css}"))
            };
            (xy(0), xy(1))
        };
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        let at = |x: i64, y: i64, ms: u64| json!({ "type": "pointerMove", "origin": "viewport", "x": x, "y": y, "duration": ms });
        let mut actions = vec![
            at(x1, y1, 0),
            json!({ "type": "pointerDown", "button": 0 }),
            at(x1 + 6, y1 + 4, 50),
            at((x1 + x2) / 2, (y1 + y2) / 2, 100),
            at(x2, y2, 100),
        ];
        if release {
            actions.push(json!({ "type": "pointerUp", "button": 0 }));
        }
        self.pointer_actions(actions);
    }

    /// Lets go of the mouse button held by `drag(.., false)`.
    pub fn release_pointer(&self) {
        self.pointer_actions(vec![json!({ "type": "pointerUp", "button": 0 })]);
    }

    fn pointer_actions(&self, actions: Vec<Value>) {
        self.session_command(
            "POST",
            "/actions",
            Some(json!({ "actions": [{ "type": "pointer", "id": "mouse",
                "parameters": { "pointerType": "mouse" }, "actions": actions }] })),
        );
    }

    /// Presses `keys` one after another on whatever has the focus (WebDriver key codes, e.g.
    /// "\u{E013}" = arrow up), as a person types: no click first.
    pub fn press(&self, keys: &str) {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|k| {
                let k = k.to_string();
                [
                    json!({ "type": "keyDown", "value": k }),
                    json!({ "type": "keyUp", "value": k }),
                ]
            })
            .collect();
        self.session_command(
            "POST",
            "/actions",
            Some(json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] })),
        );
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn eval(&self, script: &str, args: Value) -> Value {
        self.session_command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Polls `script` until it returns something truthy (not false/null/""/0), or fails after
    /// `timeout` with `what`.
    pub fn wait_for(&self, what: &str, script: &str, timeout: Duration) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let value = self.eval(script, json!([]));
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                Value::Number(n) => n.as_f64() != Some(0.0),
                _ => true,
            };
            if truthy {
                return value;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Sends the commands that follow into the frame of the element matching `css` (an
    /// `iframe`): its document is what `find`, `click` and `eval` see then.
    pub fn enter_frame(&self, css: &str) {
        let element = self
            .find(css)
            .unwrap_or_else(|| panic!("nothing on the page matches {css}"));
        self.session_command(
            "POST",
            "/frame",
            Some(json!({ "id": { ELEMENT_KEY: element } })),
        );
    }

    /// Back from a frame to the page holding it.
    pub fn leave_frame(&self) {
        self.session_command("POST", "/frame/parent", Some(json!({})));
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self.session_command("GET", "/screenshot", None);
        base64_decode(encoded.as_str().unwrap_or_default())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let url = format!("{}/session/{}", self.base, self.session);
            let _ = http::request("DELETE", &url, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        end_chromium_of(&self.profile.0);
    }
}

/// Ends any Chromium still running on `profile` (its own folder, so only this browser's
/// processes): on a loaded machine the driver may go before the browser has closed, leaving it
/// orphaned.
fn end_chromium_of(profile: &std::path::Path) {
    let flag = format!("--user-data-dir={}", profile.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let ours = cmdline.split(|&b| b == 0).any(|arg| arg == flag.as_bytes());
        if ours {
            let _ = Command::new("kill").args(["-9", pid]).status();
        }
    }
}

/// Standard base64 (what WebDriver screenshots are), padding and line breaks allowed.
pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let (mut out, mut bits, mut count) = (Vec::new(), 0u32, 0);
    for sextet in text.bytes().filter_map(value) {
        bits = bits << 6 | sextet as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes_with_padding() {
        assert_eq!(super::base64_decode("TWFu"), b"Man");
        assert_eq!(super::base64_decode("TWE="), b"Ma");
        assert_eq!(super::base64_decode("TQ==\n"), b"M");
    }

    #[test]
    fn nothing_missing_installs_nothing() {
        assert_eq!(super::install_steps(&[], true, true), Ok(Vec::new()));
        assert_eq!(super::install_steps(&[], false, false), Ok(Vec::new()));
    }

    #[test]
    fn missing_browser_as_root_updates_then_installs_only_the_missing() {
        let steps = super::install_steps(&["chromium-driver"], true, true).expect("steps");
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0][0], "apt-get");
        assert_eq!(steps[0].last().map(String::as_str), Some("update"));
        let install = &steps[1];
        assert_eq!(install[0], "apt-get");
        assert!(install.iter().any(|a| a == "-y"), "{install:?}");
        let packages = &install[install
            .iter()
            .position(|a| a == "install")
            .expect("install")..];
        assert_eq!(packages, ["install", "chromium-driver"]);
    }

    #[test]
    fn missing_browser_without_root_or_apt_names_the_command() {
        for (root, apt) in [(false, true), (true, false), (false, false)] {
            let message = super::install_steps(&["chromium", "chromium-driver"], root, apt)
                .expect_err("cannot install");
            assert!(message.contains(super::INSTALL_COMMAND), "{message}");
            assert!(
                message.contains("chromium, chromium-driver missing"),
                "{message}"
            );
        }
    }
}
