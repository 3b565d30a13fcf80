//! What a game must provide so that one perft, one engine and one set of
//! tools serve every game of the crate: the ground floor, which imports
//! nothing but `core/`.
//!
//! - [`Rules`], the game itself: position, moves, notation, make and
//!   unmake, hash, game end (the checked [`Rules::play`], [`Rules::is_legal`],
//!   [`Rules::after`] and [`Rules::san_moves`] are provided), with its
//!   [`GameMove`], [`MoveSet`] and [`GameOutcome`];
//! - [`Evaluate`], its static evaluation and weights ([`EvalWeights`], by
//!   [`Term`]).
//!
//! The engine asks more of a game on its own side
//! ([`engine::SearchHooks`](crate::engine::SearchHooks), and
//! [`engine::Prove`](crate::engine::Prove) for a game with a prover of its
//! own); the list of games asks each for its kinds and its moves as
//! [`AnyMove`](crate::games::AnyMove)s ([`ListedGame`](crate::games::ListedGame)).
//!
//! The macros a game's folder calls to write what every game (or every
//! Portal game) writes alike are here too: `forward_rules!` (the [`Rules`]
//! methods its position answers itself), `packed_move!` (a packed move's
//! methods and its [`GameMove`]) and `move_error!` (the variants of its
//! `MoveError` every reader has, and its [`MoveTextError`]).
//! Generic code is monomorphized: the search compiled for Wormhole chess
//! calls Wormhole's move generator directly, and a game that cannot be
//! drawn ([`Rules::DRAWS`] false) compiles the draw tests away.

use std::fmt;
use std::hash::Hash;

pub use crate::core::move_list::MoveSet;
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};

/// A move of some game, as the search sees it: where the piece starts and
/// ends, a promotion, and a packed form for the transposition table.
pub trait GameMove: Copy + Eq + Hash + fmt::Display + fmt::Debug + Send + Sync + 'static {
    /// The square the piece leaves.
    fn from(self) -> Square;
    /// The square the piece ends on.
    fn to(self) -> Square;
    /// The role a pawn promotes to, if this is a promotion.
    fn promotion(self) -> Option<Role>;
    /// The board the move is played on, an index into [`Rules::boards`]
    /// (a teleport's arrival board); 0 in a one-board game.
    fn board(self) -> usize {
        0
    }
    /// The portal a move goes through, in a game with portals (the entry
    /// of a porthole move); `None` by default.
    fn entry(self) -> Option<Square> {
        None
    }
    /// Whether the move moves the piece on its [`GameMove::from`] square
    /// (`true` by default); `false` for a move of something else on the
    /// board, such as a portal.
    fn moves_piece(self) -> bool {
        true
    }
    /// The move packed into at most 24 bits, never 0 (the transposition
    /// table stores it and compares it with generated moves).
    fn to_bits(self) -> u32;
}

/// A flat list of moves that a search generates into and then reorders in
/// place (one per ply, reused from node to node, so nothing is allocated
/// once it has grown).
pub trait MoveBuffer<M>: Default + Send {
    /// Removes every move.
    fn clear(&mut self);
    /// The number of moves.
    fn len(&self) -> usize;
    /// Whether there is no move.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The moves, to read and reorder.
    fn as_mut_slice(&mut self) -> &mut [M];
}

impl<M: Copy + Send> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [M] {
        self
    }
}

/// Evaluation weights that a match can change by name: each term of the
/// evaluation ([`Term`]) owns a range of them.
///
/// `Default` gives the weights of the game's main piece set.
pub trait EvalWeights: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Every term, in the order of the weights.
    fn terms() -> &'static [Term];
    /// The weights, in the order of [`EvalWeights::terms`].
    fn weights(&self) -> &[i32];
    /// The weights, to change.
    fn weights_mut(&mut self) -> &mut [i32];
}

/// How many weights a [`Term`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermShape {
    /// A single weight.
    One,
    /// One weight per role, indexed by [`Role::index`](crate::core::Role::index).
    PerRole,
    /// One weight per count (0, 1, 2, ...).
    PerCount(usize),
}

