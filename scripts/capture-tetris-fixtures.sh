#!/usr/bin/env bash
# capture-tetris-fixtures.sh: take the real mid-game screenshots of fixtures/tetris/ from quadrapassel.
#
# What it does
#   For every case in the table at the bottom (a name, the window size quadrapassel is told to open
#   with, whether blocks get random colours, and a key sequence), it starts the real quadrapassel
#   (Debian package quadrapassel, /usr/games/quadrapassel) on a private Xvfb display with jwm, with its
#   settings in a private keyfile (sound off, preview on, shadow off, clean theme, level 1), clicks the
#   start button (quadrapassel 40.2 crashes on a key pressed before its first game), plays the key
#   sequence with xdotool (pieces separated by ";", each piece's keys followed by a pause), waits for
#   two identical captures in a row (no step being animated) and writes fixtures/tetris/<name>.png,
#   the game's window cut from `import -window root`.
#   It writes no ground truth: the .toml beside each picture is written by a person looking at it
#   (which cells are filled, which piece is falling, which one the preview shows); gamebot's reader
#   is never used for it. Rerunning gives other pictures (the game's pieces are random), so the
#   TOMLs must then be checked again by eye.
#
# How to run (needs Xvfb, jwm, xdotool, ImageMagick, x11-utils, python3 with PIL, quadrapassel)
#   scripts/capture-tetris-fixtures.sh            # refuses to overwrite an existing picture
#   scripts/capture-tetris-fixtures.sh --force
# Environment: TETRIS_CAPTURE_DISPLAY (default 73; must be free).
set -euo pipefail

force=0
[ "${1:-}" = "--force" ] && force=1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out="$(cd "$here/.." && pwd)/fixtures/tetris"
dnum=${TETRIS_CAPTURE_DISPLAY:-73}
game=/usr/games/quadrapassel
for tool in Xvfb jwm xdotool import convert compare xwininfo python3; do
    command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
[ -x "$game" ] || { echo "quadrapassel not found at $game (apt-get install quadrapassel)" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap stop EXIT

export DISPLAY=:$dnum
Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 & pids+=($!)
sleep 1
jwm >/dev/null 2>&1 & pids+=($!)
sleep 1

# The centre of the tallest white mark in the right part of a picture: the start button's icon.
start_button() {
    python3 - "$1" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB"); w, h = im.size; px = im.load()
rows = [y for y in range(h) if any(min(px[x, y]) > 200 for x in range(int(w * 0.62), w))]
blobs, cur = [], []
for y in rows:
    if cur and y != cur[-1] + 1:
        blobs.append(cur); cur = []
    cur.append(y)
blobs.append(cur)
b = max(blobs, key=len)
xs = [x for y in b for x in range(int(w * 0.62), w) if min(px[x, y]) > 200]
print((min(xs) + max(xs)) // 2, (b[0] + b[-1]) // 2)
PY
}

# Captures the game window until two captures in a row are identical.
capture() {
    local geom x y w h
    geom=$(xwininfo -id "$1" | awk '/Absolute upper-left X/{x=$4} /Absolute upper-left Y/{y=$4} /Width/{w=$2} /Height/{h=$2} END{print w"x"h"+"x"+"y}')
    for _ in $(seq 40); do
        import -window root -crop "$geom" +repage "$work/a.png"
        sleep 0.03
        import -window root -crop "$geom" +repage "$work/b.png"
        if [ "$(compare -metric AE "$work/a.png" "$work/b.png" null: 2>&1)" = "0" ]; then
            convert "$work/b.png" -define png:exclude-chunks=date,time "$2"; return 0
        fi
    done
    echo "the window never held still" >&2; return 1
}

while IFS='|' read -r name size random keys; do
    [ -z "$name" ] && continue
    if [ -e "$out/$name.png" ] && [ $force = 0 ]; then echo "skip $name (exists; --force to redo)"; continue; fi
    rm -rf "$work/cfg" "$work/data"; mkdir -p "$work/cfg/glib-2.0/settings" "$work/data"
    cat > "$work/cfg/glib-2.0/settings/keyfile" <<KEYS
[org/gnome/Quadrapassel]
sound=false
do-preview=true
show-shadow=false
random-block-colors=$random
theme='clean'
starting-level=1
window-width=${size%x*}
window-height=${size#*x}
KEYS
    XDG_CONFIG_HOME=$work/cfg XDG_DATA_HOME=$work/data GSETTINGS_BACKEND=keyfile "$game" >/dev/null 2>&1 & gp=$!
    pids+=($gp)
    sleep 3
    win=$(xdotool search --name '^Quadrapassel$' | while read -r w; do
        echo "$(xwininfo -id "$w" | awk '/Width/{print $2}') $w"; done | sort -n | tail -1 | cut -d' ' -f2)
    capture "$win" "$work/idle.png"
    read -r bx by < <(start_button "$work/idle.png")
    origin=$(xwininfo -id "$win" | awk '/Absolute upper-left X/{x=$4} /Absolute upper-left Y/{y=$4} END{print x" "y}')
    xdotool mousemove $((bx + ${origin% *})) $((by + ${origin#* })) click 1 mousemove 1270 1010
    sleep 0.8
    IFS=';' read -ra pieces <<< "$keys"
    for piece in "${pieces[@]}"; do
        # shellcheck disable=SC2086
        [ -n "${piece// }" ] && xdotool key --delay 40 $piece
        sleep 0.7
    done
    capture "$win" "$out/$name.png"
    echo "wrote $out/$name.png ($(identify -format %wx%h "$out/$name.png"))"
    kill $gp; wait $gp 2>/dev/null || true
done <<'CASES'
q595-start|595x611|false|
q595-three|595x611|false|Left Left Left Left space;Right Right Right Right space;space
q595-six|595x611|true|Left Left Left Left space;Right Right Right Right space;Up space;Left Left space;Right Right space;Up Up space
q500-four|500x500|false|Left Left Left Left Left space;Right Right Right Right Right space;Up Left space;Right Up space
q500-seven|500x500|true|Left Left Left Left space;Right Right Right Right space;Up space;Left Left space;Right Right space;Up Up Left Left Left Left space;Right Right Right Up space
q800-five|800x900|true|Left Left Left Left space;Right Right Right Right space;Up Up space;Left Left space;Right Right Right space
q800-eight|800x900|false|Left Left Left Left space;Right Right Right Right space;Left space;Right space;Up Left Left Left space;Up Right Right Right space;space;Left Left space
CASES
