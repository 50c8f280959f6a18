#!/bin/bash
# bench-flood-sets.sh: the Flood-it solver on every public benchmark set in ../shared/corpus, one
# `gamebot bench flood` per set (the README's table comes from these runs).
#
#   scripts/bench-flood-sets.sh [THREADS] [SET...]
#
# THREADS defaults to 2 (the bench's default); SETs default to all eight: pc19 b10c15 b12c12 b14c8
# b18c6 b24c4 floodtest19 b24c6. floodtest19 floods from the centre cell (--start centre), as its
# published solutions do; b24c6, which no public solver has finished, gets 1 s a board. For each set
# it prints the bench's last line (boards= total_moves= proven_optimal= seconds= threads= peak_mb=),
# the published optimal total where there is one (optimal_total=), and whether they agree.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-2}
shift || true
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(pc19 b10c15 b12c12 b14c8 b18c6 b24c4 floodtest19 b24c6)
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "no $corpus beside this checkout: the benchmark sets live there" >&2; exit 1; }
cargo build --release --quiet
for set in "${sets[@]}"; do
  options=(--threads "$threads")
  if [ "$set" = pc19 ]; then
    boards=$corpus/flood-pc19/tiles.txt optimal=$corpus/flood-pc19/optimal.txt
  else
    boards=$corpus/flood-colorfill/$set.txt optimal=$corpus/flood-colorfill/$set.optimal.txt
  fi
  [ -f "$boards" ] || { echo "$set: no $boards" >&2; exit 1; }
  [ "$set" = floodtest19 ] && options+=(--start centre)
  [ "$set" = b24c6 ] && options+=(--budget-ms 1000)
  last=$(./target/release/gamebot bench flood "$boards" "${options[@]}" | tail -n 1)
  if [ -f "$optimal" ]; then
    want=$(awk '{ total += $1 } END { print total }' "$optimal")
    got=$(sed -n 's/.*total_moves=\([0-9]*\).*/\1/p' <<<"$last")
    verdict=$([ "$got" = "$want" ] && echo "optimal" || echo "NOT the published optimum")
    echo "set=$set $last optimal_total=$want $verdict"
  else
    echo "set=$set $last"
  fi
done