impl TermShape {
    /// The number of weights.
    pub const fn weights(self) -> usize {
        match self {
            TermShape::One => 1,
            TermShape::PerRole => Role::MAX,
            TermShape::PerCount(n) => n,
        }
    }
}

/// One term of the evaluation: its weights lie at
/// `start..start + shape.weights()` in the game's weights. The evaluation
/// is the sum over terms of a weight times a count, the side to move's
/// count minus the opponent's. Each game lists its terms in one table, in
/// the order of their weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The name `wormhole match` settings use (`mob.N=40`, `tempo=90`).
    pub name: &'static str,
    /// What the term counts.
    pub doc: &'static str,
    /// How many weights it has.
    pub shape: TermShape,
    /// The index of its first weight.
    pub start: usize,
}

impl Term {
    /// The first term of a table: its weights start at 0.
    pub(crate) const fn first(name: &'static str, shape: TermShape, doc: &'static str) -> Term {
        Term { name, doc, shape, start: 0 }
    }

    /// The term after `self` in a table: its weights follow `self`'s.
    pub(crate) const fn then(self, name: &'static str, shape: TermShape, doc: &'static str) -> Term {
        Term { name, doc, shape, start: self.start + self.shape.weights() }
    }

    /// The index of its `i`-th weight (the role's index for per-role terms).
    #[inline(always)]
    pub const fn at(self, i: usize) -> usize {
        self.start + i
    }
}

/// Why a typed move was refused, in a game: the text may be no move at
/// all, or name a move that is not legal here.
pub trait MoveTextError: std::error::Error + Clone + PartialEq + Send + Sync + 'static {
    /// What is wrong with the text when it is no move in any notation
    /// (`None` when it names a move that is not legal here).
    fn syntax_problem(&self) -> Option<&dyn std::error::Error>;
}

/// How a finished game ended, in any game.
pub trait GameOutcome: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// The winner; `None` for a draw.
    fn winner(self) -> Option<Color>;
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    fn result_str(self) -> &'static str {
        result_str(self.winner())
    }
}

/// Wormhole chess's outcome (and that of the games that share it).
impl GameOutcome for crate::core::outcome::OrthodoxOutcome {
    fn winner(self) -> Option<Color> {
        crate::core::outcome::OrthodoxOutcome::winner(self)
    }
}

pub use crate::core::outcome::result_str;

/// The winner a PGN result string names: `1-0` White, `0-1` Black;
/// `None` for anything else (a draw, `*`).
pub fn winner_of(result: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|&c| result_str(Some(c)) == result)
}

