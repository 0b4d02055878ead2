//! The referee's UCI client: `UCI_Variant` only where another game than chess is played, options
//! the engine did not announce warned about (the real binary's stderr), and the engine's own name.

use engine_tests::binary::run;

const FAKE: &str = env!("CARGO_BIN_EXE_fake_engine");

fn scratch(name: &str) -> std::path::PathBuf {
    engine_tests::matches::scratch("match-uci", name)
}

#[test]
fn uci_variant_goes_only_to_other_games_and_unknown_options_are_warned_about() {
    let log = scratch("xiangqi.log");
    let logged = format!(
        "cmd={FAKE} --proto uci --seed 1 --log {} --option-names Hash option.Bogus=7 option.Hash=8",
        log.display()
    );
    let output = run(&[
        "match",
        "--variant",
        "xiangqi",
        "--engine",
        &logged,
        "--engine",
        &format!("cmd={FAKE} --proto uci --seed 2 name=Other"),
        "--games",
        "2",
        "--tc",
        "2+0.05",
        "--max-plies",
        "6",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    // No name= : the engine is called by its `id name`.
    assert!(stdout.contains("FakeEngine vs Other: "), "{stdout}");
    assert!(
        stderr.contains("warning: engine fake_engine (")
            && stderr.contains("announced no option 'Bogus'"),
        "{stderr}"
    );
    assert!(!stderr.contains("'Hash'"), "Hash was announced: {stderr}");
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.contains("setoption name UCI_Variant value xiangqi\n")
            && sent.contains("setoption name Bogus value 7\n"),
        "{sent}"
    );
}
