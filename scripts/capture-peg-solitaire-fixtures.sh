#!/usr/bin/env bash
# capture-peg-solitaire-fixtures.sh: make fixtures/pegs/debian-peg-solitaire/ from Debian's `peg-solitaire`.
#
# What it does
#   Debian's peg-solitaire (Qt 5; 343 boards listed by name, shaded balls on a white board) is the second
#   desktop peg solitaire the bot learns (issue 18). For every case in the table below (a name, the board's
#   name in the program's list, the board's code in the program's own data file, a window size and optional
#   jumps) it starts the program on a private Xvfb display with jwm (LANG=en_US.UTF-8: without a locale the
#   program lists no boards; HOME is a fresh folder, so no saved records change anything), selects the board
#   by typing its name into the list (Qt's keyboard search picks the first name starting with it; the
#   English board, "Classic 1", is the one selected at start), resizes
#   the window, makes the jumps by clicking the peg and then its landing hole (the program's own way), and
#   writes
#       fixtures/pegs/debian-peg-solitaire/<name>.png   the window, captured with ImageMagick `import -window`
#       fixtures/pegs/debian-peg-solitaire/<name>.toml  the case (spec/CASES.md, "pegs")
#   The truth is the board with that code in /usr/share/games/peg-solitaire/games/data.sol (-1 no hole,
#   0 empty, 1 peg), with the jumps applied by the rules; nothing is read back from the image for it.
#   Where to click is found from the capture: the bounding box of the pegs' blue is the board's extent (every
#   case keeps a peg in the board's outermost rows and columns).
#   Only boards played by ordinary jumps (move type 1, no marked holes) are used.
#
# How to run (needs Xvfb, jwm, xdotool, ImageMagick, python3, peg-solitaire)
#   scripts/capture-peg-solitaire-fixtures.sh          # refuses if any of the case files exists
#   scripts/capture-peg-solitaire-fixtures.sh --force  # overwrite them
# Environment: PEGSOL_CAPTURE_DISPLAY (default 73; must be free). It stops only what it started.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
force=0
case "${1:-}" in
    --force) force=1 ;;
    -h|--help) usage; exit 0 ;;
    "") ;;
    *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/fixtures/pegs/debian-peg-solitaire"
data=/usr/share/games/peg-solitaire/games/data.sol
dnum=${PEGSOL_CAPTURE_DISPLAY:-73}
for tool in Xvfb jwm xdotool import convert python3 /usr/games/peg-solitaire; do
    command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
version=$(dpkg-query -W -f '${Version}' peg-solitaire)

# name | list entry typed ("-": the one selected at start, "Classic 1") | code in data.sol | window WxH |
# jumps ("-" or "r,c>r,c ...", 0-based)
cases() {
    cat <<'CASES'
dps-01-english-600x390|-|1|600x390|-
dps-02-english-1000x800-3jumps|-|1|1000x800|1,3>3,3 2,1>2,3 4,2>2,2
dps-03-asym6x6-800x600|Asymmetric 6x6|77|800x600|-
dps-04-asym6x6-1200x700-2jumps|Asymmetric 6x6|77|1200x700|3,0>3,2 1,1>3,1
dps-05-wiegleb-900x900|Wiegleb  1|36|900x900|-
dps-06-square6x6-700x500|Square 6x6|44|700x500|-
CASES
}

mkdir -p "$out"
if [ "$force" = 0 ]; then
    while IFS='|' read -r name _; do
        for f in "$out/$name.png" "$out/$name.toml"; do
            [ -e "$f" ] && { echo "$f exists (use --force to overwrite)" >&2; exit 1; }
        done
    done < <(cases)
fi

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export DISPLAY=":$dnum"
Xvfb "$DISPLAY" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 & pids+=($!)
sleep 1
jwm >/dev/null 2>&1 & pids+=($!)
sleep 1

cat >"$work/helper.py" <<'PY'
"""The truth from data.sol, the jumps by the rules, the case TOML, and where each cell is on a capture."""
import subprocess, sys

def board(data, code):
    lines = [l.strip() for l in open(data, encoding="utf-8", errors="replace")]
    rows = [l for l in lines if l and not l.startswith("#")]
    for i in range(0, len(rows), 4):
        head, dims, cells = rows[i].split(), rows[i + 1].split(), rows[i + 2].split()
        if head[0] == code:
            if head[1] != "1" or set(cells) - {"-1", "0", "1"}:
                sys.exit(f"board {code}: not an ordinary board (move type {head[1]})")
            h, w = int(dims[0]), int(dims[1])
            ch = {"-1": "#", "0": ".", "1": "o"}
            return [[ch[cells[r * w + c]] for c in range(w)] for r in range(h)]
    sys.exit(f"no board {code} in {data}")

def apply(g, jumps):
    for tok in ([] if jumps == "-" else jumps.split()):
        (r0, c0), (r1, c1) = (tuple(int(v) for v in p.split(",")) for p in tok.split(">"))
        mr, mc = (r0 + r1) // 2, (c0 + c1) // 2
        ok = sorted((abs(r1 - r0), abs(c1 - c0))) == [0, 2] and g[r0][c0] == "o" and g[mr][mc] == "o" and g[r1][c1] == "."
        if not ok:
            sys.exit(f"jump {tok} is not legal")
        g[r0][c0], g[mr][mc], g[r1][c1] = ".", ".", "o"
    return g