/// A game: a position with its moves, notation, make and unmake, hash and
/// game end; perft and the tools need nothing more. The checked
/// [`Rules::play`], [`Rules::is_legal`], [`Rules::after`] and
/// [`Rules::san_moves`] are provided. The engine also needs the game's
/// [`Evaluate`] and its [`SearchHooks`](crate::engine::SearchHooks)
/// ([`Searchable`](crate::engine::Searchable) is all three).
///
/// ```
/// use wormhole::rules::MoveSet;
/// use wormhole::{Position, Rules, Variant, porthole};
/// // One function for both games: the number of legal replies to each move.
/// fn replies<P: Rules>(pos: &P) -> Vec<usize> {
///     let mut pos = pos.clone();
///     let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
///     moves
///         .into_iter()
///         .map(|m| {
///             let undo = pos.play_unchecked(m);
///             let n = pos.legal_moves().len();
///             pos.undo(m, undo);
///             n
///         })
///         .collect()
/// }
/// assert_eq!(replies(&Position::new(Variant::Classic)).iter().sum::<usize>(), 841);
/// assert_eq!(replies(&porthole::Position::new()).iter().sum::<usize>(), 256);
/// ```
pub trait Rules: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move.
    type Move: GameMove;
    /// What [`Rules::play_unchecked`] returns so that [`Rules::undo`] can
    /// restore the position.
    type Undo: Copy + fmt::Debug;
    /// The legal moves, as [`Rules::legal_moves`] returns them.
    type MoveList: MoveSet<Self::Move>;
    /// How a game ends.
    type Outcome: GameOutcome;
    /// Why a typed move was refused.
    type MoveError: MoveTextError;
    /// Why a FEN was refused.
    type FenError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why the checked [`Rules::play`] refused a move.
    type IllegalMove: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// Whether games can be drawn: stalemate, repetition and rules such as
    /// the fifty-move rule. Wormhole chess has no draws (the side with no
    /// legal move loses and no position repeats), so its search compiles
    /// every draw test away.
    const DRAWS: bool;

    /// The side to move.
    fn turn(&self) -> Color;
    /// The Zobrist hash, kept up to date incrementally.
    fn hash(&self) -> u64;
    /// The boards, in the order the game names them: one in most games,
    /// boards A and B in Two-board portal chess. Each holds its pieces
    /// (and, in Wormhole chess, the holes).
    fn boards(&self) -> &[Board];
    /// Which of [`Rules::boards`] the side to move plays (its index): the
    /// only one in a one-board game, hence 0 by default.
    #[inline(always)]
    fn board_to_play(&self) -> usize {
        0
    }
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The position as a FEN of its game.
    fn fen(&self) -> String;
    /// The position as a FEN of ordinary chess, when it is a position of
    /// ordinary chess (nothing of the game's own on the board: a Porthole
    /// position without portholes), for engines that play only that; `None`
    /// otherwise, and in a game that is not chess with something added.
    fn chess_fen(&self) -> Option<String> {
        None
    }
    /// The number of the move being played: 1 for White's first move and
    /// Black's reply, 2 for the next pair.
    fn move_number(&self) -> u32;

    /// The result if the game is over in this position; `earlier` holds
    /// the hashes of the positions the game went through before it (for
    /// repetition, in games with draws).
    fn outcome(&self, earlier: &[u64]) -> Option<Self::Outcome>;
    /// The legal move `text` names (SAN, a long form or coordinates).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// The SAN of a legal move.
    fn san(&self, m: Self::Move) -> String;
    /// Every legal move with its SAN, in the order of [`Rules::legal_moves`].
    fn san_moves(&self) -> Vec<(Self::Move, String)> {
        self.legal_moves().iter().map(|m| (m, self.san(m))).collect()
    }
    /// Where the piece on `sq` could go on its side's turn, its own king's
    /// safety left aside (for showing how it moves): the squares it moves
    /// to and the portals it can enter. Empty without a piece there.
    fn reach(&self, sq: Square) -> Bitboard;

    /// Every legal move.
    fn legal_moves(&self) -> Self::MoveList;
    /// The number of legal moves: the length of [`Rules::legal_moves`],
    /// which a game may count without listing them (perft's last ply).
    fn legal_move_count(&self) -> usize {
        self.legal_moves().len()
    }
    /// Plays a legal move (not checked); returns what [`Rules::undo`] needs.
    fn play_unchecked(&mut self, m: Self::Move) -> Self::Undo;
    /// Takes back `m`, the last move played, with its [`Rules::Undo`].
    fn undo(&mut self, m: Self::Move, undo: Self::Undo);
    /// The piece `m` would capture, if any.
    fn captured_by(&self, m: Self::Move) -> Option<Piece>;
    /// Why `m`, a move [`Rules::is_legal`] refuses, is not legal here.
    fn why_illegal(&self, m: Self::Move) -> Self::IllegalMove;

    /// Whether `m` is a legal move here.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.legal_moves().contains(m)
    }
    /// Plays `m` if it is legal here (the checked [`Rules::play_unchecked`]);
    /// returns what [`Rules::undo`] needs, or why `m` is not legal
    /// ([`Rules::why_illegal`]), leaving the position as it is.
    fn play(&mut self, m: Self::Move) -> Result<Self::Undo, Self::IllegalMove> {
        match Rules::is_legal(self, m) {
            true => Ok(self.play_unchecked(m)),
            false => Err(self.why_illegal(m)),
        }
    }
    /// Plays the legal move `text` names ([`Rules::parse_move`]) and
    /// returns it; leaves the position as it is when it names none.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, Self::MoveError> {
        let m = self.parse_move(text)?;
        self.play_unchecked(m);
        Ok(m)
    }
    /// A copy after `m`, if it is legal here.
    fn after(&self, m: Self::Move) -> Result<Self, Self::IllegalMove> {
        let mut next = self.clone();
        Rules::play(&mut next, m)?;
        Ok(next)
    }

    /// Whether the game is drawn by a rule that looks at this position
    /// alone (the fifty-move rule, king against king); never in a game
    /// without draws.
    fn is_rule_draw(&self) -> bool;
    /// How many more plies the game may go without a capture or a pawn
    /// move before the fifty-move rule draws it (0: drawn now, unless
    /// mated); `None` in a game without that rule. Positions alike but for
    /// this count share a hash: a prover keeps them apart by it.
    fn plies_to_rule_draw(&self) -> Option<u32> {
        None
    }
    /// How many more moves of the side to move a clock should be planned
    /// for (a Wormhole game lasts at most 64 plies; orthodox games longer).
    fn moves_to_plan(&self) -> u32;
}

