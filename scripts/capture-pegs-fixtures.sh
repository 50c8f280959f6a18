#!/usr/bin/env bash
# capture-pegs-fixtures.sh: make the real-capture cases of fixtures/pegs/ from the real game.
#
# What it does
#   For every case in the table below (a name, the sgt-pegs preset the game ID came from, a window size,
#   optional jumps and a game ID of sgt-pegs), it opens exactly that board in the real Pegs of Debian's
#   sgt-puzzles (/usr/games/sgt-pegs '<game id>') on a private Xvfb display with the jwm window manager,
#   optionally resizes the window (xdotool windowsize), optionally makes a few jumps by dragging pegs with
#   the mouse (button down on the peg, move over the jumped peg to the empty hole, button up), waits until
#   two captures in a row are identical, and writes
#       fixtures/pegs/<name>.png     the game's window, captured with ImageMagick `import -window` (PNG,
#                                    lossless, truecolour, no timestamp chunks so reruns are byte-stable)
#       fixtures/pegs/<name>.toml    the case (spec/CASES.md, "pegs"): the board comes from the game ID,
#                                    and for mid-game cases from the ID with the dragged jumps applied by
#                                    the jump rule; nothing is ever read back from the image for it.
#   The game IDs are data in this script (made once with `sgt-pegs --generate N <preset>`), so a rerun
#   reproduces the same boards. `[answer] pegs_left = 1` is written only for untouched starting boards,
#   whose solvability is known from how sgt-pegs makes them (the source of each case says why); mid-game
#   cases get no [answer], since whether a position is still solvable is not known without a solver.
#   As a guard against a wrong window, a half-drawn frame, a left-over highlight or a refused drag, every
#   capture (the first, the resized one and the one after each jump) is checked against the expected board:
#   each cell centre must show a peg, an empty hole or plain background exactly as the truth says, the
#   number of peg pixels must match the number of pegs, and a resized window must have a new tile size.
#   A mismatch stops the script.
#
# How to run (from anywhere; needs Xvfb, jwm, xdotool, ImageMagick, x11-utils, python3, sgt-puzzles)
#   scripts/capture-pegs-fixtures.sh            # refuses if any fixtures/pegs/<case>.{png,toml} exists
#   scripts/capture-pegs-fixtures.sh --force    # overwrite them
#   scripts/capture-pegs-fixtures.sh --only sgt-7x7cross-01-default [--only ...]   # just these cases
# Environment: PEGS_CAPTURE_DISPLAY (default 72; must be free), SGT_PEGS (default /usr/games/sgt-pegs).
# It starts its own Xvfb and jwm, runs the game with a clean environment (so no PEGS_* or PUZZLES_*
# variable changes its look), and on exit (trap) stops only the processes it started.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

force=0
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --force) force=1 ;;
        --only) shift; only+=("${1:?--only needs a case name}") ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out="$root/fixtures/pegs"
game=${SGT_PEGS:-/usr/games/sgt-pegs}
dnum=${PEGS_CAPTURE_DISPLAY:-72}
screen_geom=1600x1200x24
park_x=1595
park_y=1195

for tool in Xvfb jwm xdotool import convert identify xwininfo python3 dpkg-query; do
    command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
[ -x "$game" ] || { echo "sgt-pegs not found at $game" >&2; exit 1; }
version=$(dpkg-query -W -f '${Version}' sgt-puzzles)

