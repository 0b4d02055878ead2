//! The engines of a match: unique names, and the probe that starts each engine once before the
//! first game, so that a command that does not run, a wrong `proto=`, an engine that does not play
//! the variant or does not send moves the referee can read stops the match with one clear line
//! instead of losing every game.

use crate::game::{read_move, RefereeConfig};
use crate::player::{self, unknown_options, EngineInfo, GameStart, Limit, Reply, Turn};
use crate::process::Fault;
use crate::rules::MoveError;
use crate::spec::{EngineSpec, Protocol};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long the probe waits for the engine's first move (`sd 1`/`st 1`, `go depth 1`).
const PROBE_MOVE_TIMEOUT: Duration = Duration::from_secs(10);

/// Engine names must tell games apart: duplicates get ` (2)`, ` (3)`...
pub fn unique_names(specs: &mut [EngineSpec]) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for spec in specs.iter_mut() {
        let count = seen.entry(spec.name.clone()).or_insert(0);
        *count += 1;
        if *count > 1 {
            spec.name = format!("{} ({})", spec.name, count);
        }
    }
}

/// `engine NAME (COMMAND ARGS, proto=P)`: how every probe failure starts.
fn described(spec: &EngineSpec) -> String {
    let protocol = match spec.protocol {
        Protocol::Uci => "uci",
        Protocol::XBoard => "xboard",
    };
    let mut command = spec.program.clone();
    for arg in &spec.args {
        command.push(' ');
        command.push_str(arg);
    }
    format!("engine {} ({command}, proto={protocol})", spec.name)
}

/// Starts the engine, completes its handshake, sets up a game of the match's variant and asks
/// for one move, which the judge checks. `needs_setboard`: the openings give FENs. Warnings (an
/// option the engine did not announce) go to stderr.
pub fn probe(
    spec: &EngineSpec,
    config: &RefereeConfig,
    needs_setboard: bool,
) -> Result<EngineInfo, String> {
    let who = described(spec);
    let mut player = player::start_player(spec, config)
        .map_err(|fault| format!("{who} failed its handshake: {fault}"))?;
    let info = player.info();
    let forwarded = config
        .options
        .iter()
        .chain(&spec.options)
        .map(|(name, _)| name.as_str());
    for name in unknown_options(&info.options, forwarded) {
        eprintln!(
            "warning: {who} announced no option '{name}'; it is sent anyway and probably ignored"
        );
    }
    if needs_setboard && !info.setboard {
        player.quit();
        return Err(format!(
            "{who} cannot be given a start position (feature setboard=0), which the FENs of --openings need"
        ));
    }
    let mut judge = config.rules.new_game(&config.variant, &config.options)?;
    let xboard_variant = judge.xboard_variant();
    let limit = Limit::Depth(1);
    let start = GameStart {
        variant: &config.variant,
        xboard_variant: &xboard_variant,
        rule_options: &config.options,
        fen: None,
        limit: &limit,
        move_timeout: Duration::from_secs(2),
    };
    if let Err(fault) = player.new_game(&start) {
        player.quit();
        return Err(format!(
            "{who} cannot set up a game of {}: {fault}",
            config.variant
        ));
    }
    let turn = Turn {
        side: judge.side_to_move(),
        plies: &[],
        fen_uci: None,
        clocks: [PROBE_MOVE_TIMEOUT; 2],
        limit: &limit,
    };
    let deadline = Instant::now() + PROBE_MOVE_TIMEOUT;
    let mut parts: Vec<String> = Vec::new();
    let outcome = player.start_turn(&turn).and_then(|_| loop {
        match player.read_reply(deadline)? {
            Reply::Move(text) => {
                parts.push(text);
                let text = parts.join(" ");
                match read_move(judge.as_mut(), &text, player.dialects(), parts.len() == 1) {
                    Ok(_) => break Ok(()),
                    Err(MoveError::Incomplete) => continue,
                    Err(e) => {
                        break Err(Fault::Protocol(format!(
                            "its first move is not one the referee reads in the start position of {}: {e}",
                            config.variant
                        )))
                    }
                }
            }
            other => {
                break Err(Fault::Protocol(format!(
                    "answered its first `go` with {other:?} instead of a move"
                )))
            }
        }
    });
    let recent = player.recent();
    player.quit();
    match outcome {
        Ok(()) => Ok(info),
        Err(Fault::Timeout) => {
            let hint = if recent.to_lowercase().contains("move") {
                " (it prints moves, but not as `move X`: does it need a command-line flag for \
                 XBoard mode?)"
            } else {
                ""
            };
            Err(format!(
                "{who} sent no move within {} s of its first `go`{hint}; {recent}",
                PROBE_MOVE_TIMEOUT.as_secs()
            ))
        }
        Err(fault) => Err(format!("{who} failed its first move: {fault}")),
    }
}

/// Probes every engine; an engine that gave no `name=` takes the name it gives itself.
pub fn probe_all(
    specs: &mut [EngineSpec],
    config: &RefereeConfig,
    needs_setboard: bool,
) -> Result<(), String> {
    for spec in specs.iter_mut() {
        let info = probe(spec, config, needs_setboard)?;
        if let Some(name) = info.name.filter(|_| !spec.named) {
            spec.name = name;
        }
    }
    unique_names(specs);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_names_are_numbered() {
        let mut specs = vec![
            EngineSpec::parse("kaleido").unwrap(),
            EngineSpec::parse("kaleido").unwrap(),
            EngineSpec::parse("other").unwrap(),
        ];
        unique_names(&mut specs);
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, vec!["kaleido", "kaleido (2)", "other"]);
    }

    #[test]
    fn failures_name_the_engine_its_command_and_protocol() {
        let spec = EngineSpec::parse("cmd=gnuchess --xboard proto=xboard name=G").unwrap();
        assert_eq!(
            described(&spec),
            "engine G (gnuchess --xboard, proto=xboard)"
        );
    }
}
