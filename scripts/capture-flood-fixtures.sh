#!/usr/bin/env bash
# capture-flood-fixtures.sh: make the real-capture cases of fixtures/flood/ from the real game.
#
# What it does
#   For every case in the table at the bottom of this file (a name, a window size, optional clicks and a
#   game ID of sgt-flood), it opens exactly that board in the real Flood of Debian's sgt-puzzles
#   (/usr/games/sgt-flood '<game id>') on a private Xvfb display with the jwm window manager, optionally
#   resizes the window (xdotool windowsize) and optionally makes a few moves by clicking cells, waits until
#   two captures in a row are identical, and writes
#       fixtures/flood/<name>.png    the game's window, captured with ImageMagick `import -window` (PNG,
#                                    lossless, truecolour, no timestamp chunks so reruns are byte-stable)
#       fixtures/flood/<name>.toml   the case (spec/CASES.md, "flood"): the board comes from the game ID,
#                                    and for mid-game cases from the ID with the clicked fills applied by
#                                    the flood-fill rule; nothing is ever read back from the image for it.
#   The game IDs are data in this script (made once with `sgt-flood --generate N <preset>`), so a rerun
#   reproduces the same boards. As a guard against a wrong window, a half-drawn frame or a missed click,
#   each capture is checked against the expected board (the cell centres must group exactly as the truth
#   does); a mismatch stops the script. For mid-game cases the script also checks, with a small greedy
#   lookahead solver, that the remaining moves (limit - moves used) still suffice to flood the board.
#
# How to run (from anywhere; needs Xvfb, jwm, xdotool, ImageMagick, x11-utils, python3, sgt-puzzles)
#   scripts/capture-flood-fixtures.sh            # refuses if any fixtures/flood/<case>.{png,toml} exists
#   scripts/capture-flood-fixtures.sh --force    # overwrite them
#   scripts/capture-flood-fixtures.sh --only sgt-14x14c6m0-01-default [--only ...]   # just these cases
# Environment: FLOOD_CAPTURE_DISPLAY (default 71; must be free), SGT_FLOOD (default /usr/games/sgt-flood).
# It starts its own Xvfb and jwm, and on exit (trap) stops only the processes it started.
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
out="$root/fixtures/flood"
game=${SGT_FLOOD:-/usr/games/sgt-flood}
dnum=${FLOOD_CAPTURE_DISPLAY:-71}
screen_geom=1600x1200x24

for tool in Xvfb jwm xdotool import convert identify xwininfo python3 dpkg-query; do
    command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
[ -x "$game" ] || { echo "sgt-flood not found at $game" >&2; exit 1; }
version=$(dpkg-query -W -f '${Version}' sgt-puzzles)