# ---------------------------------------------------------------------------------------------------------
# The cases: name | preset | window ("default" or WxH) | jumps | game id
#   preset: what `sgt-pegs --generate` was given (7x7cross, 7x7octagon, <W>x<H>random)
#   jumps:  "-", or "r,c>r,c ..." (from hole > to hole, row,col 0-based from the top-left), made in order
# ---------------------------------------------------------------------------------------------------------
case_table() {
    cat <<'CASES'
sgt-7x7cross-01-default|7x7cross|default|-|7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO
sgt-7x7cross-02-500x500|7x7cross|500x500|-|7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO
sgt-7x7cross-03-700x400|7x7cross|700x400|-|7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO
sgt-7x7cross-04-300x600|7x7cross|300x600|-|7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO
sgt-7x7cross-05-default-2jumps|7x7cross|default|1,3>3,3 2,1>2,3|7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO
sgt-7x7octagon-01-default|7x7octagon|default|-|7x7:OOHPPOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO
sgt-7x7octagon-02-640x640|7x7octagon|640x640|-|7x7:OOPPPOOOPPHPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO
sgt-7x7octagon-03-420x760|7x7octagon|420x760|-|7x7:OOPPPOOOPPPPPOPPPPPPPPPHPPPPPPPPPPPOPPPPPOOOPPPOO
sgt-7x7octagon-04-1000x600|7x7octagon|1000x600|-|7x7:OOPPHOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO
sgt-7x7octagon-05-600x620-3jumps|7x7octagon|600x620|3,3>5,3 1,3>3,3 2,1>2,3|7x7:OOPPPOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPHPPOOOPPPOO
sgt-5x5random-01-default|5x5random|default|-|5x5:OPPOOPPPPOPPHPPOPPPPOOPPO
sgt-5x5random-02-360x420|5x5random|360x420|-|5x5:PPPOOPPHPOOPPPOOPPHPOOOPO
sgt-5x5random-03-800x300|5x5random|800x300|-|5x5:OOOPOOPPHPPPPPPPPPPOPHPPO
sgt-5x5random-04-default-1jump|5x5random|default|2,0>2,2|5x5:OHOOOPPPPOPPHPHPPPPOPPPOO
sgt-7x7random-01-default|7x7random|default|-|7x7:OPPPHPPOOPPOOOOPHPOOOOPPPPPOPPHPHPOOOPPPOOPPHPHPO
sgt-7x7random-02-600x650|7x7random|600x650|-|7x7:OOOOPPHOOPPPPPPPPPPPHOPPPPPPOPPHPPPOOPPOOPOOPOOOO
sgt-7x7random-03-1000x800|7x7random|1000x800|-|7x7:OOOOOOPOPOOOPPPHPPPPHPPPPPPPOPHPPPPOPPPOOPOPOOOOO
sgt-7x7random-04-default-2jumps|7x7random|default|2,2>4,2 2,5>2,3|7x7:OPHPPOOOOPPPPOOOPHPPOOPPPPOOPPHPPPPOPPPOPOOOOOOPO
sgt-9x9random-01-default|9x9random|default|-|9x9:OOOOPPOOPOOPPPPOOPOOOPPHPPPOOOPPPPPPPPPPHPHPHOPPHPPPPPOOPPHPPOPOOPOPPPOOOOOOPOOOO
sgt-9x9random-02-500x900|9x9random|500x900|-|9x9:OOOOPHPPOOOOPPPPPOOOOOPHPPOOPPPHPPPOPPPPPPHPPOPPPPPPPPOPOPPOOOHOOOOOOPPPOOOOPPHPP
sgt-9x9random-03-1200x1100|9x9random|1200x1100|-|9x9:PPHPPPOOOOOPHPOOOOOOPPPPOOOPPPHPPOOOPPHPPPPPPHPPPPHPPOPPPPHPPOOPOOOPPPOOOOOOOPOOO
sgt-9x9random-04-800x600-3jumps|9x9random|800x600|4,3>4,1 5,6>5,4 2,6>4,6|9x9:OOPOOOOOOOOPOPPOPOPPPPPPPPOPPPPPPPPPPHPPPPHPPPPPPHPPOOOOOOPPPPOOOOPPPOOOOOOOPPOOO
sgt-9x7random-01-default|9x7random|default|-|9x7:OOOPOOOOPPOOPOPPPPPPPPPPPPHPPPPPPPPPPPPPPHPOPOOOPPPPOOOOOOPOOOO
sgt-9x7random-02-640x640|9x7random|640x640|-|9x7:OOOPOOOOPPOOPOPPPPPPPPPPPPHPPPPPPPPPPPPPPHPOPOOOPPPPOOOOOOPOOOO
CASES
}

