#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/, not committed) from the list of games: the suite's
# test that checks every game has fixtures, text seeds and benchmarks writes them when
# GAMEBOT_FUZZ_SEEDS names a folder (each game's smallest captures for `read`, its text seeds for
# `text`, its case files, its default profile, a calibration). Usage: scripts/fuzz-seeds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GAMEBOT_FUZZ_SEEDS="$PWD/fuzz/corpus" cargo test --release --quiet --test suite -- games::every_game_has_fixtures \
  >/dev/null
