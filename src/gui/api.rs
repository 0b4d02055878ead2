//! The board's HTTP API: JSON in, JSON out, each call one question to the game on the server.
//! Bad input never changes the game: the answer is status 400 with `{"error": "..."}`.

use super::engine::{lock, Engine};
use super::game::{EngineLimits, GuiGame, Player};
use crate::game::{Dialect, OptionKind, VariantOptions};
use crate::search::strength::{LEVELS, MIN_LEVEL};
use crate::turn::Step;
use crate::variants;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

pub struct Api {
    pub game: Arc<Mutex<GuiGame>>,
    pub engine: Arc<Engine>,
}

/// What a call answers: a status and a JSON body.
pub type Reply = (u16, Value);

fn bad(message: impl Into<String>) -> Reply {
    (400, json!({ "error": message.into() }))
}

fn parse<'a, T: Deserialize<'a>>(body: &'a str) -> Result<T, Reply> {
    serde_json::from_str(body).map_err(|e| bad(format!("bad request body: {e}")))
}

#[derive(Deserialize)]
struct NewGame {
    variant: String,
    fen: Option<String>,
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct TurnQuery {
    steps: Vec<Step>,
}

#[derive(Deserialize)]
struct PlayMove {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
struct Settings {
    white: Option<Player>,
    black: Option<Player>,
    limits: Option<EngineLimits>,
}

#[derive(Deserialize)]
struct Analyse {
    on: bool,
}

impl Api {
    pub fn new(game: GuiGame) -> Api {
        Api {
            game: Arc::new(Mutex::new(game)),
            engine: Arc::new(Engine::new(64)),
        }
    }

    /// Answers one call. `path` has no query string.
    pub fn handle(&self, method: &str, path: &str, body: &str) -> Reply {
        let result = match (method, path) {
            ("GET", "/api/variants") => Ok(variants_json()),
            ("GET", "/api/state") => Ok(self.state()),
            ("POST", "/api/new") => self.new_game(body),
            ("POST", "/api/turn") => self.turn(body),
            ("POST", "/api/play") => self.play(body),
            ("POST", "/api/undo") => Ok(self.undo()),
            ("POST", "/api/settings") => self.settings(body),
            ("POST", "/api/go") => Ok(self.go()),
            ("POST", "/api/stop") => Ok(self.stop()),
            ("POST", "/api/analyse") => self.analyse(body),
            ("GET", "/api/fens") => Ok((200, json!({ "fens": lock(&self.game).fens() }))),
            ("POST", "/api/pgn") => self.load_record(body),
            ("GET", "/api/pgn") => Ok((
                200,
                json!({ "pgn": super::record::pgn_text(&lock(&self.game)) }),
            )),
            _ => Err((
                404,
                json!({ "error": format!("no such call: {method} {path}") }),
            )),
        };
        result.unwrap_or_else(|reply| reply)
    }

    fn state(&self) -> Reply {
        (200, state_json(&lock(&self.game)))
    }

    /// Applies `change` to the game with the engine stopped, then starts what the game needs.
    fn change(
        &self,
        change: impl FnOnce(&mut GuiGame) -> Result<(), String>,
    ) -> Result<Reply, Reply> {
        self.engine.stop();
        let mut game = lock(&self.game);
        change(&mut game).map_err(bad)?;
        game.searching = false;
        game.changed();
        self.engine.kick(&self.game, &mut game);
        Ok((200, state_json(&game)))
    }

    fn new_game(&self, body: &str) -> Result<Reply, Reply> {
        let request: NewGame = parse(body)?;
        let mut options = VariantOptions::default();
        for (name, value) in &request.options {
            options.set(name, value);
        }
        let fresh =
            GuiGame::new(&request.variant, request.fen.as_deref(), &options).map_err(bad)?;
        self.change(move |game| {
            let (players, limits) = (game.players, game.limits);
            *game = fresh;
            game.players = players;
            game.limits = limits;
            game.set_clock(&limits);
            Ok(())
        })
    }

    /// The options of a turn being built: what may follow the steps entered so far.
    fn turn(&self, body: &str) -> Result<Reply, Reply> {
        let request: TurnQuery = parse(body)?;
        let game = lock(&self.game);
        let options = game.session.turn_options(&request.steps, Dialect::Uci);
        let next: Vec<Value> = options
            .next
            .iter()
            .map(|step| {
                let label = step.choice.as_deref().map(|c| game.session.choice_label(c));
                json!({ "from": step.from, "to": step.to, "choice": step.choice, "label": label })
            })
            .collect();
        Ok((
            200,
            json!({ "valid": options.is_valid(), "complete": options.complete, "next": next }),
        ))
    }