def cells(png):
    """(x0, y0, x1, y1) of the board: the bounding box of the pegs' blue (r and g alike, b well above),
    right of the board list and its blue clock. Every case keeps a peg in its outermost rows and columns."""
    ppm = subprocess.run(["convert", png, "-depth", "8", "ppm:-"], capture_output=True, check=True).stdout
    parts = ppm.split(b"\n", 3)
    w, h = (int(v) for v in parts[1].split())
    px = parts[3]
    xs, ys = [], []
    for y in range(h):
        row = px[3 * y * w:3 * (y + 1) * w]
        for x in range(230, w):
            r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
            if b > r + 20 and abs(r - g) < 12:
                xs.append(x); ys.append(y)
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1

cmd = sys.argv[1]
if cmd == "truth":
    data, code, jumps = sys.argv[2:5]
    g = apply(board(data, code), jumps)
    print("\n".join("".join(r) for r in g))
elif cmd == "click":
    png, rows, cols, r, c = sys.argv[2], *map(int, sys.argv[3:7])
    x0, y0, x1, y1 = cells(png)
    print(int(x0 + (c + 0.5) * (x1 - x0) / cols), int(y0 + (r + 0.5) * (y1 - y0) / rows))
PY

settle() { # capture until two in a row are the same image (the ticking clock aside, the board has settled)
    local prev=""
    for _ in $(seq 20); do
        sleep 0.4
        import -window "$1" "$work/now.png"
        local sum
        sum=$(convert "$work/now.png" -crop 50%x100%+0+0 +repage -gravity east -crop 60%x100%+0+0 rgb:- 2>/dev/null | md5sum)
        [ "$sum" = "$prev" ] && return 0
        prev=$sum
    done
    echo "the window did not settle" >&2; exit 1
}

while IFS='|' read -r name entry code size jumps; do
    home="$work/home-$name"; mkdir -p "$home"
    HOME="$home" LANG=en_US.UTF-8 /usr/games/peg-solitaire >/dev/null 2>&1 & pids+=($!)
    wid=""
    for _ in $(seq 50); do
        wid=$(xdotool search --onlyvisible --name '^Peg-solitaire$' 2>/dev/null | tail -1 || true)
        [ -n "$wid" ] && break; sleep 0.2
    done
    [ -n "$wid" ] || { echo "$name: no Peg-solitaire window" >&2; exit 1; }
    xdotool windowsize --sync "$wid" "${size%x*}" "${size#*x}" || true
    sleep 0.8
    # the list of boards: the widget under the "Games (343)" header, a third of the way down the window
    eval "$(xdotool getwindowgeometry --shell "$wid")"
    if [ "$entry" != "-" ]; then
        xdotool mousemove --window "$wid" 60 $((HEIGHT / 2)) click 1
        sleep 0.3
        xdotool type --delay 40 "$entry"
        sleep 1
    fi
    truth=$(python3 "$work/helper.py" truth "$data" "$code" "$jumps")
    nrows=$(echo "$truth" | wc -l); ncols=$(echo "$truth" | head -1 | tr -d '\n' | wc -c)
    settle "$wid"
    for tok in $([ "$jumps" = "-" ] || echo "$jumps"); do
        for end in "${tok%>*}" "${tok#*>}"; do
            read -r x y < <(python3 "$work/helper.py" click "$work/now.png" "$nrows" "$ncols" "${end%,*}" "${end#*,}")
            xdotool mousemove --window "$wid" "$x" "$y" click 1
            sleep 0.3
        done
        xdotool mousemove --window "$wid" 5 5
        settle "$wid"
    done
    xdotool mousemove --window "$wid" 5 5
    settle "$wid"
    cp "$work/now.png" "$out/$name.png"
    pegs=$(echo "$truth" | tr -cd 'o' | wc -c)
    {
        echo 'game = "pegs"'
        echo "source = \"Debian peg-solitaire $version (Qt 5) under Xvfb + jwm, LANG=en_US.UTF-8, window $size; board \\\"$entry\\\" of its list (code $code of its data.sol)$([ "$jumps" = "-" ] || echo ", then the jumps $jumps clicked"); truth from data.sol with the jumps applied by the rules (scripts/capture-peg-solitaire-fixtures.sh)\""
        echo 'profile = "debian-peg-solitaire"'
        echo
        echo '[board]'
        echo 'rows = ['
        echo "$truth" | sed 's/^/  "/; s/$/",/'
        echo ']'
        if [ "$code" = 1 ] && [ "$jumps" = "-" ]; then
            printf '\n[answer]\npegs_left = 1  # the English board from its centre vacancy: the classic solvable start\n'
        fi
    } >"$out/$name.toml"
    echo "$name: $nrows x $ncols, $pegs pegs"
    kill "${pids[-1]}" 2>/dev/null || true
    sleep 0.5
done < <(cases)
