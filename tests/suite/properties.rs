//! Property tests over the list of games: from random positions (proptest seeds, fixed so a run is
//! repeatable), every game's position survives a case file's round trip and its solver's plan is
//! legal by the rules and does what it claims (`Game::check_random`); and every game's text parser
//! refuses random text with an error, never a panic.

use gamebot::games::GameKind;
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn every_game_keeps_its_random_position_property(seed in any::<u64>()) {
        for &kind in GameKind::ALL {
            if let Err(broke) = kind.check_random(seed) {
                return Err(TestCaseError::fail(format!("{kind}, seed {seed}: {broke}")));
            }
        }
    }

    #[test]
    fn every_game_s_text_parser_refuses_garbage_without_panicking(text in "\\PC{0,200}") {
        for &kind in GameKind::ALL {
            let _ = kind.parse_text(&text);
        }
    }
}