# ---------------------------------------------------------------------------------------------------------
# The cases: name | window ("default" or WxH) | clicks ("-" or "row,col ..." 0-based from top-left) | game id
# ---------------------------------------------------------------------------------------------------------
case_table() {
    cat <<'CASES'
sgt-12x12c6m5-01-default|default|-|12x12:340245245431342243511115210115104551353133422133552414241000222501531444210144013420530353143214114142155240135315455550154210544052523301002221,23
sgt-12x12c6m5-02-300x340|300x340|-|12x12:545550121442023415555415312003252141252215105124050030013340513222220051035442024342430301225543121454154442124202323413424553001213510434522425,24
sgt-12x12c6m5-03-default-2moves|default|0,3 2,0|12x12:444552254252411235132155352431003214004451552522134010041345421310210241404421002434345400555005153101033133200213444433524303121510552043324030,23
sgt-14x14c6m0-01-default|default|-|14x14:4253022002225000122512455251142212324521553442225200212504530031105532502442251224123500342225442020034551131512503443104325435255555223210131053024144453005320545554023234150555250215425250112151,19
sgt-14x14c6m0-02-default|default|-|14x14:5012204344403050010423105315120310442341030434520103535504505505032403152222424232025333233201015115452355151034414445013300004405003002125430054553205031525312324103340222130214031523341035043310,21
sgt-14x14c6m0-03-640x700|640x700|-|14x14:0330403050505314535023014300511500141403153141315441312130533425205552051535323121143305244034204310414220232435403002150335231345342300151313250240044501232243041452500541425050312524120455545533,24
sgt-14x14c6m0-04-900x960|900x960|-|14x14:1001314132434354053315542354442445120254310051120154410430142003545145550534043012450114310431245405054352332332515254404134410544040125000545512541213524005120255035142045420000132035111502534234,21
sgt-14x14c6m0-05-800x500|800x500|-|14x14:3223335225121422132450050241242011004525025242001324145350201500202345244135504324301005430201242313451123334333305214345413553110123323145141324413450514545224425424203301512351541432035022122411,22
sgt-14x14c6m0-06-300x340|300x340|-|14x14:3523441004100442441052420145520454034041021313414000052053501555255542552333220254324041253123430422452134001313542030311343232353351513300144550311203021153515514220511243100155534030142303025550,20
sgt-14x14c6m0-07-1200x1100|1200x1100|-|14x14:2354041453550433223431532551041531244425213050353241352043534445510154241213242153032405552420233321010130031111315023151541151234053022213305324514404132120210031223121041000400051421333144441154,20
sgt-14x14c6m0-08-default-3moves|default|1,0 2,0 2,2|14x14:3541204110045004322143010324554300302222350212134235203112101420442102332324011303251503533425220143110303211203350400301141340033251542144032231013530013343545513510032100143231022402514145325552,24
sgt-16x16c6m0-01-default|default|-|16x16:0105123144313104514455245511433551422541345041412423454433343235410052200010125310025510144044201530435123404151531332411521550203542124123422312104333313501351233255243042042142421253205430441045411325211545535003454355345301544000425153120202123153103335,22
sgt-16x16c6m0-02-900x960|900x960|-|16x16:0320032453102451151550312234114250000441131013054202132523252020150433341350112514351441154501112344315111330331122043054303141344502255444112555521445554554224043142211125110315350521201231435105345253443305015525350234434000220234142152501032511401202541,23
sgt-16x16c6m0-03-500x800|500x800|-|16x16:1004542112051301225141502315141112255320115440331303153034402255125103243001544551000222312421235214024401413544155044034530425222011524413225501452250422030555415554355140542125022550254503414525052125310343111233435322545234430314531534413143532202430212,23
sgt-16x16c3m2-01-default|default|-|16x16:1212021102100121001202110012110201002002010011210112220001012000122221122002000100001112212020200111222102211011102012012012201011121121021221210210222212202111122112022101211122012001120200222222022211201012010002022102110220112101001200101020000012110000,15
sgt-16x16c3m2-02-640x700|640x700|-|16x16:1112212121210122112220210120201122221201110001001011120001211110222220112102222001022020002100110201121211212222111010200002000112020010212211222102111102112100202201202220000202222222112222011120021012100220201212211011002000000120112021100211121021200000,13
sgt-16x16c3m2-03-640x700-1move|640x700|2,1|16x16:0000011222012120201021010120222121122020102112210200210212222022221002001202100021011202110201222210020121001100011102201010010220000220201210100121002002100121101021220220012100010010201001021102120000220100121222110220010202000121121000011102222012121102,12
sgt-12x12c4m2-01-default|default|-|12x12:300110030032123222131213010202232101210010130322300021113203122123223200302112101232330231210201120021312232110223021033013220313203310110231310,16
sgt-12x12c4m2-02-800x500|800x500|-|12x12:321132231031112213133011202023012202312312130321031231230122133220200102003020312101301121320000302320022312110121033103121231113320100110332310,16
sgt-14x14c4m0-01-default|default|-|14x14:3010021301003130021100230210313121223001111113111032023233033321123102031300100033221322222330330210232323113011300332013000322032010001323201202300010230200233021323230103212000201011332112332101,13
sgt-14x14c4m0-02-640x700|640x700|-|14x14:3000131000121103003221200233123323312312311311123121311332203210030023232323233121101330200302221332302211112312330110332013301200102102220222331313120122122333301300132013103003220010221323220323,15
sgt-2x2c6m0-01-default|default|-|2x2:1112,1
sgt-2x2c6m0-02-300x340|300x340|-|2x2:4445,1
sgt-5x5c6m0-01-default|default|-|5x5:4103210443514543003323344,9
sgt-5x5c6m0-02-640x700|640x700|-|5x5:4423420433333255523325245,8
sgt-5x5c6m0-03-300x340|300x340|-|5x5:5405344310240023053011111,7
sgt-20x20c6m0-01-default|default|-|20x20:0001222135533411143331425512224040345442230012415425550544503300332155302341422152550422532121050054553022502213512121450431152154513323425413520121235325101423052305455242015153004005213450352212211430352551312222055224041133151231202005431414001311545012200450034510405244341113303350232552141441322141452105403524052413454324324504502121422015243355042213251450021414203210552532421455333151212213,29
sgt-20x20c6m0-02-900x960|900x960|-|20x20:4120212024343224250542334014355404033241555031443311310044255521133123530033012334441511132353241213115233013540531521131351244515403022305324143455112143254322220405252514233301424104124325313355021402435204232245555401515132440010412540310512424304444435443225123240204121231024323553134113244245414013135021233545043250023500144430335540325500130540011504332213112130204033250142333154111451402503,26
sgt-20x20c6m0-03-640x700|640x700|-|20x20:0040243443202002232205055333454432342424543153135523422424443514553213232520435145521033502335132322132241510501331222430524455030543531450424542441342432005221050341255233340143121212104142433055045211024531150340122331422112201434434324013222341110551105032044431121141153150110022224311553411210142005150544002505044101352114510113021250053301433502215524413534352330533314044222003403001023243425,25
sgt-12x12c6m0-01-640x700|640x700|-|12x12:325011252445503302231245001052040505252531225115321511500322352022253112425130035150052542224553342120013524124513104425425100004043222031055541,18
sgt-16x16c6m2-01-default|default|-|16x16:0152245330034302121000153444522253404244312022554401453025403155411421245045355440513225054042135022004023201051321522432450230553023404244302550125040445542025500342412434130423101031140111255433010422513230014201312120101550350435210555504423131315330042,26
sgt-12x12c3m0-01-default|default|-|12x12:111200111020012120011202211202212120222010002010201100202200121102221202112101210122102101002012112200220122021121201102021011002020120020001201,10
sgt-10x6c6m0-01-default|default|-|10x6:040430223505400514000552451231502223450415311225450535230532,13
sgt-10x6c6m0-02-800x500|800x500|-|10x6:403412155454240221010332443355244210242440153514342432011322,14
CASES
}