    fn play(&self, body: &str) -> Result<Reply, Reply> {
        let request: PlayMove = parse(body)?;
        if lock(&self.game).player_to_move() != Some(Player::Human) {
            return Err(bad("it is not a person's turn"));
        }
        self.change(|game| {
            game.play(&request.text, Dialect::Uci, None)
                .map_err(|e| e.to_string())
        })
    }

    fn undo(&self) -> Reply {
        let reply = self.change(|game| {
            let plies = game.take_back_plies();
            game.take_back(plies.max(1));
            // A person taking back in an engine game means to replay his own move: the engine
            // waits until he moves (it is to move only if he took back his first move as Black).
            Ok(())
        });
        reply.unwrap_or_else(|e| e)
    }

    fn settings(&self, body: &str) -> Result<Reply, Reply> {
        let request: Settings = parse(body)?;
        if let Some(limits) = request.limits {
            if limits.nodes == Some(0)
                || limits.movetime_ms == Some(0)
                || limits.clock_ms == Some(0)
            {
                return Err(bad("engine limits must be positive"));
            }
            if limits
                .level
                .is_some_and(|l| !(MIN_LEVEL..=LEVELS).contains(&l))
            {
                return Err(bad(format!(
                    "level must be {MIN_LEVEL} to {LEVELS} (or null: full strength)"
                )));
            }
        }
        self.change(|game| {
            if let Some(white) = request.white {
                game.players[0] = white;
            }
            if let Some(black) = request.black {
                game.players[1] = black;
            }
            if let Some(limits) = request.limits {
                game.limits = limits;
                game.set_clock(&limits);
            }
            Ok(())
        })
    }

    /// The engine takes over the side to move and plays now.
    fn go(&self) -> Reply {
        self.change(|game| {
            if game.outcome().is_some() {
                return Err("the game is over".into());
            }
            let side = game.session.side_to_move().index();
            game.players[side] = Player::Engine;
            Ok(())
        })
        .unwrap_or_else(|e| e)
    }

    /// Stops the engine: any side it played goes back to the person, analysis ends.
    fn stop(&self) -> Reply {
        self.change(|game| {
            game.players = [Player::Human, Player::Human];
            game.analysing = false;
            Ok(())
        })
        .unwrap_or_else(|e| e)
    }

    fn analyse(&self, body: &str) -> Result<Reply, Reply> {
        let request: Analyse = parse(body)?;
        self.change(|game| {
            game.analysing = request.on;
            Ok(())
        })
    }

    /// Loads a game record: PGN text whose tags name the variant, the options and the FEN.
    fn load_record(&self, body: &str) -> Result<Reply, Reply> {
        let record = crate::cli::record::read(body);
        // A record without a Variant tag is chess, as PGN has it.
        let variant = record.variant.clone().unwrap_or_else(|| "chess".into());
        let mut options = VariantOptions::default();
        for (name, value) in &record.options {
            options.set(name, value);
        }
        let mut fresh = GuiGame::new(&variant, record.fen.as_deref(), &options).map_err(bad)?;
        for (index, token) in record.moves.iter().enumerate() {
            fresh
                .play(token, Dialect::Record, None)
                .map_err(|e| bad(format!("move {} ({token}): {e}", index + 1)))?;
        }
        self.change(move |game| {
            let limits = game.limits;
            *game = fresh;
            game.players = [Player::Human, Player::Human];
            game.limits = limits;
            Ok(())
        })
    }
}

fn variants_json() -> Reply {
    let list: Vec<Value> = variants::VARIANTS
        .iter()
        .map(|v| {
            let options: Vec<Value> = v
                .options
                .iter()
                .map(|o| match &o.kind {
                    OptionKind::Check { default } => {
                        json!({ "name": o.name, "values": ["false", "true"], "default": default.to_string() })
                    }
                    OptionKind::Combo { default, values } => {
                        json!({ "name": o.name, "values": values, "default": default })
                    }
                })
                .collect();
            json!({ "name": v.name, "options": options })
        })
        .collect();
    (200, json!({ "variants": list }))
}

pub fn state_json(game: &GuiGame) -> Value {
    let session = &game.session;
    let options: serde_json::Map<String, Value> = session
        .options()
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    let outcome = game
        .outcome()
        .map(|o| json!({ "result": o.result(), "reason": o.reason, "winner": o.winner }));
    let in_check = outcome.is_none() && session.in_check();
    json!({
        "variant": session.variant(),
        "options": options,
        "fen": session.fen(Dialect::Uci),
        "start_fen": game.start_fen,
        "board": session.board_view(),
        "moves": game.moves,
        "outcome": outcome,
        "in_check": in_check,
        "players": { "white": game.players[0], "black": game.players[1] },
        "limits": game.limits,
        "clock_ms": game.clock.as_ref().map(|c| c.left_ms(session.side_to_move())),
        "player_to_move": game.player_to_move(),
        "searching": game.searching,
        "analysing": game.analysing,
        "thinking": game.thinking,
        "generation": game.generation,
    })
}