# ---------------------------------------------------------------------------------------------------------
# Helper (python3, standard library only): the game's rules, the truth, the TOML, and the capture checks.
# ---------------------------------------------------------------------------------------------------------
write_helper() {
    cat >"$1" <<'PY'
"""Peg solitaire rules for sgt-pegs game IDs, case TOML writing, and sanity checks of captures."""
import math
import sys

PEG, HOLE, OFF = "P", "H", "O"
TRUTH_CHAR = {PEG: "o", HOLE: ".", OFF: "#"}

# How sgt-pegs (Debian sgt-puzzles 20230122) draws under Xvfb with GTK's default look: the canvas
# background, a peg (two filled discs of radius tile/3 and tile/4) and an empty hole (a disc of radius
# tile/4). Only used to aim drags and to check captures; the truth never comes from the image.
CANVAS_BG = bytes((0xD5, 0xD5, 0xD5))
PEG_RGB = bytes((0x00, 0x00, 0xFF))
HOLE_RGB = bytes((0xAD, 0xAD, 0xAD))

# The Octagon starts sgt-pegs picks from (pegs.c, new_game_desc): offsets (dx, dy) from the centre of the
# empty hole; its source notes that these are the holes not ruled out by a parity argument and that all of
# them turn out to be soluble to one peg.
OCTAGON_SOLUBLE = {(dx * sx, dy * sy) for dx, dy in ((1, 3), (3, 1), (2, 0), (0, 2), (1, 0), (0, 1))
                   for sx in (1, -1) for sy in (1, -1)}


def parse_id(gid):
    """'WxH:<P|H|O per cell, row-major>' -> (w, h, grid as a list of 'P'/'H'/'O')."""
    dims, desc = gid.split(":", 1)
    w, h = (int(v) for v in dims.split("x"))
    if len(desc) != w * h or set(desc) - {PEG, HOLE, OFF}:
        sys.exit(f"game id {gid!r}: not {w * h} characters of P, H, O")
    return w, h, list(desc)


def parse_jumps(jumps):
    """'-' or 'r,c>r,c ...' -> [((r0, c0), (r1, c1)), ...]"""
    out = []
    for tok in ([] if jumps == "-" else jumps.split()):
        a, b = tok.split(">")
        out.append((tuple(int(v) for v in a.split(",")), tuple(int(v) for v in b.split(","))))
    return out


def why_illegal(g, w, h, src, dst):
    """None if jumping the peg at src to dst is a legal move, else the reason."""
    (r0, c0), (r1, c1) = src, dst
    if not (0 <= r0 < h and 0 <= c0 < w and 0 <= r1 < h and 0 <= c1 < w):
        return "off the board"
    if sorted((abs(r1 - r0), abs(c1 - c0))) != [0, 2]:
        return "not two holes away in a straight line"
    mid = ((r0 + r1) // 2) * w + (c0 + c1) // 2
    if g[r0 * w + c0] != PEG:
        return "no peg to move"
    if g[mid] != PEG:
        return "no peg to jump over"
    if g[r1 * w + c1] != HOLE:
        return "the landing square is not an empty hole"
    return None


def jump(g, w, src, dst):
    (r0, c0), (r1, c1) = src, dst
    g = list(g)
    g[r0 * w + c0] = HOLE
    g[((r0 + r1) // 2) * w + (c0 + c1) // 2] = HOLE
    g[r1 * w + c1] = PEG
    return g


def apply_jumps(gid, jumps):
    """The ID's board with the jumps applied by the rules; every jump must be legal."""
    w, h, g = parse_id(gid)
    for src, dst in parse_jumps(jumps):
        why = why_illegal(g, w, h, src, dst)
        if why:
            sys.exit(f"jump {src}->{dst} on {gid}: {why}")
        g = jump(g, w, src, dst)
    if g.count(PEG) < 2:
        sys.exit(f"{gid}: the jumps {jumps} leave one peg (the game would flash); not a mid-game case")
    return w, h, g


def legal_moves(g, w, h):
    for r in range(h):
        for c in range(w):
            for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2)):
                if why_illegal(g, w, h, (r, c), (r + dr, c + dc)) is None:
                    yield (r, c), (r + dr, c + dc)


def rows_of(g, w, h):
    return ["".join(TRUTH_CHAR[v] for v in g[r * w:(r + 1) * w]) for r in range(h)]


def check_preset(preset, gid):
    """The game ID must look like what sgt-pegs makes for the preset; returns (what it is, why it is known
    to be solvable to one peg), two phrases for the source."""
    w, h, g = parse_id(gid)
    kind = preset.split("x", 1)[1].lstrip("0123456789")
    if preset != f"{w}x{h}{kind}":
        sys.exit(f"preset {preset} does not match the id's size {w}x{h}")
    cx, cy = w // 2, h // 2
    holes = [(i % w - cx, i // w - cy) for i, v in enumerate(g) if v == HOLE]
    if kind == "cross":
        want = [OFF if abs(x - cx) > 1 and abs(y - cy) > 1 else HOLE if (x, y) == (cx, cy) else PEG
                for y in range(h) for x in range(w)]
        if g != want:
            sys.exit(f"{gid} is not sgt-pegs's Cross start")
        return ("the Cross start: the English 33-hole board, centre hole empty",
                "the English board from the centre is the classic solvable start (e.g. Bergholt's published "
                "1912 solution)")
    if kind == "octagon":
        shape = [OFF if abs(x - cx) + abs(y - cy) > 1 + max(w, h) // 2 else PEG
                 for y in range(h) for x in range(w)]
        if [OFF if v == OFF else PEG for v in g] != shape or len(holes) != 1 \
                or holes[0] not in OCTAGON_SOLUBLE:
            sys.exit(f"{gid} is not an sgt-pegs Octagon start")
        (dx, dy), = holes
        return (f"an Octagon start from sgt-pegs --generate 1 {preset}: the French 37-hole board, empty hole at "
                f"row {cy + dy} col {cx + dx}",
                "sgt-pegs generates Octagon starts only with the empty hole at one of the positions its source "
                "(pegs.c, new_game_desc) documents as soluble")
    if kind == "random":
        if g.count(PEG) < 2 or not holes:
            sys.exit(f"{gid}: too few pegs or no hole")
        return (f"a Random {w}x{h} board from sgt-pegs --generate 1 {preset}",
                "sgt-pegs generates random boards by random reverse moves from a single peg (pegs.c, "
                "pegs_generate), so each is solvable")
    sys.exit(f"unknown preset {preset}")


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    pos += 1
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos:pos + width * height * 3]


def aligned_find(row, pat, last):
    """First (or last) pixel of a row of packed RGB bytes equal to pat, or None."""
    pos = row.rfind(pat) if last else row.find(pat)
    while pos != -1 and pos % 3:
        pos = row.rfind(pat, 0, pos + 2) if last else row.find(pat, pos + 1)
    return None if pos == -1 else pos // 3


def canvas(path, w, h):
    """The game's canvas (the box of background-coloured pixels; the window around it and the menu bar
    are a slightly different grey) and its tile size: sgt-pegs makes the canvas tile*w + 2*(tile/2) wide
    and tile*h + 2*(tile/2) high. Only used to aim drags and to check captures."""
    width, height, px = read_ppm(path)
    xs, ys = [], []
    for y in range(height):
        row = px[y * width * 3:(y + 1) * width * 3]
        first = aligned_find(row, CANVAS_BG, False)
        if first is not None:
            xs += [first, aligned_find(row, CANVAS_BG, True)]
            ys.append(y)
    if not xs:
        sys.exit(f"{path}: no canvas background #{CANVAS_BG.hex()} found")
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    cw, ch = x1 - x0 + 1, y1 - y0 + 1
    for t in range(1, cw + 1):
        if t * w + 2 * (t // 2) == cw and t * h + 2 * (t // 2) == ch:
            return (width, height, px), (x0, y0, x1, y1), t
    sys.exit(f"{path}: canvas {cw}x{ch} at ({x0},{y0}) fits no tile size for a {w}x{h} board")


def cell_centre(box, t, r, c):
    x0, y0, _, _ = box
    return x0 + t // 2 + c * t + t // 2, y0 + t // 2 + r * t + t // 2


def cmd_moves(gid, jumps):
    """Authoring aid: the legal jumps after the given ones (the rules only; no search)."""
    w, h, g = apply_jumps(gid, jumps) if jumps != "-" else parse_id(gid)
    print("\n".join(rows_of(g, w, h)))
    print(" ".join(f"{a[0]},{a[1]}>{b[0]},{b[1]}" for a, b in legal_moves(g, w, h)))


def cmd_aim(ppm, gid, r, c):
    w, h, _ = parse_id(gid)
    _, box, t = canvas(ppm, w, h)
    print(*cell_centre(box, t, int(r), int(c)))


def cmd_check(ppm, gid, jumps, default_tile):
    """The capture must show the expected board: every cell centre a peg, an empty hole or background as
    the truth says, with no highlight ring, and as many peg-blue pixels as the pegs make."""
    w, h, g = apply_jumps(gid, jumps) if jumps != "-" else parse_id(gid)
    (width, _, px), box, t = canvas(ppm, w, h)
    if default_tile != "-" and t == int(default_tile):
        sys.exit(f"{ppm}: the tile size is still the default {t} px: the board did not scale")
    ring = (t // 3 + t // 4) // 2
    for r in range(h):
        for c in range(w):
            x, y = cell_centre(box, t, r, c)
            got = tuple(px[(yy * width + xx) * 3:(yy * width + xx) * 3 + 3]
                        for xx, yy in ((x, y), (x + ring, y), (x, y - ring)))
            v = g[r * w + c]
            want = {PEG: (PEG_RGB, PEG_RGB, PEG_RGB), HOLE: (HOLE_RGB, CANVAS_BG, CANVAS_BG),
                    OFF: (CANVAS_BG, CANVAS_BG, CANVAS_BG)}[v]
            if got != want:
                sys.exit(f"{ppm}: cell ({r},{c}) should be {TRUTH_CHAR[v]!r} but shows "
                         + " ".join("#" + p.hex() for p in got) + " (centre, right and upper ring)")
    x0, y0, x1, y1 = box
    blue = 0
    for yy in range(y0, y1 + 1):
        row = px[(yy * width + x0) * 3:(yy * width + x1 + 1) * 3]
        blue += sum(1 for i in range(0, len(row), 3) if row[i + 2] >= 200 and row[i] <= 60 and row[i + 1] <= 60)
    npeg = g.count(PEG)
    expect = npeg * math.pi * (t // 3) ** 2
    if not 0.85 * expect <= blue <= 1.15 * expect:
        sys.exit(f"{ppm}: {blue} peg-blue pixels, {npeg} pegs of radius {t // 3} make about {expect:.0f}")
    print(f"canvas x {x0}..{x1} y {y0}..{y1} ({x1 - x0 + 1}x{y1 - y0 + 1}), tile {t} px; "
          f"{npeg} pegs, {g.count(HOLE)} holes, {g.count(OFF)} off-board")


def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cmd_toml(path, preset, gid, jumps, version, size, how):
    what, why = check_preset(preset, gid)
    w, h, g = apply_jumps(gid, jumps) if jumps != "-" else parse_id(gid)
    done = parse_jumps(jumps)
    source = (f"sgt-pegs {version} (Debian sgt-puzzles), game id {gid} ({what}), window {size} ({how}) "
              f"under Xvfb+jwm, captured with ImageMagick import -window")
    if not done:
        source += f"; pegs_left = 1 is known because {why}"
    else:
        n = len(done)
        moves = ", ".join(f"({a[0]},{a[1]})->({b[0]},{b[1]})" for a, b in done)
        source += (f"; mid-game: {n} jump{'s' if n > 1 else ''} made before the capture by dragging a peg "
                   f"with the mouse (row,col from the top-left, 0-based): {moves}; the board rows are the "
                   f"game id's board with these jumps applied by the jump rule; no [answer], since whether "
                   f"this position is still solvable to one peg is not known without a solver")
    with open(path, "w") as f:
        f.write('game = "pegs"\n')
        f.write(f"source = {toml_str(source)}\n")
        f.write('profile = "sgt-pegs"\n\n[board]\nrows = [\n')
        for row in rows_of(g, w, h):
            f.write(f'  "{row}",\n')
        f.write("]\n")
        if not done:
            f.write("\n[answer]\npegs_left = 1\n")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"moves": cmd_moves, "aim": cmd_aim, "check": cmd_check, "toml": cmd_toml}[cmd](*args)
PY
}

# ---------------------------------------------------------------------------------------------------------
# Which cases, and refuse to overwrite.
# ---------------------------------------------------------------------------------------------------------
selected=()
while IFS= read -r line; do
    name=${line%%|*}
    if [ ${#only[@]} -gt 0 ]; then
        keep=0
        for o in "${only[@]}"; do [ "$o" = "$name" ] && keep=1; done
        [ $keep = 1 ] || continue
    fi
    selected+=("$line")
done < <(case_table)
[ ${#selected[@]} -gt 0 ] || { echo "no case selected" >&2; exit 2; }

mkdir -p "$out"
if [ $force = 0 ]; then
    clash=()
    for line in "${selected[@]}"; do
        name=${line%%|*}
        for ext in png toml; do [ -e "$out/$name.$ext" ] && clash+=("$out/$name.$ext"); done
    done
    if [ ${#clash[@]} -gt 0 ]; then
        printf 'refusing to overwrite (use --force):\n' >&2
        printf '  %s\n' "${clash[@]}" >&2
        exit 1
    fi
fi

# ---------------------------------------------------------------------------------------------------------
# Our own X server and window manager; the trap stops exactly these (and the game, if one is open).
# ---------------------------------------------------------------------------------------------------------
work=$(mktemp -d)
xvfb_pid=""
jwm_pid=""
game_pid=""
cleanup() {
    local pid
    for pid in "$game_pid" "$jwm_pid" "$xvfb_pid"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

helper="$work/pegs_helper.py"
write_helper "$helper"

# Validate the whole table before starting anything: presets, ids and jumps.
for line in "${selected[@]}"; do
    IFS='|' read -r name preset window jumps gid <<<"$line"
    python3 "$helper" toml "$work/validate.toml" "$preset" "$gid" "$jumps" "$version" - - >/dev/null \
        || { echo "$name: bad table entry" >&2; exit 1; }
done

if [ -e "/tmp/.X$dnum-lock" ] || [ -e "/tmp/.X11-unix/X$dnum" ]; then
    echo "display :$dnum is in use; set PEGS_CAPTURE_DISPLAY to a free number" >&2
    exit 1
fi
Xvfb ":$dnum" -screen 0 "$screen_geom" -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=":$dnum"
for _ in $(seq 50); do
    [ -e "/tmp/.X11-unix/X$dnum" ] && xwininfo -root >/dev/null 2>&1 && break
    kill -0 "$xvfb_pid" 2>/dev/null || { cat "$work/xvfb.log" >&2; exit 1; }
    sleep 0.1
done
jwm >"$work/jwm.log" 2>&1 &
jwm_pid=$!
sleep 1

# Capture window $1 into $2 as soon as two captures in a row are identical (nothing is mid-redraw).
capture_stable() {
    local win=$1 dest=$2 i
    import -window "$win" -define png:exclude-chunks=date,time "PNG24:$work/a.png"
    for i in $(seq 20); do
        sleep 0.5
        import -window "$win" -define png:exclude-chunks=date,time "PNG24:$work/b.png"
        if cmp -s "$work/a.png" "$work/b.png"; then
            mv "$work/b.png" "$dest"
            return 0
        fi
        mv "$work/b.png" "$work/a.png"
    done
    echo "window $win never stopped changing" >&2
    return 1
}

png_size() { identify -format '%wx%h' "$1"; }
to_ppm() { convert "$1" -depth 8 "ppm:$2"; }
# the tile size out of a check line ("... tile 33 px; ...")
tile_of() { sed -n 's/.*, tile \([0-9]*\) px;.*/\1/p' <<<"$1"; }

midgame=0
for line in "${selected[@]}"; do
    IFS='|' read -r name preset window jumps gid <<<"$line"
    [ "$jumps" != - ] && midgame=$((midgame + 1))

    env -i DISPLAY="$DISPLAY" HOME="$work" PATH=/usr/bin:/bin "$game" "$gid" >"$work/game.log" 2>&1 &
    game_pid=$!
    win=""
    for _ in $(seq 100); do
        win=$(xdotool search --onlyvisible --name '^Pegs$' 2>/dev/null | head -n 1 || true)
        [ -n "$win" ] && break
        kill -0 "$game_pid" 2>/dev/null || { cat "$work/game.log" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$win" ] || { echo "$name: no Pegs window appeared" >&2; exit 1; }
    xdotool mousemove "$park_x" "$park_y"
    sleep 1
    capture_stable "$win" "$work/now.png"
    to_ppm "$work/now.png" "$work/now.ppm"
    check=$(python3 "$helper" check "$work/now.ppm" "$gid" - -)
    default_size=$(png_size "$work/now.png")
    default_tile=$(tile_of "$check")

    if [ "$window" = default ]; then
        size=$default_size
        how="default size"
    else
        xdotool windowsize "$win" "${window%x*}" "${window#*x}"
        sleep 1
        capture_stable "$win" "$work/now.png"
        size=$(png_size "$work/now.png")
        if [ "$size" != "$window" ] || [ "$size" = "$default_size" ]; then
            echo "$name: asked for a ${window} window, the capture is $size (default $default_size)" >&2
            exit 1
        fi
        to_ppm "$work/now.png" "$work/now.ppm"
        check=$(python3 "$helper" check "$work/now.ppm" "$gid" - "$default_tile")
        how="resized from the default $default_size with xdotool windowsize"
    fi

    # Each jump: press on the peg's centre, move over the jumped peg to the empty hole's centre, release;
    # then park the pointer outside the window and check the capture shows the board after this jump.
    made=()
    if [ "$jumps" != - ]; then
        for j in $jumps; do
            from=${j%>*}
            to=${j#*>}
            read -r sx sy <<<"$(python3 "$helper" aim "$work/now.ppm" "$gid" "${from%,*}" "${from#*,}")"
            read -r tx ty <<<"$(python3 "$helper" aim "$work/now.ppm" "$gid" "${to%,*}" "${to#*,}")"
            xdotool mousemove --window "$win" "$sx" "$sy"
            sleep 0.2
            xdotool mousedown 1
            sleep 0.2
            xdotool mousemove --window "$win" $(((sx + tx) / 2)) $(((sy + ty) / 2))
            sleep 0.2
            xdotool mousemove --window "$win" "$tx" "$ty"
            sleep 0.2
            xdotool mouseup 1
            sleep 0.3
            xdotool mousemove "$park_x" "$park_y"
            sleep 0.5
            made+=("$j")
            capture_stable "$win" "$work/now.png"
            to_ppm "$work/now.png" "$work/now.ppm"
            check=$(python3 "$helper" check "$work/now.ppm" "$gid" "${made[*]}" \
                "$([ "$window" = default ] && echo - || echo "$default_tile")") \
                || { echo "$name: after dragging $j the capture is not the expected board" >&2; exit 1; }
        done
    fi

    capture_stable "$win" "$work/final.png"
    cmp -s "$work/final.png" "$work/now.png" || { echo "$name: the window changed after settling" >&2; exit 1; }
    final_size=$(png_size "$work/final.png")
    [ "$final_size" = "$size" ] || { echo "$name: window changed size to $final_size" >&2; exit 1; }

    cp "$work/final.png" "$out/$name.png"
    python3 "$helper" toml "$out/$name.toml" "$preset" "$gid" "$jumps" "$version" "$size" "$how"
    printf '%-34s %-10s capture %-9s %s\n' "$name" "$preset" "$size" "$check"

    kill "$game_pid" 2>/dev/null || true
    wait "$game_pid" 2>/dev/null || true
    game_pid=""
    sleep 0.3
done

if [ ${#only[@]} -eq 0 ] && [ $midgame -lt 4 ]; then
    echo "fewer than 4 mid-game cases" >&2
    exit 1
fi
echo "wrote ${#selected[@]} case(s) to $out"
