//! Which network each game evaluates with, for the whole process (as `EvalFile` is in other
//! engines): the one loaded from a file for its feature set, else the one built into the binary,
//! unless networks are switched off (`UseNNUE false`: the hand-written evaluation). A game asks
//! when a position is set up, so a change applies from the next `position`, `new` or `setboard`.

use super::Network;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock, RwLock};

struct Choice {
    enabled: bool,
    /// Networks loaded from files, by feature set.
    loaded: BTreeMap<String, Arc<Network>>,
}

static CHOICE: RwLock<Choice> = RwLock::new(Choice {
    enabled: true,
    loaded: BTreeMap::new(),
});

/// A network built into the binary: its file's bytes, read once when first asked for.
pub struct Embedded {
    pub bytes: &'static [u8],
    pub parsed: OnceLock<Option<Arc<Network>>>,
}

impl Embedded {
    pub const fn new(bytes: &'static [u8]) -> Embedded {
        Embedded {
            bytes,
            parsed: OnceLock::new(),
        }
    }
    fn network(&self) -> Option<Arc<Network>> {
        if self.bytes.is_empty() {
            return None;
        }
        self.parsed
            .get_or_init(|| Network::from_bytes(self.bytes).ok().map(Arc::new))
            .clone()
    }
}

/// Switches networks on or off for every game.
pub fn set_enabled(on: bool) {
    if let Ok(mut choice) = CHOICE.write() {
        choice.enabled = on;
    }
}

/// Loads a network file for the feature set it names, replacing an earlier one; an empty path
/// goes back to the built-in networks. Returns the feature set, or why the file was refused (the
/// networks in use do not change then).
pub fn load(path: &str) -> Result<String, String> {
    let path = path.trim();
    let mut choice = CHOICE.write().map_err(|_| "network registry is poisoned")?;
    if path.is_empty() || path == "<default>" {
        choice.loaded.clear();
        return Ok(String::new());
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read network file {path}: {e}"))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let set = net.feature_set.clone();
    choice.loaded.insert(set.clone(), Arc::new(net));
    Ok(set)
}

/// The network a game with `feature_set` (of `features` inputs) evaluates with now: a loaded one,
/// else its built-in one, or none.
pub fn network(
    feature_set: &str,
    features: usize,
    embedded: Option<&Embedded>,
) -> Option<Arc<Network>> {
    let choice = CHOICE.read().ok()?;
    if !choice.enabled {
        return None;
    }
    let net = match choice.loaded.get(feature_set) {
        Some(net) => Some(net.clone()),
        None => embedded.and_then(Embedded::network),
    };
    net.filter(|n| n.fits(feature_set, features))
}
