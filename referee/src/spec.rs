//! Engine specifications: `cmd=COMMAND [name=NAME] [proto=uci|xboard] [dir=DIR] [nodes=N]
//! [level=L] [elo=E] [option.NAME=VALUE ...]` in one argument, split on whitespace (as cutechess
//! writes them). `level=` and `elo=` are the standard strength options spelled short.

use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    XBoard,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    /// The name came from `name=` (otherwise the engine's own name replaces the command's).
    pub named: bool,
    pub program: String,
    /// Command-line arguments: every token after the command that is not a known `KEY=VALUE`.
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub protocol: Protocol,
    /// Engine options, sent as UCI `setoption` or XBoard `option`.
    pub options: Vec<(String, String)>,
    /// This engine's node limit under `--nodes` (two copies of one deterministic engine with
    /// different limits play different games with the two colours of an opening).
    pub nodes: Option<u64>,
}

impl EngineSpec {
    /// Parses one `--engine` value. A first token without `=` is the command (`fairymax` is short
    /// for `cmd=fairymax`); later tokens that are not `cmd=`, `name=`, `proto=`, `dir=`, `arg=`,
    /// `nodes=` or `option.X=` are arguments of the command. The protocol defaults to UCI.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut program: Option<String> = None;
        let mut name = None;
        let mut args = Vec::new();
        let mut dir = None;
        let mut protocol = Protocol::Uci;
        let mut options = Vec::new();
        let mut nodes = None;
        let mut tokens = text.split_whitespace();
        while let Some(first) = tokens.next() {
            // UCI option names may hold spaces (`option.Move Overhead=100`): an `option.` token
            // without `=` continues up to the next token that has one.
            let mut joined = first.to_string();
            if first.starts_with("option.") && !first.contains('=') {
                for next in tokens.by_ref() {
                    joined.push(' ');
                    joined.push_str(next);
                    if next.contains('=') {
                        break;
                    }
                }
            }
            let token = joined.as_str();
            let keyed = token.split_once('=').filter(|(key, _)| {
                matches!(
                    *key,
                    "cmd" | "name" | "proto" | "dir" | "arg" | "nodes" | "level" | "elo"
                ) || key.starts_with("option.")
            });
            match keyed {
                Some(("cmd", value)) => {
                    if program.is_some() {
                        return Err(format!("engine '{text}': two commands"));
                    }
                    program = Some(value.to_string());
                }
                Some(("name", value)) => name = Some(value.to_string()),
                Some(("dir", value)) => dir = Some(PathBuf::from(value)),
                Some(("arg", value)) => args.push(value.to_string()),
                Some(("nodes", value)) => nodes = Some(positive(text, "nodes", value)?),
                // The options UCI engines (and Kaleido in both protocols) play weaker by.
                Some(("level", value)) => {
                    let level = positive(text, "level", value)?;
                    options.push(("Skill Level".to_string(), level.to_string()));
                }
                Some(("elo", value)) => {
                    let elo = positive(text, "elo", value)?;
                    options.push(("UCI_LimitStrength".to_string(), "true".to_string()));
                    options.push(("UCI_Elo".to_string(), elo.to_string()));
                }
                Some(("proto", value)) => {
                    protocol = match value.to_ascii_lowercase().as_str() {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::XBoard,
                        _ => {
                            return Err(format!(
                                "engine '{text}': proto must be uci or xboard, not '{value}'"
                            ))
                        }
                    }
                }
                Some((key, value)) => {
                    let option = &key["option.".len()..];
                    if option.is_empty() {
                        return Err(format!("engine '{text}': option without a name"));
                    }
                    options.push((option.to_string(), value.to_string()));
                }
                None if program.is_none() => {
                    if token.contains('=') {
                        return Err(format!(
                            "engine '{text}': unknown key in '{token}' (cmd, name, proto, dir, arg, nodes, level, elo, option.NAME)"
                        ));
                    }
                    program = Some(token.to_string());
                }
                None => args.push(token.to_string()),
            }
        }
        let program = program.ok_or_else(|| format!("engine '{text}': no command"))?;
        let named = name.is_some();
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&program)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| program.clone())
        });
        Ok(EngineSpec {
            name,
            named,
            program,
            args,
            dir,
            protocol,
            options,
            nodes,
        })
    }
}

/// `value` of `key` as a positive number, or the error naming the spec.
fn positive(text: &str, key: &str, value: &str) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "engine '{text}': {key} must be a positive number, not '{value}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_command_is_cmd() {
        let spec = EngineSpec::parse("/usr/games/fairymax").unwrap();
        assert_eq!(spec.program, "/usr/games/fairymax");
        assert_eq!(spec.name, "fairymax");
        assert_eq!(spec.protocol, Protocol::Uci);
        assert!(spec.args.is_empty());
    }

    #[test]
    fn keys_arguments_and_options() {
        let spec = EngineSpec::parse(
            "cmd=./fake --mode crash name=Crasher proto=xboard option.Hash=16 arg=-x dir=/tmp",
        )
        .unwrap();
        assert_eq!(spec.program, "./fake");
        assert_eq!(spec.args, vec!["--mode", "crash", "-x"]);
        assert_eq!(spec.name, "Crasher");
        assert_eq!(spec.protocol, Protocol::XBoard);
        assert_eq!(spec.options, vec![("Hash".to_string(), "16".to_string())]);
        let spaced =
            EngineSpec::parse("kaleido option.Move Overhead=100 option.Clear Hash x=1 name=K")
                .unwrap();
        assert_eq!(
            spaced.options,
            vec![
                ("Move Overhead".to_string(), "100".to_string()),
                ("Clear Hash x".to_string(), "1".to_string())
            ]
        );
        assert_eq!(spaced.name, "K");
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(spec.nodes, None);
        assert_eq!(EngineSpec::parse("k nodes=2500").unwrap().nodes, Some(2500));
    }

    #[test]
    fn bad_specs_are_errors() {
        assert!(EngineSpec::parse("").is_err());
        assert!(EngineSpec::parse("name=X").is_err());
        assert!(EngineSpec::parse("colour=red").is_err());
        assert!(EngineSpec::parse("cmd=a cmd=b").is_err());
        assert!(EngineSpec::parse("cmd=a proto=telnet").is_err());
        assert!(EngineSpec::parse("cmd=a option.=1").is_err());
        assert!(EngineSpec::parse("cmd=a nodes=0").is_err());
        assert!(EngineSpec::parse("cmd=a nodes=many").is_err());
        assert!(EngineSpec::parse("cmd=a level=0").is_err());
        assert!(EngineSpec::parse("cmd=a elo=strong").is_err());
    }

    #[test]
    fn level_and_elo_are_the_strength_options() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        let spec = EngineSpec::parse("kaleido level=3 option.Hash=8").unwrap();
        assert_eq!(
            spec.options,
            vec![pair("Skill Level", "3"), pair("Hash", "8")]
        );
        let spec = EngineSpec::parse("cmd=fairy-stockfish elo=1500").unwrap();
        assert_eq!(
            spec.options,
            vec![pair("UCI_LimitStrength", "true"), pair("UCI_Elo", "1500")]
        );
    }
}