# ---------------------------------------------------------------------------------------------------------
# Helper (python3, standard library only): the game's rules, the truth, the TOML, and the capture checks.
# ---------------------------------------------------------------------------------------------------------
write_helper() {
    cat >"$1" <<'PY'
"""Flood-it rules for sgt-flood game IDs, case TOML writing, and sanity checks of captures."""
import sys
from collections import deque


def parse_id(gid):
    """'WxH:<digits>,<limit>' -> (w, h, grid as a list of colour indices, move limit)."""
    dims, rest = gid.split(":", 1)
    w, h = (int(v) for v in dims.split("x"))
    digits, limit = rest.split(",")
    if len(digits) != w * h:
        sys.exit(f"game id {gid!r}: {len(digits)} digits for a {w}x{h} board")
    return w, h, [int(ch, 36) for ch in digits], int(limit)


def neighbours(i, w, h):
    x, y = i % w, i // w
    if x > 0:
        yield i - 1
    if x < w - 1:
        yield i + 1
    if y > 0:
        yield i - w
    if y < h - 1:
        yield i + w


def flood(grid, w, h, colour):
    """The game's move: recolour the region connected to the top-left cell."""
    g = list(grid)
    old = g[0]
    if old == colour:
        return g
    g[0] = colour
    todo = [0]
    while todo:
        i = todo.pop()
        for j in neighbours(i, w, h):
            if g[j] == old:
                g[j] = colour
                todo.append(j)
    return g


def solved(g):
    return all(v == g[0] for v in g)


def apply_clicks(gid, clicks):
    """Apply clicks ('r,c r,c' or '-') to the ID's board; returns (w, h, grid, limit, [(r, c, colour)])."""
    w, h, g, limit = parse_id(gid)
    done = []
    for tok in ([] if clicks == "-" else clicks.split()):
        r, c = (int(v) for v in tok.split(","))
        colour = g[r * w + c]
        if colour == g[0]:
            sys.exit(f"click {tok} would not be a move: its colour {colour} is already the top-left colour")
        g = flood(g, w, h, colour)
        done.append((r, c, colour))
    return w, h, g, limit, done


def remoteness(g, w, h):
    """Fewest colour changes from the top-left region to the farthest cell, how many cells are that far,
    and minus the size of the top-left region: smaller is better."""
    far_away = [None] * len(g)
    far_away[0] = 0
    dq = deque([0])
    while dq:
        i = dq.popleft()
        for j in neighbours(i, w, h):
            d = far_away[i] + (g[j] != g[i])
            if far_away[j] is None or d < far_away[j]:
                far_away[j] = d
                if d == far_away[i]:
                    dq.appendleft(j)
                else:
                    dq.append(j)
    top = max(far_away)
    return (top, far_away.count(top), -far_away.count(0))


def lookahead(g, w, h, ncol, depth):
    best_key, best_colour = None, None
    for colour in range(ncol):
        if colour == g[0]:
            continue
        g2 = flood(g, w, h, colour)
        if solved(g2):
            return (-1, -depth, 0), colour
        key = lookahead(g2, w, h, ncol, depth - 1)[0] if depth > 1 else remoteness(g2, w, h)
        if best_key is None or key < best_key:
            best_key, best_colour = key, colour
    return best_key, best_colour


def greedy_solution(g, w, h):
    ncol = max(g) + 1
    moves = []
    while not solved(g):
        colour = lookahead(g, w, h, ncol, 3)[1]
        g = flood(g, w, h, colour)
        moves.append(colour)
    return moves


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


def board_box(path):
    """Bounding box of strongly coloured pixels (every Flood colour is saturated; the window chrome and
    the board frame are grey or black). Only used to aim clicks and to check captures."""
    width, height, px = read_ppm(path)
    xs, ys = [], []
    for y in range(height):
        row = px[y * width * 3:(y + 1) * width * 3]
        for x in range(width):
            r, g, b = row[3 * x:3 * x + 3]
            if max(r, g, b) - min(r, g, b) > 100:
                xs.append(x)
                ys.append(y)
                break
        for x in range(width - 1, -1, -1):
            r, g, b = row[3 * x:3 * x + 3]
            if max(r, g, b) - min(r, g, b) > 100:
                xs.append(x)
                break
    if not xs:
        sys.exit(f"{path}: no coloured board found")
    return (width, height, px), (min(xs), min(ys), max(xs), max(ys))


def cell_centre(box, w, h, r, c):
    x0, y0, x1, y1 = box
    return (x0 + (c + 0.5) * (x1 - x0 + 1) / w, y0 + (r + 0.5) * (y1 - y0 + 1) / h)


def cmd_info(gid):
    w, h, g, limit = parse_id(gid)
    print(w, h, limit, "".join(str(v) for v in sorted(set(g))))


def cmd_aim(ppm, gid, r, c):
    w, h, _, _ = parse_id(gid)
    _, box = board_box(ppm)
    x, y = cell_centre(box, w, h, int(r), int(c))
    print(int(x), int(y))


def cmd_check(ppm, gid, clicks):
    """The capture must show the expected board: sampled cell centres group exactly as the truth."""
    w, h, g, _, _ = apply_clicks(gid, clicks)
    (width, _, px), box = board_box(ppm)
    to_rgb, from_rgb = {}, {}
    for r in range(h):
        for c in range(w):
            x, y = cell_centre(box, w, h, r, c)
            at = (int(y) * width + int(x)) * 3
            rgb = tuple(px[at:at + 3])
            label = g[r * w + c]
            if to_rgb.setdefault(label, rgb) != rgb or from_rgb.setdefault(rgb, label) != label:
                sys.exit(f"{ppm}: cell ({r},{c}) shows #{bytes(rgb).hex()} but the truth is colour {label} "
                         f"(so far colour {label} was #{bytes(to_rgb[label]).hex()})")
    x0, y0, x1, y1 = box
    print(f"board area x {x0}..{x1} y {y0}..{y1} ({x1 - x0 + 1}x{y1 - y0 + 1} px); colours "
          + " ".join(f"{k}=#{bytes(v).hex().upper()}" for k, v in sorted(to_rgb.items())))


def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cmd_toml(path, gid, clicks, version, size, how):
    w, h, g, limit, done = apply_clicks(gid, clicks)
    source = (f"sgt-flood {version} (Debian sgt-puzzles), game id {gid}, window {size} ({how}) "
              f"under Xvfb+jwm, captured with ImageMagick import -window")
    max_moves = limit
    if done:
        n = len(done)
        rest = greedy_solution(g, w, h)
        max_moves = limit - n
        if len(rest) > max_moves:
            sys.exit(f"{path}: after the clicks no solution within {max_moves} moves was found")
        cells = ", ".join(f"({r},{c}) colour {col}" for r, c, col in done)
        source += (f"; mid-game: {n} move{'s' if n > 1 else ''} made before the capture by clicking cells "
                   f"(row,col from the top-left, 0-based) {cells}; the status bar shows "
                   f"'{n} / {limit} moves', so max_moves = {limit} - {n} = {max_moves}; the board rows are "
                   f"the game id's board with these fills applied by the flood-fill rule "
                   f"(a greedy solver finishes in {len(rest)} more moves)")
    rows = ["".join(str(v) for v in g[r * w:(r + 1) * w]) for r in range(h)]
    with open(path, "w") as f:
        f.write('game = "flood"\n')
        f.write(f"source = {toml_str(source)}\n")
        f.write('profile = "sgt-flood"\n\n[board]\nrows = [\n')
        for row in rows:
            f.write(f'  "{row}",\n')
        f.write(f"]\n\n[answer]\nmax_moves = {max_moves}\n")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"info": cmd_info, "aim": cmd_aim, "check": cmd_check, "toml": cmd_toml}[cmd](*args)
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

