//! Stopping a running `kaleido match` (the real binary) with SIGTERM or SIGINT: every engine process
//! it started is gone afterwards (one of them ignores `quit` and a closed input), the PGN holds the games finished so
//! far, the results table counts exactly those, and the exit status says the match did not end.

use engine_tests::binary::kaleido;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

/// The PIDs of the live (not zombie) processes whose parent is `parent`, from /proc.
fn children(parent: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return out;
    };
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces, so read after the last ')'.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.split_whitespace().collect())
            .unwrap_or_default();
        if fields.first() != Some(&"Z") && fields.get(1) == Some(&parent.to_string().as_str()) {
            out.push(pid);
        }
    }
    out
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| {
            let state = stat
                .rsplit_once(')')
                .map(|(_, r)| r.trim_start())
                .unwrap_or("");
            !state.starts_with('Z')
        })
        .unwrap_or(false)
}

fn games_in(pgn: &std::path::Path) -> usize {
    std::fs::read_to_string(pgn)
        .map(|t| t.matches("[Event ").count())
        .unwrap_or(0)
}

fn stop_a_running_match(signal: &str) {
    let dir = std::env::temp_dir().join(format!("kaleido-match-signal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join(format!("{signal}.pgn"));
    let _ = std::fs::remove_file(&pgn);
    let mut child = Command::new(kaleido())
        .args([
            "match",
            "--variant",
            "chess",
            "--games",
            "60",
            "--tc",
            "20+0.1",
        ])
        .args(["--max-plies", "8", "--concurrency", "2", "--pgn"])
        .arg(&pgn)
        .arg("--engine")
        .arg(format!(
            "cmd={FAKE} --proto xboard --think 40 name=Steady proto=xboard"
        ))
        .arg("--engine")
        // It plays, but leaves neither on `quit` nor on a closed input: only a signal ends it.
        .arg(format!(
            "cmd={FAKE} --proto uci --ignore-quit --think 40 --seed 3 name=Stuck"
        ))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaleido runs");
    let pid = child.id();
    // Wait for finished games and for engines of running ones.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen: Vec<u32> = Vec::new();
    while Instant::now() < deadline {
        for p in children(pid) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
        if games_in(&pgn) >= 1 && !children(pid).is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let running = children(pid);
    assert!(
        !running.is_empty(),
        "no engine running when the signal is sent"
    );
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let ended = Instant::now() + Duration::from_secs(20);
    let exit = loop {
        if let Some(exit) = child.try_wait().expect("wait") {
            break exit;
        }
        assert!(
            Instant::now() < ended,
            "kaleido match still running after {signal}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!exit.success(), "an interrupted match is no success");
    assert!(
        stderr.contains(&format!("interrupted by SIG{signal}")),
        "{stderr}"
    );
    for pid in seen.iter().chain(&running) {
        assert!(!alive(*pid), "engine process {pid} survived SIG{signal}");
    }
    // The table counts the games in the PGN, no more (the running ones were not scored).
    let finished = games_in(&pgn);
    assert!(finished >= 1);
    let pairing = stdout
        .lines()
        .find(|l| l.starts_with("Steady vs Stuck:"))
        .unwrap_or_else(|| panic!("no pairing line: {stdout}"));
    assert!(
        pairing.contains(&format!("({finished} games)")),
        "{pairing} / {finished} in the PGN"
    );
    assert!(stdout.contains("Terminations: "), "{stdout}");
}

#[test]
fn sigterm_ends_every_engine_and_reports_the_finished_games() {
    stop_a_running_match("TERM");
}

#[test]
fn sigint_ends_every_engine_and_reports_the_finished_games() {
    stop_a_running_match("INT");
}