/// What every game's `impl Rules for Position` writes alike, written once:
/// the associated types, the types of these names in scope where it is
/// called (`Move`, `Undo`, `MoveList`, `Outcome`, `MoveError`, `FenError`,
/// `IllegalMoveError`), and the methods its position answers with its own
/// inherent methods of the same name and its `turn` and `hash` fields:
/// `turn`, `hash`, `is_check`, `fen`, `move_number`, `parse_move`, `san`,
/// `legal_moves`, `play_unchecked`, `undo`, `captured_by`, `why_illegal`.
/// With `orthodox`, also what the orthodox games (Porthole, Linked-portal
/// and Two-board portal chess) write alike: draws, the game end (`outcome`
/// with threefold repetition, `is_rule_draw`: fifty moves or king against
/// king, `plies_to_rule_draw`, `moves_to_plan`) from their `halfmoves` and
/// `fullmoves` fields and `is_king_versus_king`, and `reach`; with
/// `orthodox, one_board` also `boards`, the one board in the `board`
/// field. Used inside `impl Rules for Position` in a module of the game's
/// folder.
macro_rules! forward_rules {
    () => {
        type Move = Move;
        type Undo = Undo;
        type MoveList = MoveList;
        type Outcome = Outcome;
        type MoveError = MoveError;
        type FenError = FenError;
        type IllegalMove = IllegalMoveError;
        #[inline(always)]
        fn turn(&self) -> $crate::core::Color {
            self.turn
        }
        #[inline(always)]
        fn hash(&self) -> u64 {
            self.hash
        }
        #[inline]
        fn is_check(&self) -> bool {
            Self::is_check(self)
        }
        fn fen(&self) -> String {
            Self::fen(self)
        }
        fn move_number(&self) -> u32 {
            Self::move_number(self)
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError> {
            Self::parse_move(self, text)
        }
        fn san(&self, m: Self::Move) -> String {
            Self::san(self, m)
        }
        #[inline(always)]
        fn legal_moves(&self) -> Self::MoveList {
            Self::legal_moves(self)
        }
        #[inline(always)]
        fn play_unchecked(&mut self, m: Self::Move) -> Self::Undo {
            Self::play_unchecked(self, m)
        }
        #[inline(always)]
        fn undo(&mut self, m: Self::Move, undo: Self::Undo) {
            Self::undo(self, m, undo)
        }
        #[inline(always)]
        fn captured_by(&self, m: Self::Move) -> Option<$crate::core::Piece> {
            Self::captured_by(self, m)
        }
        fn why_illegal(&self, m: Self::Move) -> Self::IllegalMove {
            Self::why_illegal(self, m)
        }
    };
    (orthodox, one_board) => {
        $crate::rules::forward_rules!(orthodox);
        #[inline(always)]
        fn boards(&self) -> &[$crate::core::Board] {
            std::slice::from_ref(&self.board)
        }
    };
    (orthodox) => {
        const DRAWS: bool = true;
        $crate::rules::forward_rules!();
        fn outcome(&self, earlier: &[u64]) -> Option<Self::Outcome> {
            use $crate::core::outcome::{DrawReason, OrthodoxOutcome};
            let repeated = $crate::core::orthodox::third_time(self.hash, earlier);
            Self::outcome(self).or_else(|| repeated.then_some(OrthodoxOutcome::Draw(DrawReason::Repetition)))
        }
        #[inline]
        fn is_rule_draw(&self) -> bool {
            $crate::rules::Rules::plies_to_rule_draw(self) == Some(0) || self.is_king_versus_king()
        }
        #[inline]
        fn plies_to_rule_draw(&self) -> Option<u32> {
            // Fifty moves of each side.
            Some(100u32.saturating_sub(self.halfmoves))
        }
        fn moves_to_plan(&self) -> u32 {
            $crate::core::orthodox::moves_to_plan(self.fullmoves)
        }
        fn reach(&self, sq: $crate::core::Square) -> $crate::core::Bitboard {
            Self::reach(self, sq)
        }
    };
}
pub(crate) use forward_rules;

/// Declares a Portal game's `MoveError`, why a typed move was refused,
/// with the variants every such reader has around the game's own (given in
/// the braces; named fields only, as a `thiserror` message written here
/// cannot reach a tuple field): first `Syntax` (the text is no move: the
/// text, quoted at most 80 characters, and what is wrong with it, the
/// module's `SyntaxProblem`, then the `syntax_hint` if one is given) and
/// `Illegal` (the text names a move that is not legal here: the module's
/// `IllegalMoveError`), last `Ambiguous` (several legal moves of the
/// module's `Move` fit: the moves and their SAN); and its
/// [`MoveTextError`](crate::rules::MoveTextError), which finds the
/// `Syntax` problem.
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
macro_rules! move_error {
    ($(#[$attr:meta])* pub enum $name:ident { $($own:tt)* }) => {
        $crate::rules::move_error! { $(#[$attr])* pub enum $name { $($own)* } syntax_hint: "" }
    };
    ($(#[$attr:meta])* pub enum $name:ident { $($own:tt)* } syntax_hint: $hint:literal) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum $name {
            /// The text is not a move in any notation.
            #[error("'{}' is not a move: {problem}{}", $crate::core::excerpt::Excerpt(.text), $hint)]
            Syntax {
                /// The text as typed.
                text: String,
                /// What is wrong with it.
                problem: SyntaxProblem,
            },
            /// The text names a move that is not legal here.
            #[error(transparent)]
            Illegal(#[from] IllegalMoveError),
            $($own)*
            /// Several legal moves fit the text.
            #[error("ambiguous: {}", .sans.join(" "))]
            Ambiguous {
                /// The moves that fit.
                moves: Vec<Move>,
                /// Their SAN, in the same order.
                sans: Vec<String>,
            },
        }

        impl $crate::rules::MoveTextError for $name {
            fn syntax_problem(&self) -> Option<&dyn std::error::Error> {
                match self {
                    $name::Syntax { problem, .. } => Some(problem),
                    _ => None,
                }
            }
        }
    };
}
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
pub(crate) use move_error;

/// Writes what a Portal game's `Move(u32)`, packed by `core::packed::squares` with
/// its promotion code (`core::packed::promotion_code`) from bit `promotion_at` up, has as
/// every such move: `from` and `to` (documented by the game's own
/// sentences), `promotion`, `to_bits`, `Debug` as its `Display`, and
/// [`GameMove`](crate::rules::GameMove) from those, with the game's own
/// further methods of that trait given in `GameMove { ... }`.
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
macro_rules! packed_move {
    (from: $from:literal, to: $to:literal, promotion_at: $shift:literal, GameMove { $($game_move:tt)* }) => {
        impl Move {
            #[doc = $from]
            #[inline]
            pub const fn from(self) -> $crate::core::Square {
                $crate::core::packed::from(self.0)
            }

            #[doc = $to]
            #[inline]
            pub const fn to(self) -> $crate::core::Square {
                $crate::core::packed::to(self.0)
            }

            /// The role a pawn promotes to, if this is a promotion.
            #[inline]
            pub const fn promotion(self) -> Option<$crate::core::Role> {
                $crate::core::packed::promotion(self.0 >> $shift)
            }

            /// The packed form (for transposition tables), never 0 for a
            /// move a position generates.
            #[inline]
            pub const fn to_bits(self) -> u32 {
                self.0
            }
        }

        impl std::fmt::Debug for Move {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }

        impl $crate::rules::GameMove for Move {
            #[inline(always)]
            fn from(self) -> $crate::core::Square {
                Move::from(self)
            }
            #[inline(always)]
            fn to(self) -> $crate::core::Square {
                Move::to(self)
            }
            #[inline(always)]
            fn promotion(self) -> Option<$crate::core::Role> {
                Move::promotion(self)
            }
            #[inline(always)]
            fn to_bits(self) -> u32 {
                self.0
            }
            $($game_move)*
        }
    };
}
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
pub(crate) use packed_move;

/// A game's static evaluation, its own trait: its weights ([`EvalWeights`])
/// and its terms.
pub trait Evaluate {
    /// The evaluation weights.
    type Params: EvalWeights;

    /// The evaluation weights of this position's game.
    fn default_params(&self) -> Self::Params;
    /// The static evaluation from the side to move's point of view, in
    /// centipawns; material only unless `positional`.
    fn evaluate(&self, params: &Self::Params, positional: bool) -> i32;
    /// Material only, from the side to move's point of view.
    fn material(&self, params: &Self::Params) -> i32;
    /// The side to move's pieces less the opponent's, by role
    /// ([`Role::index`](crate::core::Role::index)): every piece the game's
    /// material counts (Two-board chess: both boards and a piece in
    /// transit).
    fn piece_balance(&self) -> [i32; crate::core::Role::MAX];
    /// The fixed piece values (centipawns, by
    /// [`Role::index`](crate::core::Role::index)) this position's game is
    /// judged by outside the engine: the puzzles and the analysis's
    /// reasons. They are apart from the engine's weights, so that tuning
    /// the engine never changes which puzzles are valid: the values the
    /// shipped sets were proved with. The orthodox games share one row
    /// (pawn, knight, bishop, rook, queen 100, 320, 330, 500, 900: the
    /// orthodox base's `JUDGED_VALUES`); Wormhole chess has one per piece
    /// set (`Variant::judged_values`).
    fn judged_values(&self) -> &'static [i32; crate::core::Role::MAX];
    /// The material by [`Evaluate::judged_values`], from the side to
    /// move's point of view: what the puzzle judge measures wins with.
    ///
    /// ```
    /// use wormhole::rules::Evaluate;
    /// // A rook up in Porthole chess, whatever the engine's weights say.
    /// let pos = wormhole::porthole::Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.judged_material(), 500);
    /// ```
    #[inline]
    fn judged_material(&self) -> i32 {
        self.piece_balance().iter().zip(self.judged_values()).map(|(n, v)| n * v).sum()
    }
    /// What [`Evaluate::eval_features`] are scaled by: 1, or for a game
    /// with tapered terms (middlegame and endgame weights) the phase's
    /// maximum, [`PHASE_MAX`](crate::engine::orthodox_eval::PHASE_MAX),
    /// times the endgame scale's,
    /// [`SCALE_MAX`](crate::engine::orthodox_eval::SCALE_MAX).
    const FEATURE_SCALE: i32 = 1;

    /// How often each term of the evaluation occurs, the side to move's
    /// count minus the opponent's, times [`Evaluate::FEATURE_SCALE`]
    /// (a tapered term's counts weighted by the phase and the endgame's by
    /// its scale):
    /// [`Evaluate::evaluate`] (positional) is the dot product of this with
    /// the weights divided by `FEATURE_SCALE`, rounded down. For fitting
    /// the weights.
    fn eval_features(&self) -> Vec<i32>;
}
