//! Reflection's tests, one file a subject; the helpers they share are here.

use super::*;
use crate::game::{Notation, Rules};

fn game(variant: &str, fen: Option<&str>) -> Reflection {
    let mut g = Reflection::new(variant, &VariantOptions::default()).expect("variant exists");
    if let Some(f) = fen {
        g.set_fen(f, Dialect::Uci).expect("valid FEN");
    }
    g
}

fn turns(g: &Reflection) -> Vec<String> {
    let mut list = MoveList::new();
    g.generate(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.move_text(m, Dialect::Uci)).collect();
    v.sort();
    v
}

/// The generated set equals `expected` exactly (order-insensitive), and none of `illegal`.
fn assert_turns(g: &Reflection, expected: &[&str], illegal: &[&str]) {
    let got = turns(g);
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "{}", g.fen(Dialect::Uci));
    for bad in illegal {
        assert!(
            g.parse_move(bad, Dialect::Uci).is_err(),
            "{bad} must be illegal in {}",
            g.fen(Dialect::Uci)
        );
    }
}

fn play(g: &mut Reflection, text: &str) {
    let mv = g
        .parse_move(text, Dialect::Uci)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    g.make(mv);
}

fn options(pairs: &[(&str, &str)]) -> VariantOptions {
    let mut o = VariantOptions::default();
    for (k, v) in pairs {
        o.set(k, v);
    }
    o
}

fn game_with(variant: &str, fen: &str, opts: &[(&str, &str)]) -> Reflection {
    let mut g = Reflection::new(variant, &options(opts)).unwrap();
    g.set_fen(fen, Dialect::Uci).unwrap();
    g
}

mod input;
mod playouts;
mod rule_options;
mod worked_examples;
