//! The engine-side state both protocols share: the current variant and session, the rule
//! options the GUI has set, the engine options (hash, threads...) and the search thread (the
//! engine's one `Searcher`, which the board uses too).

use super::Event;
use crate::engine::options::{EngineOption, Sets, Settings};
use crate::engine::searcher::Searcher;
use crate::game::{Dialect, OptionSpec, VariantOptions};
use crate::perft;
use crate::search::Limits;
use crate::session::{BestMove, InfoLine, Session};
use crate::variants::{self, VariantInfo};
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// The variant a fresh engine plays: chess when registered, else the first in the registry.
pub fn default_variant() -> Result<&'static VariantInfo, String> {
    variants::find("chess")
        .or_else(|| variants::VARIANTS.first())
        .ok_or_else(|| "no variant is registered".to_string())
}

/// Every rule option of every variant, each name once (the first variant's spec wins).
pub fn all_rule_options() -> Vec<&'static OptionSpec> {
    let mut out: Vec<&'static OptionSpec> = Vec::new();
    for info in variants::VARIANTS {
        for spec in info.options {
            if !out.iter().any(|s| s.name.eq_ignore_ascii_case(spec.name)) {
                out.push(spec);
            }
        }
    }
    out
}

/// What setting a rule option did.
#[derive(Debug, PartialEq, Eq)]
pub enum RuleOptionEffect {
    /// The current variant has it: the session was rebuilt (start position) with the new value.
    Applied,
    /// Same value as before: nothing changed.
    Unchanged,
    /// Kept for variants that have it; the current one does not.
    NotInThisVariant,
}

pub struct Engine {
    variant: &'static VariantInfo,
    /// Every rule option the GUI set, whatever variant it belongs to (GUIs send options before
    /// the variant); each session gets the ones its variant has.
    rule_options: VariantOptions,
    session: Box<dyn Session>,
    /// The engine options (`engine::options`); the table's size is the TT's.
    pub settings: Settings,
    /// The search thread and the TT; each search's end comes back as `Event::SearchDone`.
    searcher: Searcher,
}

impl Engine {
    pub fn new(events: Sender<Event>) -> Result<Engine, String> {
        let variant = default_variant()?;
        let session = variant.new_session(&VariantOptions::default())?;
        let settings = Settings::default();
        Ok(Engine {
            variant,
            rule_options: VariantOptions::default(),
            session,
            searcher: Searcher::new(
                settings.hash_mb,
                Arc::new(move |id| {
                    let _ = events.send(Event::SearchDone(id));
                }),
            ),
            settings,
        })
    }