helper="$work/flood_helper.py"
write_helper "$helper"

if [ -e "/tmp/.X$dnum-lock" ] || [ -e "/tmp/.X11-unix/X$dnum" ]; then
    echo "display :$dnum is in use; set FLOOD_CAPTURE_DISPLAY to a free number" >&2
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

seen_all_six=0
for line in "${selected[@]}"; do
    IFS='|' read -r name window clicks gid <<<"$line"
    info=$(python3 "$helper" info "$gid")
    read -r bw bh limit colours <<<"$info"
    [ "$colours" = 012345 ] && seen_all_six=1

    "$game" "$gid" >"$work/game.log" 2>&1 &
    game_pid=$!
    win=""
    for _ in $(seq 100); do
        win=$(xdotool search --onlyvisible --name '^Flood$' 2>/dev/null | head -n 1 || true)
        [ -n "$win" ] && break
        kill -0 "$game_pid" 2>/dev/null || { cat "$work/game.log" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$win" ] || { echo "$name: no Flood window appeared" >&2; exit 1; }
    sleep 1
    capture_stable "$win" "$work/first.png"
    default_size=$(png_size "$work/first.png")

    if [ "$window" = default ]; then
        size=$default_size
        how="default size"
    else
        xdotool windowsize "$win" "${window%x*}" "${window#*x}"
        sleep 1
        capture_stable "$win" "$work/first.png"
        size=$(png_size "$work/first.png")
        if [ "$size" != "$window" ] || [ "$size" = "$default_size" ]; then
            echo "$name: asked for a ${window} window, the capture is $size (default $default_size)" >&2
            exit 1
        fi
        how="resized from the default $default_size with xdotool windowsize"
    fi

    if [ "$clicks" != - ]; then
        to_ppm "$work/first.png" "$work/first.ppm"
        for cell in $clicks; do
            aim=$(python3 "$helper" aim "$work/first.ppm" "$gid" "${cell%,*}" "${cell#*,}")
            read -r cx cy <<<"$aim"
            xdotool mousemove --window "$win" "$cx" "$cy" click 1
            sleep 0.7
        done
        # park the pointer outside the window; it is not captured, but keep the board untouched by it
        xdotool mousemove 1590 10
        sleep 0.5
    fi

    capture_stable "$win" "$work/final.png"
    final_size=$(png_size "$work/final.png")
    [ "$final_size" = "$size" ] || { echo "$name: window changed size to $final_size" >&2; exit 1; }
    to_ppm "$work/final.png" "$work/final.ppm"
    check=$(python3 "$helper" check "$work/final.ppm" "$gid" "$clicks")

    cp "$work/final.png" "$out/$name.png"
    python3 "$helper" toml "$out/$name.toml" "$gid" "$clicks" "$version" "$size" "$how"
    printf '%-36s %5sx%-3s limit %2s  capture %-9s %s\n' "$name" "$bw" "$bh" "$limit" "$size" "$check"

    kill "$game_pid" 2>/dev/null || true
    wait "$game_pid" 2>/dev/null || true
    game_pid=""
    sleep 0.3
done

if [ ${#only[@]} -eq 0 ] && [ $seen_all_six = 0 ]; then
    echo "no case uses all 6 colours" >&2
    exit 1
fi
echo "wrote ${#selected[@]} case(s) to $out"
