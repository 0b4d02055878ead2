//! The board's HTTP API: JSON in, JSON out, each call one question to the game on the server.
//! Bad input never changes the game: the answer is status 400 with `{"error": "..."}`; a change
//! asked on a position the game has left is 409 (`{"error", "state"}`).

use super::engine::{lock, Engine};
use super::game::{Ending, EngineLimits, Eval, GuiGame, Player};
use crate::game::{Dialect, OptionKind, Side, VariantOptions};
use crate::search::strength::{LEVELS, MIN_LEVEL};
use crate::search::{Control, Limits, TranspositionTable};
use crate::session::Session;
use crate::turn::Step;
use crate::variants;
use serde::de::DeserializeOwned;
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

/// Every POST body is one JSON object; an empty or unparsable body is refused before anything
/// is looked at, so a cut or mistaken request never reaches the game.
fn parse<T: DeserializeOwned>(body: &str) -> Result<T, Reply> {
    if body.trim().is_empty() {
        return Err(bad("the request has no body: send a JSON object"));
    }
    let value: Value =
        serde_json::from_str(body).map_err(|e| bad(format!("bad request body: {e}")))?;
    if !value.is_object() {
        return Err(bad("bad request body: not a JSON object"));
    }
    serde_json::from_value(value).map_err(|e| bad(format!("bad request body: {e}")))
}

/// The engine's work per request is bounded: a node count, a time per move or a clock beyond
/// these is refused (docs/gui.md).
pub const MAX_NODES: u64 = 1_000_000_000;
pub const MAX_MOVETIME_MS: u64 = 3_600_000;
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;
/// Nodes the engine searches to judge a draw offer.
const DRAW_JUDGE_NODES: u64 = 20_000;

