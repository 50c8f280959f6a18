#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ one after another (cargo-fuzz, nightly, no sanitizer: the code
# is safe Rust, and overflow checks and debug assertions stay on in fuzz builds), each with a
# 1 GB memory limit, a 10 s limit per input and inputs of at most 4 KB, from corpora seeded by
# scripts/fuzz-seeds.sh. Prints one `target=... runs=... fuzz_seconds=...` line per target and exits
# non-zero at the first crash, panic, timeout or out-of-memory (the input is in
# fuzz/artifacts/<target>/). fuzz_seconds is libFuzzer's own time; wall_seconds adds cargo's
# build check (a rebuild, when the sources changed).
#   scripts/fuzz.sh --seconds 20        # each target for 20 s (what .ci/run does)
#   scripts/fuzz.sh --runs 1000000      # each target for 10^6 executions (the README's figures)
#   scripts/fuzz.sh --runs 1000 read text    # only these targets
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  --seconds) limit=(-max_total_time="$2") ;;
  --runs) limit=(-runs="$2") ;;
  *) echo "usage: $0 --seconds S | --runs N [target...]" >&2; exit 2 ;;
esac
shift 2

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
scripts/fuzz-seeds.sh

cd fuzz
cargo +nightly fuzz build -s none
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
for target in "${targets[@]}"; do
  log=$(mktemp)
  start=$(date +%s)
  if ! cargo +nightly fuzz run -s none "$target" "corpus/$target" -- "${limit[@]}" \
    -max_len=4096 -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "target=$target FAILED (see fuzz/artifacts/$target/)"
    rm -f "$log"
    exit 1
  fi
  end=$(date +%s)
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  fuzzing=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' || echo '?')
  peak=$(grep -oE 'stat::peak_rss_mb: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  echo "target=$target runs=$runs fuzz_seconds=$fuzzing wall_seconds=$((end - start)) peak_rss_mb=$peak"
  rm -f "$log"
done
