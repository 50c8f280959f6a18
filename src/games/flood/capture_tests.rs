//! Capture tests of this game (compiled into the `capture` test binary, not the library:
//! `tests/capture/main.rs` includes every `src/games/<game>/capture_tests.rs`).
//!
//! sgt-flood's fixtures (`fixtures/flood/sgt-*`): each case opens one game ID in the real Flood of
//! Debian's sgt-puzzles, in its default or a resized window, optionally makes a few moves by clicking
//! cells, and captures the settled window. The truth is the ID's board, with the clicked fills applied
//! by the flood-fill rule written here; it is never read back from the picture. Before a capture is
//! kept it must show that board: the colours at the cell centres group exactly as the truth's.
//! The IDs were made once with `sgt-flood --generate 1 <preset>`, so every run opens the same boards.

use crate::common::capture::{Captured, Desk, conclude, package_version, pause, selected, toml_string};
use gamebot::frame::{Frame, Point};

/// name | window ("default" or WxH) | clicks ("-" or "row,col ...", 0-based from the top-left) | game ID
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "sgt-12x12c6m5-01-default",
        "default",
        "-",
        "12x12:340245245431342243511115210115104551353133422133552414241000222501531444210144013420530353143214114142155240135315455550154210544052523301002221,23",
    ),
    (
        "sgt-12x12c6m5-02-300x340",
        "300x340",
        "-",
        "12x12:545550121442023415555415312003252141252215105124050030013340513222220051035442024342430301225543121454154442124202323413424553001213510434522425,24",
    ),
    (
        "sgt-12x12c6m5-03-default-2moves",
        "default",
        "0,3 2,0",
        "12x12:444552254252411235132155352431003214004451552522134010041345421310210241404421002434345400555005153101033133200213444433524303121510552043324030,23",
    ),
    (
        "sgt-14x14c6m0-01-default",
        "default",
        "-",
        "14x14:4253022002225000122512455251142212324521553442225200212504530031105532502442251224123500342225442020034551131512503443104325435255555223210131053024144453005320545554023234150555250215425250112151,19",
    ),
    (
        "sgt-14x14c6m0-02-default",
        "default",
        "-",
        "14x14:5012204344403050010423105315120310442341030434520103535504505505032403152222424232025333233201015115452355151034414445013300004405003002125430054553205031525312324103340222130214031523341035043310,21",
    ),
    (
        "sgt-14x14c6m0-03-640x700",
        "640x700",
        "-",
        "14x14:0330403050505314535023014300511500141403153141315441312130533425205552051535323121143305244034204310414220232435403002150335231345342300151313250240044501232243041452500541425050312524120455545533,24",
    ),
    (
        "sgt-14x14c6m0-04-900x960",
        "900x960",
        "-",
        "14x14:1001314132434354053315542354442445120254310051120154410430142003545145550534043012450114310431245405054352332332515254404134410544040125000545512541213524005120255035142045420000132035111502534234,21",
    ),
    (
        "sgt-14x14c6m0-05-800x500",
        "800x500",
        "-",
        "14x14:3223335225121422132450050241242011004525025242001324145350201500202345244135504324301005430201242313451123334333305214345413553110123323145141324413450514545224425424203301512351541432035022122411,22",
    ),
    (
        "sgt-14x14c6m0-06-300x340",
        "300x340",
        "-",
        "14x14:3523441004100442441052420145520454034041021313414000052053501555255542552333220254324041253123430422452134001313542030311343232353351513300144550311203021153515514220511243100155534030142303025550,20",
    ),
    (
        "sgt-14x14c6m0-07-1200x1100",
        "1200x1100",
        "-",
        "14x14:2354041453550433223431532551041531244425213050353241352043534445510154241213242153032405552420233321010130031111315023151541151234053022213305324514404132120210031223121041000400051421333144441154,20",
    ),
    (
        "sgt-14x14c6m0-08-default-3moves",
        "default",
        "1,0 2,0 2,2",
        "14x14:3541204110045004322143010324554300302222350212134235203112101420442102332324011303251503533425220143110303211203350400301141340033251542144032231013530013343545513510032100143231022402514145325552,24",
    ),
    (
        "sgt-16x16c6m0-01-default",
        "default",
        "-",
        "16x16:0105123144313104514455245511433551422541345041412423454433343235410052200010125310025510144044201530435123404151531332411521550203542124123422312104333313501351233255243042042142421253205430441045411325211545535003454355345301544000425153120202123153103335,22",
    ),
    (
        "sgt-16x16c6m0-02-900x960",
        "900x960",
        "-",
        "16x16:0320032453102451151550312234114250000441131013054202132523252020150433341350112514351441154501112344315111330331122043054303141344502255444112555521445554554224043142211125110315350521201231435105345253443305015525350234434000220234142152501032511401202541,23",
    ),
    (
        "sgt-16x16c6m0-03-500x800",
        "500x800",
        "-",
        "16x16:1004542112051301225141502315141112255320115440331303153034402255125103243001544551000222312421235214024401413544155044034530425222011524413225501452250422030555415554355140542125022550254503414525052125310343111233435322545234430314531534413143532202430212,23",
    ),
    (
        "sgt-16x16c3m2-01-default",
        "default",
        "-",
        "16x16:1212021102100121001202110012110201002002010011210112220001012000122221122002000100001112212020200111222102211011102012012012201011121121021221210210222212202111122112022101211122012001120200222222022211201012010002022102110220112101001200101020000012110000,15",
    ),
    (
        "sgt-16x16c3m2-02-640x700",
        "640x700",
        "-",
        "16x16:1112212121210122112220210120201122221201110001001011120001211110222220112102222001022020002100110201121211212222111010200002000112020010212211222102111102112100202201202220000202222222112222011120021012100220201212211011002000000120112021100211121021200000,13",
    ),
    (
        "sgt-16x16c3m2-03-640x700-1move",
        "640x700",
        "2,1",
        "16x16:0000011222012120201021010120222121122020102112210200210212222022221002001202100021011202110201222210020121001100011102201010010220000220201210100121002002100121101021220220012100010010201001021102120000220100121222110220010202000121121000011102222012121102,12",
    ),
    (
        "sgt-12x12c4m2-01-default",
        "default",
        "-",
        "12x12:300110030032123222131213010202232101210010130322300021113203122123223200302112101232330231210201120021312232110223021033013220313203310110231310,16",
    ),
    (
        "sgt-12x12c4m2-02-800x500",
        "800x500",
        "-",
        "12x12:321132231031112213133011202023012202312312130321031231230122133220200102003020312101301121320000302320022312110121033103121231113320100110332310,16",
    ),
    (
        "sgt-14x14c4m0-01-default",
        "default",
        "-",
        "14x14:3010021301003130021100230210313121223001111113111032023233033321123102031300100033221322222330330210232323113011300332013000322032010001323201202300010230200233021323230103212000201011332112332101,13",
    ),
    (
        "sgt-14x14c4m0-02-640x700",
        "640x700",
        "-",
        "14x14:3000131000121103003221200233123323312312311311123121311332203210030023232323233121101330200302221332302211112312330110332013301200102102220222331313120122122333301300132013103003220010221323220323,15",
    ),
    ("sgt-2x2c6m0-01-default", "default", "-", "2x2:1112,1"),
    ("sgt-2x2c6m0-02-300x340", "300x340", "-", "2x2:4445,1"),
    ("sgt-5x5c6m0-01-default", "default", "-", "5x5:4103210443514543003323344,9"),
    ("sgt-5x5c6m0-02-640x700", "640x700", "-", "5x5:4423420433333255523325245,8"),
    ("sgt-5x5c6m0-03-300x340", "300x340", "-", "5x5:5405344310240023053011111,7"),
    (
        "sgt-20x20c6m0-01-default",
        "default",
        "-",
        "20x20:0001222135533411143331425512224040345442230012415425550544503300332155302341422152550422532121050054553022502213512121450431152154513323425413520121235325101423052305455242015153004005213450352212211430352551312222055224041133151231202005431414001311545012200450034510405244341113303350232552141441322141452105403524052413454324324504502121422015243355042213251450021414203210552532421455333151212213,29",
    ),
    (
        "sgt-20x20c6m0-02-900x960",
        "900x960",
        "-",
        "20x20:4120212024343224250542334014355404033241555031443311310044255521133123530033012334441511132353241213115233013540531521131351244515403022305324143455112143254322220405252514233301424104124325313355021402435204232245555401515132440010412540310512424304444435443225123240204121231024323553134113244245414013135021233545043250023500144430335540325500130540011504332213112130204033250142333154111451402503,26",
    ),
    (
        "sgt-20x20c6m0-03-640x700",
        "640x700",
        "-",
        "20x20:0040243443202002232205055333454432342424543153135523422424443514553213232520435145521033502335132322132241510501331222430524455030543531450424542441342432005221050341255233340143121212104142433055045211024531150340122331422112201434434324013222341110551105032044431121141153150110022224311553411210142005150544002505044101352114510113021250053301433502215524413534352330533314044222003403001023243425,25",
    ),
    (
        "sgt-12x12c6m0-01-640x700",
        "640x700",
        "-",
        "12x12:325011252445503302231245001052040505252531225115321511500322352022253112425130035150052542224553342120013524124513104425425100004043222031055541,18",
    ),
    (
        "sgt-16x16c6m2-01-default",
        "default",
        "-",
        "16x16:0152245330034302121000153444522253404244312022554401453025403155411421245045355440513225054042135022004023201051321522432450230553023404244302550125040445542025500342412434130423101031140111255433010422513230014201312120101550350435210555504423131315330042,26",
    ),
    (
        "sgt-12x12c3m0-01-default",
        "default",
        "-",
        "12x12:111200111020012120011202211202212120222010002010201100202200121102221202112101210122102101002012112200220122021121201102021011002020120020001201,10",
    ),
    ("sgt-10x6c6m0-01-default", "default", "-", "10x6:040430223505400514000552451231502223450415311225450535230532,13"),
    ("sgt-10x6c6m0-02-800x500", "800x500", "-", "10x6:403412155454240221010332443355244210242440153514342432011322,14"),
];

