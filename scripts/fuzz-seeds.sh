#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/, not committed) from the project's own files:
# fixture PNGs of at most 16 KB for every reader (any picture is a reader's input, so each reader
# gets every game's small captures), fixture case files, the shipped profiles, and a few
# calibrations, contest records and text boards written here. Run from anywhere; prints nothing
# but errors. Usage: scripts/fuzz-seeds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=fuzz/corpus
seed() { # seed TARGET NAME TEXT
  mkdir -p "$corpus/$1"
  printf '%s' "$3" >"$corpus/$1/$2"
}

for target in read_flood read_pegs read_breach read_collapse read_tetris; do
  mkdir -p "$corpus/$target"
  find fixtures -name '*.png' -size -16k -exec cp -t "$corpus/$target" {} +
done
mkdir -p "$corpus/case_toml" "$corpus/profile_toml"
find fixtures -name '*.toml' | while read -r f; do cp "$f" "$corpus/case_toml/$(echo "$f" | tr / _)"; done
cp config/*.toml "$corpus/profile_toml/"

seed calibration_toml flood 'profile = "sgt-flood"
game = "flood"
window_width = 64
window_height = 64
seen = ["colour 0: #dc2828"]

[grid]
rows = 6
cols = 6

[grid.rect]
x = 8.0
y = 8.0
width = 48.0
height = 48.0
'
seed calibration_toml pegs 'profile = "sgt-pegs"
game = "pegs"
window_width = 64
window_height = 64

[grid]
rows = 3
cols = 3

[grid.rect]
x = 8.0
y = 8.0
width = 48.0
height = 48.0
'
seed contest_record short 'N,L9,D19'
seed contest_record two 'N,C5,R9,D25,N,D3'
seed contest_record empty 'N,D19,N,N,D2'
seed contest_record counts 'N,D19,N3,L2,R1,C1,D1'
seed text_board flood4 $'0123\n1123\n2213\n3321\n'
seed text_board flood_hex $'0a1\nb2f\n3c4\n'
seed text_board cross $'##ooo##\n##ooo##\nooooooo\nooo.ooo\nooooooo\n##ooo##\n##ooo##\n'
seed text_board small $'.oo\no#o\n'
