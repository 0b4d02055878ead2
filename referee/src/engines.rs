//! The engines of a match: their specifications, unique names, and the probe that fails a match
//! fast when an engine cannot be started or does not speak its protocol.

use crate::player;
use crate::rules::RuleOptions;
use crate::spec::{EngineSpec, Protocol};
use std::collections::BTreeMap;

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

/// Starts every engine once and completes its handshake, before every game is scored as a crash
/// or a protocol error.
pub fn probe(specs: &[EngineSpec], options: &RuleOptions, debug: bool) -> Result<(), String> {
    for spec in specs {
        let protocol = match spec.protocol {
            Protocol::Uci => "uci",
            Protocol::XBoard => "xboard",
        };
        player::start_player(spec, options, debug)
            .map_err(|fault| {
                format!(
                    "engine {} ({}, proto={protocol}) failed its handshake: {fault}",
                    spec.name, spec.program
                )
            })?
            .quit();
    }
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
}
