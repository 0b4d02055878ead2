//! The game kept across restarts of the server: a small JSON file (the game as its PGN record,
//! who plays each side, the engine's limits, how it ended) written after every change, read back
//! when `kaleido gui` starts. Kept on the server, not in the browser: the server holds the one
//! game every tab shows, and a browser's storage would be one tab's copy that another tab or
//! browser never sees (docs/gui.md). In WebAssembly there is no file: the page's game worker
//! keeps the same JSON in the browser's storage (`to_json`, `from_json`; docs/web.md).

use super::game::{Ending, EngineLimits, GuiGame, Player};
use serde::{Deserialize, Serialize};
#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};

#[derive(Serialize, Deserialize)]
struct Kept {
    pgn: String,
    players: [Player; 2],
    limits: EngineLimits,
    ended: Option<Ending>,
}

/// The game as kept: JSON text.
pub fn to_json(game: &GuiGame) -> Result<String, String> {
    let kept = Kept {
        pgn: super::record::pgn_text(game),
        players: game.players,
        limits: game.limits,
        ended: game.ended.clone(),
    };
    serde_json::to_string_pretty(&kept).map_err(|e| e.to_string())
}

/// The game kept as `text`.
pub fn from_json(text: &str) -> Result<GuiGame, String> {
    let kept: Kept = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut game = super::record::game_from_record(&kept.pgn)?;
    game.players = kept.players;
    game.limits = kept.limits;
    game.ended = kept.ended;
    game.set_clock(&kept.limits);
    Ok(game)
}

/// The default place: `$XDG_DATA_HOME/kaleido/gui-game.json`, else
/// `$HOME/.local/share/kaleido/gui-game.json` (the XDG base directory convention).
#[cfg(not(target_arch = "wasm32"))]
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("kaleido").join("gui-game.json"))
}

/// Writes the game; a new file is written and renamed over the old, so a crash mid-write
/// leaves the previous game rather than half a file.
#[cfg(not(target_arch = "wasm32"))]
pub fn save(path: &Path, game: &GuiGame) -> std::io::Result<()> {
    let text = to_json(game).map_err(std::io::Error::other)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let fresh = path.with_extension("json.new");
    std::fs::write(&fresh, text)?;
    std::fs::rename(&fresh, path)
}

/// The game kept in `path`, if there is one that still reads.
#[cfg(not(target_arch = "wasm32"))]
pub fn load(path: &Path) -> Result<Option<GuiGame>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    from_json(&text).map(Some)
}