/// A pixel whose channels spread wider than this is part of the board: every Flood colour is
/// saturated, the window's chrome and the board's frame are grey or black. Used only to aim clicks
/// and to check captures.
const SATURATED: u8 = 100;

/// An sgt-flood game ID, `WxH:<a digit per cell, row-major>,<move limit>`.
struct Id {
    w: usize,
    h: usize,
    cells: Vec<u8>,
    limit: usize,
}

fn parse_id(id: &str) -> Id {
    let (dims, rest) = id.split_once(':').unwrap_or_else(|| panic!("game id {id}: no ':'"));
    let (w, h) = dims.split_once('x').unwrap_or_else(|| panic!("game id {id}: no WxH"));
    let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    let (digits, limit) = rest.split_once(',').unwrap_or_else(|| panic!("game id {id}: no move limit"));
    let cells: Vec<u8> = digits.chars().map(|c| c.to_digit(36).expect("a base-36 digit") as u8).collect();
    assert_eq!(cells.len(), w * h, "game id {id}: {} digits for a {w}x{h} board", cells.len());
    Id { w, h, cells, limit: limit.parse().unwrap() }
}

/// The game's move: the region connected to the top-left cell takes `colour`.
fn flood(cells: &mut [u8], w: usize, h: usize, colour: u8) {
    let old = cells[0];
    if old == colour {
        return;
    }
    cells[0] = colour;
    let mut todo = vec![0];
    while let Some(i) = todo.pop() {
        let (x, y) = (i % w, i / w);
        let mut near = Vec::new();
        if x > 0 {
            near.push(i - 1);
        }
        if x + 1 < w {
            near.push(i + 1);
        }
        if y > 0 {
            near.push(i - w);
        }
        if y + 1 < h {
            near.push(i + w);
        }
        for j in near {
            if cells[j] == old {
                cells[j] = colour;
                todo.push(j);
            }
        }
    }
}