    pub fn variant(&self) -> &'static VariantInfo {
        self.variant
    }
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }
    /// The session to change. Callers stop any search first ([`Engine::halt`]).
    pub fn session_mut(&mut self) -> &mut Box<dyn Session> {
        &mut self.session
    }
    /// The rule options of `info` among those set so far.
    fn options_for(&self, info: &VariantInfo) -> VariantOptions {
        let mut out = VariantOptions::default();
        for (name, value) in self.rule_options.iter() {
            if info
                .options
                .iter()
                .any(|s| s.name.eq_ignore_ascii_case(name))
            {
                out.set(name, value);
            }
        }
        out
    }

    /// A fresh session of `info` in its start position with the rule options set so far.
    fn build(&self, info: &'static VariantInfo) -> Result<Box<dyn Session>, String> {
        info.new_session(&self.options_for(info))
    }

    /// Switches to the variant called `name` (start position). On error nothing changes.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let info = variants::find(name).ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                super::echo(name),
                variants::names().collect::<Vec<_>>().join(", ")
            )
        })?;
        self.session = self.build(info)?;
        self.variant = info;
        Ok(())
    }

    /// Back to the current variant's start position.
    pub fn new_game(&mut self) {
        self.session.new_game();
    }

    /// Sets a rule option of any variant (`name` case-insensitive).
    pub fn set_rule_option(&mut self, name: &str, value: &str) -> Result<RuleOptionEffect, String> {
        let spec = all_rule_options()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option '{}'", super::echo(name)))?;
        let value = spec.validate(value)?;
        let before = self
            .rule_options
            .get(spec.name)
            .map(str::to_string)
            .unwrap_or_else(|| spec.default_value());
        self.rule_options.set(spec.name, &value);
        if !self
            .variant
            .options
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(spec.name))
        {
            return Ok(RuleOptionEffect::NotInThisVariant);
        }
        if before == value {
            return Ok(RuleOptionEffect::Unchanged);
        }
        match self.build(self.variant) {
            Ok(session) => {
                self.session = session;
                Ok(RuleOptionEffect::Applied)
            }
            Err(e) => {
                self.rule_options.set(spec.name, &before);
                Err(e)
            }
        }
    }

    /// Whether `name` is a rule option of some variant.
    pub fn is_rule_option(name: &str) -> bool {
        all_rule_options()
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// A new, empty table of `megabytes`, clamped as the options table says (callers stop any
    /// search first).
    pub fn set_hash(&mut self, megabytes: usize) {
        self.settings
            .set_number(Sets::Hash, u64::try_from(megabytes).unwrap_or(u64::MAX));
        self.searcher.set_hash(self.settings.hash_mb);
    }

    /// Sets an engine option from the text a GUI sent (callers stop any search first: `Hash`
    /// replaces the table). On error nothing changes.
    pub fn set_option(&mut self, option: &EngineOption, value: &str) -> Result<(), String> {
        self.settings.set(option, value)?;
        if option.sets == Sets::Hash {
            self.set_hash(self.settings.hash_mb);
        }
        Ok(())
    }

    pub fn clear_hash(&self) {
        self.searcher.clear_hash();
    }

    /// Limits carrying the engine options; the caller adds the clock or depth.
    pub fn base_limits(&self) -> Limits {
        self.settings.limits(self.variant.name)
    }

    pub fn searching(&self) -> bool {
        self.searcher.searching()
    }

    /// Starts searching the current position on the search thread; each finished iteration
    /// goes to `report` (on that thread). Returns the search id that [`Event::SearchDone`] will
    /// carry. A search already running is stopped and its result dropped.
    pub fn start_search(
        &mut self,
        limits: Limits,
        dialect: Dialect,
        report: Box<dyn FnMut(InfoLine) + Send>,
    ) -> u64 {
        self.searcher
            .start_search(self.session.as_ref(), limits, dialect, report)
    }

    /// Starts a perft of the current position on the search thread, so that `stop`, `isready`
    /// and `quit` are answered while it counts; `done` receives its result on that thread.
    /// Returns the id [`Event::SearchDone`] will carry; [`Engine::finish`] then gives `None`.
    pub fn start_perft(
        &mut self,
        depth: u32,
        dialect: Dialect,
        done: Box<dyn FnOnce(Result<perft::Counts, perft::Refusal>) + Send>,
    ) -> u64 {
        self.searcher
            .start_perft(self.session.as_ref(), depth, dialect, done)
    }

    /// Asks the running search to stop; its `SearchDone` event follows.
    pub fn stop(&self) {
        self.searcher.stop();
    }

    /// The opponent played the predicted move: the pondering search now runs on our clock.
    pub fn ponderhit(&self) {
        self.searcher.ponderhit();
    }

    /// Collects the result of the search `id` after its `SearchDone` event; `None` when that
    /// search was already collected (stopped by [`Engine::halt`]) or replaced, or was a perft.
    pub fn finish(&mut self, id: u64) -> Option<BestMove> {
        self.searcher.finish(id)
    }

    /// Stops the running search or perft, if any, waits for it and returns a search's result.
    pub fn halt(&mut self) -> Option<BestMove> {
        self.searcher.halt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::options;
    use crate::search::strength::{FULL_STRENGTH_SKILL, LEVELS, LEVEL_ELO};

    fn engine() -> Engine {
        let (events, _) = std::sync::mpsc::channel();
        Engine::new(events).expect("an engine")
    }

    /// Sets one of the strength options both protocols offer; `None`: not one of them.
    fn set_strength(engine: &mut Engine, name: &str, value: &str) -> Option<Result<(), String>> {
        let option = options::find(name)
            .filter(|o| matches!(o.sets, Sets::SkillLevel | Sets::LimitStrength | Sets::Elo))?;
        Some(engine.set_option(option, value))
    }

    fn skill(engine: &Engine) -> Option<f64> {
        engine.base_limits().strength.map(|s| s.skill)
    }

    #[test]
    fn default_options_are_full_strength() {
        let mut engine = engine();
        assert_eq!(skill(&engine), None);
        // UCI_Elo alone changes nothing: UCI_LimitStrength turns it on.
        assert_eq!(set_strength(&mut engine, "UCI_Elo", "1000"), Some(Ok(())));
        assert_eq!(skill(&engine), None);
        assert_eq!(
            set_strength(&mut engine, "Skill Level", &FULL_STRENGTH_SKILL.to_string()),
            Some(Ok(()))
        );
        assert_eq!(skill(&engine), None);
    }

    #[test]
    fn skill_level_and_elo_reach_the_same_strength() {
        let mut engine = engine();
        for level in 1..=LEVELS {
            let mut by_level = self::engine();
            assert_eq!(
                set_strength(&mut by_level, "skill level", &level.to_string()),
                Some(Ok(()))
            );
            assert_eq!(skill(&by_level), Some(f64::from(level)));
            set_strength(&mut engine, "UCI_LimitStrength", "true");
            let elo = LEVEL_ELO[level as usize - 1].to_string();
            assert_eq!(set_strength(&mut engine, "UCI_Elo", &elo), Some(Ok(())));
            assert_eq!(skill(&engine), Some(f64::from(level)));
        }
        // CECP sends a check as 0/1; a spin takes only numbers.
        assert_eq!(
            set_strength(&mut engine, "UCI_LimitStrength", "0"),
            Some(Ok(()))
        );
        assert_eq!(skill(&engine), None);
        assert!(matches!(
            set_strength(&mut engine, "Skill Level", "true"),
            Some(Err(_))
        ));
        assert_eq!(set_strength(&mut engine, "Skill Level", "1"), Some(Ok(())));
        assert_eq!(skill(&engine), Some(1.0));
    }

    #[test]
    fn bad_strength_values_are_refused_and_change_nothing() {
        let mut engine = engine();
        set_strength(&mut engine, "Skill Level", "3");
        for (name, value) in [
            ("Skill Level", "strong"),
            ("UCI_LimitStrength", "maybe"),
            ("UCI_Elo", ""),
        ] {
            assert!(
                matches!(set_strength(&mut engine, name, value), Some(Err(_))),
                "{name}={value}"
            );
        }
        assert_eq!(skill(&engine), Some(3.0));
        assert_eq!(set_strength(&mut engine, "Hash", "3"), None);
    }
}
