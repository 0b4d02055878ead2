//! Properties every registered variant must have (this covers variants added later too).

use kaleido::game::{Dialect, VariantOptions};
use kaleido::variants::VARIANTS;

#[test]
fn make_unmake_restores_position_and_keys_stay_consistent() {
    for info in VARIANTS {
        let mut positions: Vec<&str> = vec!["startpos"];
        positions.extend(info.bench.iter().copied());
        for fen in positions {
            let mut session = info
                .new_session(&VariantOptions::default())
                .expect("default options are valid");
            if fen != "startpos" {
                session
                    .set_fen(fen, Dialect::Uci)
                    .unwrap_or_else(|e| panic!("{}: bench FEN {fen} rejected: {e}", info.name));
            }
            session
                .self_check(0xC0FFEE, 40, 200)
                .unwrap_or_else(|e| panic!("{} from {fen}: {e}", info.name));
        }
    }
}

#[test]
fn every_variant_reads_back_its_own_fen() {
    for info in VARIANTS {
        let session = info
            .new_session(&VariantOptions::default())
            .expect("default options are valid");
        for dialect in [Dialect::Uci, Dialect::XBoard] {
            let fen = session.fen(dialect);
            let mut other = info.new_session(&VariantOptions::default()).expect("valid");
            other
                .set_fen(&fen, dialect)
                .unwrap_or_else(|e| panic!("{}: own FEN {fen} rejected: {e}", info.name));
            assert_eq!(other.fen(dialect), fen, "{}", info.name);
            assert_eq!(other.key(), session.key(), "{}", info.name);
        }
    }
}
