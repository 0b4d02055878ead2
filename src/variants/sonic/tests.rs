//! Unit tests of the Sonic internals; the rules' worked examples live in
//! engine-tests/tests/sonic_rules.rs.
