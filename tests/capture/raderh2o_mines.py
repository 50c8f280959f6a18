#!/usr/bin/env python3
"""The fixtures of RaderH2O's modern-sweeper (fixtures/mines/raderh2o-mines), made again.

Plays the program as a person would, with its own classes offscreen (pygame's SDL dummy video
driver): Python's random seeded, the first click on a cell its layout makes a 0, then clear cells
beside numbers opened and mines beside numbers flagged (picked by an RNG of their own); the frame
is what the program's own draw code makes on its 500x600 display (the window's content) and the
truth its own grid. Needs the program at /tmp/zoo-mines-rader and a Python with pygame
(calibration/zoo.md says how). Run with no arguments from the repository's root:
    /tmp/venv-mines/bin/python tests/capture/raderh2o_mines.py
"""
import os, random, subprocess, sys

PROGRAM = "/tmp/zoo-mines-rader"
OUT = os.path.join(os.getcwd(), "fixtures/mines/raderh2o-mines")
SHOTS = [("01-untouched", 40, 0, 0, 0), ("02-start", 41, 1, 0, 0), ("03-started", 42, 1, 4, 0),
         ("04-mid-flags", 43, 1, 10, 3), ("05-mid-flags", 44, 1, 16, 6), ("06-mid", 48, 1, 12, 0)]


def shot(seed, out, first, opens, flags):
    """Plays one game and saves its frame; returns the board, the layout and the clicks."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, PROGRAM)
    os.chdir(PROGRAM)
    import pygame
    from minesweeper_types import MS
    random.seed(seed)
    pick = random.Random(seed + 1000)
    pygame.init()
    display = pygame.display.set_mode((500, 600))
    from game import Game
    from ui import UI
    game = Game(surf=pygame.Surface((500, 500)), fps=60, mines=14, grid_rows=10, grid_columns=10)
    ui = UI(surf=display)
    g = game.grid
    near = lambda r, c: [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1)
                         if (i or j) and 0 <= r + i < 10 and 0 <= c + j < 10]
    clicks = []
    if first:
        zeros = [(r, c) for r in range(10) for c in range(10) if g.grid[r][c] == MS.Empty]
        r, c = pick.choice(zeros)
        g.uncover(c, r)
        clicks.append(f"open {r},{c}")

    def frontier(mine):
        return sorted({(a, b) for r in range(10) for c in range(10) if not g.hidden[r][c]
                       for a, b in near(r, c)
                       if g.hidden[a][b] and not g.flags[a][b] and (g.grid[a][b] == MS.Mine) == mine})

    for _ in range(opens):
        f = frontier(False)
        if f:
            r, c = pick.choice(f)
            g.uncover(c, r)
            clicks.append(f"open {r},{c}")
    for _ in range(flags):
        f = frontier(True)
        if f:
            r, c = pick.choice(f)
            g.flag(c, r)
            clicks.append(f"flag {r},{c}")
    # As the program's own loop draws a frame (game_handler.py): page, caption, board below it.
    display.fill((230, 230, 230))
    game.surf.fill("white")
    ui.draw(game.mines)
    game.draw()
    display.blit(ui.surf, (0, 0))
    display.blit(game.surf, (0, 100))
    pygame.image.save(display, out)
    cell = lambda r, c: ("F" if g.flags[r][c] else "#") if g.hidden[r][c] else \
        "*" if g.grid[r][c] == MS.Mine else ("." if g.grid[r][c].value == 0 else str(g.grid[r][c].value))
    board = ["".join(cell(r, c) for c in range(10)) for r in range(10)]
    layout = ["".join("*" if g.grid[r][c] == MS.Mine else "." for c in range(10)) for r in range(10)]
    return board, layout, "; ".join(clicks) or "none"


def main():
    if len(sys.argv) > 1:
        board, layout, clicks = shot(int(sys.argv[1]), sys.argv[2], *map(int, sys.argv[3:6]))
        print("\n".join(["B " + r for r in board] + ["L " + r for r in layout] + ["C " + clicks]))
        return
    os.makedirs(OUT, exist_ok=True)
    for name, seed, first, opens, flags in SHOTS:
        name = f"raderh2o-10x10n14-{name}"
        # One process a shot: the program's modules keep their state.
        out = subprocess.run([sys.executable, os.path.abspath(__file__), str(seed), f"{OUT}/{name}.png",
                              str(first), str(opens), str(flags)], capture_output=True, text=True, check=True)
        lines = out.stdout.splitlines()
        board = [l[2:] for l in lines if l.startswith("B ")]
        layout = [l[2:] for l in lines if l.startswith("L ")]
        clicks = [l[2:] for l in lines if l.startswith("C ")][0]
        rows = lambda rs: "\n".join(f'  "{r}",' for r in rs)
        source = (f"RaderH2O/modern-sweeper (24bb672, pygame), 10x10, 14 mines; Python's random seeded ({seed}); "
                  f"clicks: {clicks}; the frame drawn by the program's own classes and draw code on pygame's "
                  f"display offscreen (SDL dummy video driver, 500x600, the window's content), truth from its own "
                  f"grid; tests/capture/raderh2o_mines.py")
        with open(f"{OUT}/{name}.toml", "w") as f:
            f.write(f'game = "mines"\nsource = "{source}"\nprofile = "raderh2o-mines"\n\n[board]\nrows = [\n{rows(board)}\n]\nmines = 14\n'
                    f'first_click = "unsafe"\n\n[answer]\nlayout = [\n{rows(layout)}\n]\n')
        print(name)


if __name__ == "__main__":
    main()