fn check_limits(limits: &EngineLimits) -> Result<(), Reply> {
    if limits.nodes == Some(0) || limits.movetime_ms == Some(0) || limits.clock_ms == Some(0) {
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
    let over = |value: Option<u64>, max: u64| value.is_some_and(|v| v > max);
    if over(limits.nodes, MAX_NODES)
        || over(limits.movetime_ms, MAX_MOVETIME_MS)
        || over(limits.clock_ms, MAX_CLOCK_MS)
        || over(limits.increment_ms, MAX_MOVETIME_MS)
    {
        return Err(bad(format!(
            "engine limits too large: at most {MAX_NODES} nodes, {MAX_MOVETIME_MS} ms a move, \
             a clock of {MAX_CLOCK_MS} ms"
        )));
    }
    Ok(())
}

/// The position a change was asked for: `generation` as the page saw it (`None`: whatever is
/// on the board now, for scripts).
#[derive(Deserialize)]
struct Seen {
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct NewGame {
    variant: String,
    fen: Option<String>,
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
    white: Option<Player>,
    black: Option<Player>,
    limits: Option<EngineLimits>,
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct TurnQuery {
    steps: Vec<Step>,
    /// The position the steps were entered on: another one is refused (409).
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct PlayMove {
    #[serde(rename = "move")]
    text: String,
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct Undo {
    /// Take back to the position after this many plies (0: the start).
    to_ply: Option<usize>,
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct Settings {
    white: Option<Player>,
    black: Option<Player>,
    limits: Option<EngineLimits>,
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct Analyse {
    on: bool,
    generation: Option<u64>,
}

#[derive(Deserialize)]
struct LoadRecord {
    pgn: String,
    generation: Option<u64>,
}

impl Api {
    pub fn new(game: GuiGame, store: Option<std::path::PathBuf>) -> Api {
        Api {
            game: Arc::new(Mutex::new(game)),
            engine: Arc::new(Engine::new(64, store)),
        }
    }

    /// Starts what the game needs (the engine's move after a restart with the engine to move).
    pub fn start(&self) {
        let mut game = lock(&self.game);
        self.engine.kick(&self.game, &mut game);
    }

    /// Answers one call. `path` has no query string; `query` is what followed `?`.
    pub fn handle(&self, method: &str, path: &str, query: &str, body: &str) -> Reply {
        let result = match (method, path) {
            ("GET", "/api/variants") => Ok(variants_json()),
            ("GET", "/api/state") => Ok(self.state()),
            ("GET", "/api/position") => self.position(query),
            ("POST", "/api/new") => self.new_game(body),
            ("POST", "/api/turn") => self.turn(body),
            ("POST", "/api/play") => self.play(body),
            ("POST", "/api/undo") => self.undo(body),
            ("POST", "/api/settings") => self.settings(body),
            ("POST", "/api/go") => self.go(body),
            ("POST", "/api/stop") => self.stop(body),
            ("POST", "/api/analyse") => self.analyse(body),
            ("POST", "/api/resign") => self.resign(body),
            ("POST", "/api/draw") => self.draw(body),
            ("POST", "/api/abort") => self.abort(body),
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
    /// `seen`: the generation the change was made on; another one is refused (409) with the
    /// game as it is now, untouched.
    fn change(
        &self,
        seen: Option<u64>,
        change: impl FnOnce(&mut GuiGame) -> Result<(), String>,
    ) -> Result<Reply, Reply> {
        {
            let game = lock(&self.game);
            stale(&game, seen)?;
        }
        self.engine.stop();
        let mut game = lock(&self.game);
        // Checked again under the lock that the change holds: the engine may have moved.
        stale(&game, seen)?;
        if let Err(e) = change(&mut game) {
            // Stopping the engine changed nothing it needs: start it again.
            game.searching = false;
            self.engine.kick(&self.game, &mut game);
            return Err(bad(e));
        }
        game.searching = false;
        game.changed();
        self.engine.save(&game);
        self.engine.kick(&self.game, &mut game);
        Ok((200, state_json(&game)))
    }

    /// The board after `ply` plies, to look back through the game: `board`, `fen`, `ply`.
    fn position(&self, query: &str) -> Result<Reply, Reply> {
        let ply = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("ply="))
            .ok_or_else(|| bad("ask for ?ply=N"))?
            .parse::<usize>()
            .map_err(|e| bad(format!("ply: {e}")))?;
        let game = lock(&self.game);
        let session = game
            .session_at(ply)
            .ok_or_else(|| bad(format!("the game has {} plies", game.moves.len())))?;
        Ok((
            200,
            json!({ "ply": ply, "fen": session.fen(Dialect::Uci), "board": session.board_view(),
                    "generation": game.generation }),
        ))
    }

    fn new_game(&self, body: &str) -> Result<Reply, Reply> {
        let request: NewGame = parse(body)?;
        if let Some(limits) = &request.limits {
            check_limits(limits)?;
        }
        let mut options = VariantOptions::default();
        for (name, value) in &request.options {
            options.set(name, value);
        }
        let fresh =
            GuiGame::new(&request.variant, request.fen.as_deref(), &options).map_err(bad)?;
        self.change(request.generation, move |game| {
            let (mut players, limits) = (game.players, request.limits.unwrap_or(game.limits));
            players[0] = request.white.unwrap_or(players[0]);
            players[1] = request.black.unwrap_or(players[1]);
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
        stale(&game, request.generation)?;
        let options = game.session.turn_options(&request.steps, Dialect::Uci);
        let mut next: Vec<Value> = options
            .next
            .iter()
            .map(|step| {
                let label = step.choice.as_deref().map(|c| game.session.choice_label(c));
                json!({ "from": step.from, "to": step.to, "choice": step.choice, "label": label })
            })
            .collect();
        // Steps that share their squares differ by a choice (a promotion...): the choice most
        // players make comes first, the one the engine values most (a queen before a knight).
        let ranks = choice_ranks(game.session.as_ref(), &request.steps, &options.next);
        let mut order: Vec<usize> = (0..next.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(ranks[i]));
        next = order.into_iter().map(|i| next[i].take()).collect();
        Ok((
            200,
            json!({ "valid": options.is_valid(), "complete": options.complete, "next": next,
                    "generation": game.generation }),
        ))
    }

    fn play(&self, body: &str) -> Result<Reply, Reply> {
        let request: PlayMove = parse(body)?;
        self.change(request.generation, |game| {
            if game.player_to_move() != Some(Player::Human) {
                return Err("it is not a person's turn".into());
            }
            game.play(&request.text, Dialect::Uci, None)
                .map_err(|e| e.to_string())
        })
    }

    fn undo(&self, body: &str) -> Result<Reply, Reply> {
        let request: Undo = parse(body)?;
        self.change(request.generation, |game| {
            let plies = match request.to_ply {
                Some(ply) if ply >= game.moves.len() => {
                    return Err(format!(
                        "cannot take back to ply {ply}: the game has {} plies",
                        game.moves.len()
                    ))
                }
                Some(ply) => game.moves.len() - ply,
                // A person taking back in an engine game means to replay his own move: the
                // engine waits until he moves (it is to move only if he took back his first
                // move as Black).
                None => game.take_back_plies().max(1),
            };
            if game.take_back(plies) == 0 {
                return Err("there is no move to take back".into());
            }
            Ok(())
        })
    }

    fn settings(&self, body: &str) -> Result<Reply, Reply> {
        let request: Settings = parse(body)?;
        if let Some(limits) = &request.limits {
            check_limits(limits)?;
        }
        self.change(request.generation, |game| {
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
    fn go(&self, body: &str) -> Result<Reply, Reply> {
        let request: Seen = parse(body)?;
        self.change(request.generation, |game| {
            if game.outcome().is_some() {
                return Err("the game is over".into());
            }
            let side = game.session.side_to_move().index();
            game.players[side] = Player::Engine;
            Ok(())
        })
    }

    /// Stops the engine: any side it played goes back to the person, analysis ends.
    fn stop(&self, body: &str) -> Result<Reply, Reply> {
        let request: Seen = parse(body)?;
        self.change(request.generation, |game| {
            game.players = [Player::Human, Player::Human];
            game.analysing = false;
            Ok(())
        })
    }

    fn analyse(&self, body: &str) -> Result<Reply, Reply> {
        let request: Analyse = parse(body)?;
        self.change(request.generation, |game| {
            game.analysing = request.on;
            Ok(())
        })
    }

    /// The person resigns: the side he plays (the side to move when both sides are persons).
    fn resign(&self, body: &str) -> Result<Reply, Reply> {
        let request: Seen = parse(body)?;
        self.change(request.generation, |game| {
            if game.outcome().is_some() {
                return Err("the game is over".into());
            }
            let side = person_side(game).ok_or("no person plays in this game")?;
            let names = game.session.board_view().side_names;
            game.ended = Some(Ending {
                winner: Some(side.other()),
                reason: format!("{} resigns", names[side.index()]),
                aborted: false,
            });
            Ok(())
        })
    }

    /// A draw offer: against the engine, it accepts when its own search finds its side no
    /// better than level; between persons at one board the offer is the agreement.
    fn draw(&self, body: &str) -> Result<Reply, Reply> {
        let request: Seen = parse(body)?;
        let (engine_side, root) = {
            let game = lock(&self.game);
            stale(&game, request.generation)?;
            if game.outcome().is_some() {
                return Err(bad("the game is over"));
            }
            let engines: Vec<Side> = [Side::White, Side::Black]
                .into_iter()
                .filter(|s| game.players[s.index()] == Player::Engine)
                .collect();
            match engines.as_slice() {
                [] => (None, None),
                [side] => (Some(*side), Some(game.session.clone_box())),
                _ => return Err(bad("the engine plays both sides: nobody to offer a draw")),
            }
        };
        let mut judgement = None;
        if let (Some(side), Some(root)) = (engine_side, root) {
            let limits = Limits {
                nodes: Some(DRAW_JUDGE_NODES),
                multipv: 1,
                threads: 1,
                ..Limits::default()
            };
            let best = root.search(
                &limits,
                &TranspositionTable::new(1),
                &Control::new(false),
                Dialect::Record,
                &mut |_| {},
            );
            let eval = Eval::new(best.score, root.side_to_move());
            let sign = if side == Side::White { 1 } else { -1 };
            let mine = match (eval.mate, eval.centipawns) {
                (Some(n), _) => n.signum() * sign * 100_000,
                (None, cp) => cp.unwrap_or(0) * sign,
            };
            judgement = Some((mine <= DRAW_ACCEPT_CP, mine));
        }
        if let Some((false, mine)) = judgement {
            let game = lock(&self.game);
            let mut state = state_json(&game);
            state["draw"] = json!({ "accepted": false, "engine_eval_cp": mine });
            return Ok((200, state));
        }
        let (status, mut state) = self.change(request.generation, |game| {
            let reason = if engine_side.is_some() {
                "draw agreed (the engine accepts)"
            } else {
                "draw agreed"
            };
            game.ended = Some(Ending {
                winner: None,
                reason: reason.into(),
                aborted: false,
            });
            Ok(())
        })?;
        state["draw"] = json!({ "accepted": true,
                                "engine_eval_cp": judgement.map(|(_, cp)| cp) });
        Ok((status, state))
    }

    /// Ends the game without a result.
    fn abort(&self, body: &str) -> Result<Reply, Reply> {
        let request: Seen = parse(body)?;
        self.change(request.generation, |game| {
            if game.outcome().is_some() {
                return Err("the game is over".into());
            }
            game.ended = Some(Ending {
                winner: None,
                reason: "game aborted".into(),
                aborted: true,
            });
            Ok(())
        })
    }

    /// Loads a game record: `{"pgn": text}`, PGN whose tags name the variant, the options and
    /// the FEN. The players and limits stay as they are.
    fn load_record(&self, body: &str) -> Result<Reply, Reply> {
        let request: LoadRecord = parse(body)?;
        let fresh = super::record::game_from_record(&request.pgn).map_err(bad)?;
        self.change(request.generation, move |game| {
            let (players, limits) = (game.players, game.limits);
            *game = fresh;
            game.players = players;
            game.limits = limits;
            game.set_clock(&limits);
            Ok(())
        })
    }
}

/// The engine accepts a draw when its score for its own side is at most this (centipawns):
/// it does not think it stands better.
const DRAW_ACCEPT_CP: i32 = 0;

/// 409 when the page saw another position or settings than the game's now.
fn stale(game: &GuiGame, seen: Option<u64>) -> Result<(), Reply> {
    match seen {
        Some(g) if g != game.generation => Err((
            409,
            json!({ "error": "the game has changed since this was asked: the board shows it as it is now",
                    "state": state_json(game) }),
        )),
        _ => Ok(()),
    }
}

/// The side a person plays: his only side against the engine, else the side to move.
fn person_side(game: &GuiGame) -> Option<Side> {
    let persons: Vec<Side> = [Side::White, Side::Black]
        .into_iter()
        .filter(|s| game.players[s.index()] == Player::Human)
        .collect();
    match persons.as_slice() {
        [] => None,
        [side] => Some(*side),
        _ => Some(game.session.side_to_move()),
    }
}

/// How much each of `next` is worth to the mover when steps share their squares: the engine's
/// static evaluation after the shortest whole turn it begins (0 for steps that stand alone or
/// lead nowhere yet). Only steps that a picker would show are ranked.
fn choice_ranks(session: &dyn Session, entered: &[Step], next: &[Step]) -> Vec<i32> {
    next.iter()
        .map(|step| {
            let shared = next
                .iter()
                .filter(|s| s.from == step.from && s.to == step.to)
                .count();
            if shared < 2 {
                return 0;
            }
            if step.choice.is_none() {
                return i32::MAX; // the move as it is, without a change, comes first
            }
            let mut steps = entered.to_vec();
            steps.push(step.clone());
            let options = session.turn_options(&steps, Dialect::Uci);
            let Some(turn) = options.complete.as_deref().map(str::to_string).or_else(|| {
                // Not yet a whole turn: follow the first continuation to one.
                let mut steps = steps.clone();
                for _ in 0..8 {
                    let o = session.turn_options(&steps, Dialect::Uci);
                    if let Some(c) = o.complete {
                        return Some(c);
                    }
                    steps.push(o.next.first()?.clone());
                }
                None
            }) else {
                return 0;
            };
            let mut after = session.clone_box();
            if after.play(&turn, Dialect::Uci).is_err() {
                return 0;
            }
            // The evaluation is the opponent's after the turn: lower is better for the mover.
            -after.evaluate()
        })
        .collect()
}

/// Known forced wins from a variant's start, for the new-game dialog: (variant, option, value
/// under which it holds, what to say). reflection-14: proven by exhaustive search
/// (engine-tests/tests/reflection_opening_mate.rs, docs/reflection.md); reflection-12: the mate
/// Kaleido's search finds from the start.
const FORCED_WINS: &[(&str, &str, &str, &str)] = &[
    (
        "reflection-14",
        "WinCondition",
        "checkmate",
        "White mates by force in 3 turns from this start (proven by exhaustive search).",
    ),
    (
        "reflection-12",
        "WinCondition",
        "checkmate",
        "White has a forced win from this start: the engine finds mate in 7.",
    ),
];

fn forced_win(variant: &str) -> Value {
    FORCED_WINS
        .iter()
        .find(|(v, _, _, _)| *v == variant)
        .map_or(
            Value::Null,
            |(_, option, value, text)| json!({ "option": option, "value": value, "text": text }),
        )
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
            // How the game calls its players (Red in the xiangqi family), for the dialog.
            let side_names = v
                .new_session(&VariantOptions::default())
                .map(|s| s.board_view().side_names)
                .unwrap_or(["White", "Black"]);
            json!({ "name": v.name, "options": options, "forced_win": forced_win(v.name),
                    "side_names": side_names })
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
        .map(|o| json!({ "result": game.result_token(), "reason": o.reason, "winner": o.winner }));
    let board = session.board_view();
    // Check as the game defines it (the board view marks the king), not the search's notion.
    let in_check = outcome.is_none() && !board.check.is_empty();
    json!({
        "variant": session.variant(),
        "options": options,
        "fen": session.fen(Dialect::Uci),
        "start_fen": game.start_fen,
        "board": board,
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