/// The clicks of a case, `(row, col)`.
fn clicks(text: &str) -> Vec<(usize, usize)> {
    if text == "-" {
        return Vec::new();
    }
    text.split_whitespace()
        .map(|t| {
            let (r, c) = t.split_once(',').expect("row,col");
            (r.parse().unwrap(), c.parse().unwrap())
        })
        .collect()
}

/// The ID's board after the clicks, and each click with the colour it flooded with. A click on the
/// top-left region's own colour would be no move, so the table must not hold one.
fn truth(id: &Id, clicks: &[(usize, usize)]) -> (Vec<u8>, Vec<(usize, usize, u8)>) {
    let mut cells = id.cells.clone();
    let mut done = Vec::new();
    for &(r, c) in clicks {
        let colour = cells[r * id.w + c];
        assert_ne!(colour, cells[0], "click ({r},{c}) would not be a move: colour {colour} is the top-left's");
        flood(&mut cells, id.w, id.h, colour);
        done.push((r, c, colour));
    }
    (cells, done)
}

/// The bounding box (inclusive) of the strongly coloured pixels: the board.
fn board_box(frame: &Frame) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in frame.image.enumerate_pixels() {
        let (lo, hi) = (p.0[..3].iter().min().unwrap(), p.0[..3].iter().max().unwrap());
        if hi - lo > SATURATED {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    assert!(x0 <= x1, "no coloured board in the capture");
    (x0, y0, x1, y1)
}

fn cell_centre(bx: (u32, u32, u32, u32), id: &Id, r: usize, c: usize) -> Point {
    let (x0, y0, x1, y1) = bx;
    let x = x0 as f64 + (c as f64 + 0.5) * (x1 - x0 + 1) as f64 / id.w as f64;
    let y = y0 as f64 + (r as f64 + 0.5) * (y1 - y0 + 1) as f64 / id.h as f64;
    Point::new(x as i32, y as i32)
}

/// The capture shows the truth: the colours at the cell centres stand one-to-one for its labels.
fn check(frame: &Frame, id: &Id, cells: &[u8], name: &str) -> String {
    let bx = board_box(frame);
    let mut to_rgb: Vec<(u8, [u8; 3])> = Vec::new();
    for r in 0..id.h {
        for c in 0..id.w {
            let p = cell_centre(bx, id, r, c);
            let rgb = frame.rgb(p.x as u32, p.y as u32);
            let label = cells[r * id.w + c];
            for &(l, seen) in &to_rgb {
                assert!(
                    (l == label) == (seen == rgb),
                    "{name}: cell ({r},{c}) shows {rgb:?} for colour {label}, but colour {l} showed as {seen:?}"
                );
            }
            if !to_rgb.iter().any(|&(l, _)| l == label) {
                to_rgb.push((label, rgb));
            }
        }
    }
    to_rgb.sort();
    let colours: Vec<String> = to_rgb.iter().map(|(l, [r, g, b])| format!("{l}=#{r:02X}{g:02X}{b:02X}")).collect();
    format!("board x {}..{} y {}..{}; colours {}", bx.0, bx.2, bx.1, bx.3, colours.join(" "))
}

fn capture(desk: &Desk, case: &(&str, &str, &str, &str), version: &str) -> Captured {
    let &(name, window, click_text, id_text) = case;
    let id = parse_id(id_text);
    let clicks = clicks(click_text);
    let (cells, done) = truth(&id, &clicks);

    let mut game = desk.open("sgt-flood", "sgt-puzzles", &[], &[id_text], "Flood");
    pause(1000);
    let first = game.settled();
    let default = (first.width(), first.height());
    let (frame, how) = match window {
        "default" => (first, "default size".to_string()),
        size => {
            let (w, h) = size.split_once('x').expect("WxH");
            let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
            assert_ne!((w, h), default, "{name}: the asked size is the default");
            (game.resize(w, h), format!("resized from the default {}x{}", default.0, default.1))
        }
    };
    if !clicks.is_empty() {
        let bx = board_box(&frame);
        for &(r, c) in &clicks {
            game.click(&frame, cell_centre(bx, &id, r, c));
            pause(700);
        }
        game.park_pointer();
        pause(500);
    }
    let last = game.settled();
    assert_eq!((last.width(), last.height()), (frame.width(), frame.height()), "{name}: the window changed size");
    let shown = check(&last, &id, &cells, name);
    println!("{name:<36} {}x{} limit {:>2}  capture {}x{}  {shown}", id.w, id.h, id.limit, last.width(), last.height());

    let mut source = format!(
        "sgt-flood {version} (Debian sgt-puzzles), game id {id_text}, window {}x{} ({how}) under Xvfb+jwm, \
         captured by src/games/flood/capture_tests.rs",
        last.width(),
        last.height()
    );
    let mut max_moves = id.limit;
    if !done.is_empty() {
        let n = done.len();
        max_moves = id.limit - n;
        let list: Vec<String> = done.iter().map(|(r, c, colour)| format!("({r},{c}) colour {colour}")).collect();
        source += &format!(
            "; mid-game: {n} move{} made before the capture by clicking cells (row,col from the top-left, 0-based) \
             {}; the status bar shows '{n} / {} moves', so max_moves = {} - {n} = {max_moves}; the board rows are \
             the game id's board with these fills applied by the flood-fill rule",
            if n > 1 { "s" } else { "" },
            list.join(", "),
            id.limit,
            id.limit
        );
    }
    let rows: Vec<String> =
        cells.chunks(id.w).map(|row| row.iter().map(|&v| char::from_digit(v as u32, 36).unwrap()).collect()).collect();
    let case = format!(
        "game = \"flood\"\nsource = {}\nprofile = \"sgt-flood\"\n\n[board]\n{}\n\n[answer]\nmax_moves = {max_moves}\n",
        toml_string(&source),
        gamebot::case::rows_toml(&rows)
    );
    Captured { name: name.into(), image: last.image, case }
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_sgt_flood_fixtures() {
    let (cases, all) = selected(CASES, |c| c.0);
    for case in &cases {
        truth(&parse_id(case.3), &clicks(case.2));
    }
    if all {
        let six =
            CASES.iter().any(|c| parse_id(c.3).cells.iter().collect::<std::collections::BTreeSet<_>>().len() == 6);
        assert!(six, "no case uses all 6 colours");
    }
    let version = package_version("sgt-puzzles");
    let desk = Desk::start();
    let captured: Vec<Captured> = cases.iter().map(|case| capture(&desk, case, &version)).collect();
    conclude("flood", &captured);
}
