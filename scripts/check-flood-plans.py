#!/usr/bin/env python3
"""Replays Flood-it plans on their boards, apart from gamebot's own code.

Usage: check-flood-plans.py BOARDS PLANS [--start centre]

BOARDS holds one square board a line (row-major, colours `1`-`9` then `a`-`f`, the corpus format);
PLANS one plan a line for the board on the same line, the colour chosen at each move in the same
characters (what `gamebot bench flood --solutions FILE` writes, and the corpus's `*.moves.txt`).
Flooding starts at the top-left cell, or the centre with `--start centre`. Every plan must flood
its whole board; a move that picks the flood's own colour counts as a move. Prints
`boards= total_moves= flooded=` and exits non-zero naming the first board that is not flooded.
"""

import sys


def read_lines(path):
    with open(path, encoding="ascii") as f:
        return [line.strip() for line in f if line.strip()]


def flooded_after(board, plan, start):
    """True when `plan` floods every cell of `board` (a string of side*side colours)."""
    side = int(round(len(board) ** 0.5))
    if side * side != len(board):
        raise ValueError(f"not square: {len(board)} cells")
    cells = list(board)
    region = {start}
    frontier = [start]
    colour = cells[start]

    def grow():
        # Adds every cell of the flood's colour joined to the region.
        while frontier:
            i = frontier.pop()
            r, c = divmod(i, side)
            for j in (i - side if r > 0 else -1, i + side if r < side - 1 else -1,
                      i - 1 if c > 0 else -1, i + 1 if c < side - 1 else -1):
                if j >= 0 and j not in region and cells[j] == colour:
                    region.add(j)
                    frontier.append(j)

    grow()
    for move in plan:
        colour = move
        for i in region:
            cells[i] = colour
        frontier.extend(region)
        grow()
    return len(region) == len(cells)


def main(argv):
    args = [a for a in argv[1:] if a != "--start"]
    start_centre = "--start" in argv[1:]
    if start_centre and "centre" not in args:
        sys.exit("--start takes centre")
    args = [a for a in args if a != "centre"]
    if len(args) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    boards = read_lines(args[0])
    with open(args[1], encoding="ascii") as f:
        # One line a board, an empty line for a board flooded from the start.
        plans = [line.strip() for line in f.read().split("\n")]
    if plans and plans[-1] == "":
        plans.pop()
    if len(plans) != len(boards):
        sys.exit(f"{len(boards)} boards but {len(plans)} plans")
    total = 0
    for n, (board, plan) in enumerate(zip(boards, plans), start=1):
        side = int(round(len(board) ** 0.5))
        start = (side // 2) * side + side // 2 if start_centre else 0
        if not flooded_after(board, plan, start):
            print(f"boards={n - 1} total_moves={total} flooded=no")
            sys.exit(f"board {n}: its plan ({len(plan)} moves) does not flood it")
        total += len(plan)
    print(f"boards={len(boards)} total_moves={total} flooded=yes")


if __name__ == "__main__":
    main(sys.argv)
