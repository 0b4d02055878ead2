//! Kaleido's rules as the referee of `kaleido match` asks for them: the `kaleido-referee` crate's
//! `Rules` and `Judge` implemented once, over the variant registry and `Session`. The referee
//! knows no game; everything it judges comes through here.

use crate::game::{Dialect, MoveError, Outcome, Side, VariantOptions};
use crate::session::Session;
use crate::variants;
use kaleido_referee::rules as referee;

/// Every variant of the registry, for the referee.
pub struct KaleidoRules;

/// The registry entry and its validated options.
fn variant_options(
    variant: &str,
    options: &referee::RuleOptions,
) -> Result<(&'static variants::VariantInfo, VariantOptions), String> {
    let info = variants::find(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let mut set = VariantOptions::default();
    for (name, value) in options {
        set.set(name, value);
    }
    Ok((info, info.validate(&set)?))
}

impl referee::Rules for KaleidoRules {
    fn variants(&self) -> Vec<String> {
        variants::names().map(str::to_string).collect()
    }

    fn rule_options(
        &self,
        variant: &str,
        options: &referee::RuleOptions,
    ) -> Result<referee::RuleOptions, String> {
        let (info, valid) = variant_options(variant, options)?;
        // Engines get the names as the variant spells them (`Crooked`), not the lookup key.
        Ok(info
            .options
            .iter()
            .filter_map(|spec| {
                let value = valid.get(spec.name)?;
                Some((spec.name.to_string(), value.to_string()))
            })
            .collect())
    }

    fn new_game(
        &self,
        variant: &str,
        options: &referee::RuleOptions,
    ) -> Result<Box<dyn referee::Judge>, String> {
        let (info, valid) = variant_options(variant, options)?;
        Ok(Box::new(SessionJudge(info.new_session(&valid)?)))
    }
}

struct SessionJudge(Box<dyn Session>);

impl referee::Judge for SessionJudge {
    fn restart(&mut self) {
        self.0.new_game();
    }
    fn set_fen(&mut self, fen: &str, d: Dialect) -> Result<(), String> {
        self.0.set_fen(fen, d)
    }
    fn fen(&self, d: Dialect) -> String {
        self.0.fen(d)
    }
    fn play(&mut self, text: &str, d: Dialect) -> Result<(), MoveError> {
        self.0.play(text, d)
    }
    fn legal_moves(&self, d: Dialect) -> Vec<String> {
        self.0.legal_moves(d)
    }
    fn translate(&self, text: &str, from: Dialect, to: Dialect) -> Result<String, MoveError> {
        self.0.translate_move(text, from, to)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn side_to_move(&self) -> Side {
        self.0.side_to_move()
    }
    fn plies(&self) -> usize {
        self.0.plies()
    }
    fn move_number(&self) -> u32 {
        self.0.move_number()
    }
    fn xboard_variant(&self) -> String {
        self.0.xboard_variant().to_string()
    }
}

/// `kaleido match`: the referee's match with Kaleido's rules.
pub fn run_match(
    args: &kaleido_referee::MatchArgs,
) -> Result<kaleido_referee::MatchSummary, String> {
    kaleido_referee::run_match(args, &KaleidoRules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use referee::{Judge, Rules};

    fn chess(fen: &str) -> Box<dyn Judge> {
        let mut judge = KaleidoRules.new_game("chess", &Vec::new()).expect("chess");
        judge.set_fen(fen, referee::Dialect::Uci).expect("FEN");
        judge
    }

    #[test]
    fn moves_are_translated_between_dialects() {
        let castle = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let t = |text, from, to| castle.translate(text, from, to);
        use referee::Dialect::{Record, Uci, XBoard};
        assert_eq!(t("O-O", Record, Uci).as_deref(), Ok("e1g1"));
        assert_eq!(t("e1c1", XBoard, Record).as_deref(), Ok("O-O-O"));
        assert_eq!(t("Kf1", Record, XBoard).as_deref(), Ok("e1f1"));
        assert_eq!(
            t("Ke3", Record, Uci),
            Err(referee::MoveError::Illegal("Ke3".into()))
        );
        assert!(matches!(
            t("zz", Uci, Record),
            Err(referee::MoveError::Unparsable(_))
        ));
        let promote = chess("8/4P3/8/8/8/8/k7/7K w - - 0 1");
        assert_eq!(
            promote.translate("e8=Q", Record, Uci).as_deref(),
            Ok("e7e8q")
        );
    }

    #[test]
    fn options_are_checked_and_spelled_as_the_variant_spells_them() {
        let options = vec![("crooked".to_string(), "TRUE".to_string())];
        assert_eq!(
            KaleidoRules.rule_options("sonic", &options),
            Ok(vec![("Crooked".to_string(), "true".to_string())])
        );
        assert!(KaleidoRules.rule_options("chess", &options).is_err());
        assert!(KaleidoRules.new_game("no-such-game", &Vec::new()).is_err());
    }
}
