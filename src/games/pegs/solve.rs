//! placeholder: the peg solitaire solver.
