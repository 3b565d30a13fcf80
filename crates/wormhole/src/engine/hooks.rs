//! What the engine asks of a game beyond its rules ([`SearchHooks`], sealed:
//! the search's internals), and [`Searchable`], every trait the engine
//! searches a game through. The game traits themselves ([`Rules`],
//! [`Evaluate`]) are the ground floor below the engine; each game
//! implements these hooks in its folder.

use super::levels::LevelColumn;
use super::pns::prove_in_slot;
use super::prove::Prover;
use super::see::{SeeValues, see_by_moves};
use crate::core::Role;
use crate::rules::{Evaluate, MoveBuffer, Rules};

/// The orthodox roles' values in the move order, by [`Role::index`]: pawn
/// 1, knight and bishop 3, rook 4, queen 7, king 9.
pub(crate) const ORTHODOX_CAPTURE_ORDER: [i32; Role::MAX] = [1, 3, 3, 4, 7, 9, 0, 0, 0];

/// What the search asks of a game beyond its rules: its null move, its
/// generator with the king safety it computes once per node, and its
/// prover. Sealed (only the games of this crate implement it): these are
/// the search's internals, not a public promise.
pub trait SearchHooks: Rules + sealed::Sealed {
    /// The list a search generates into ([`SearchHooks::generate`]).
    type SearchList: MoveBuffer<Self::Move>;
    /// What move generation works out about the mover's king before
    /// generating (computed once per node, see [`SearchHooks::king_safety`]).
    type Safety;

    /// Passes the turn without moving: a null move for search heuristics,
    /// never a legal move. Passing twice restores the position.
    fn pass(&mut self);
    /// Whether the search may try a null move ([`SearchHooks::pass`]) here:
    /// in a game with forced moves, passing where a move is forced is no
    /// fair test of the position. Every position, by default.
    fn may_pass(&self) -> bool {
        true
    }
    /// The number of pieces in play: on every board, and any lifted off
    /// one between two moves (Two-board's piece in transit). A capture
    /// lowers it for good and nothing raises it, so the search looks for a
    /// repetition only back to the last position with another count. Every
    /// board's pieces, by default.
    #[inline(always)]
    fn pieces_in_play(&self) -> u32 {
        self.boards().iter().map(|b| b.occupied().count()).sum()
    }
    /// What move generation works out about the king of the side to move.
    fn king_safety(&self) -> Self::Safety;
    /// Whether the side to move is in check, given its [`SearchHooks::Safety`].
    fn safety_in_check(safety: &Self::Safety) -> bool;
    /// Whether the side to move, not in check, surely has a legal move
    /// (a cheap test: `false` says nothing).
    fn surely_has_move(&self, safety: &Self::Safety) -> bool;
    /// Appends the legal moves (only those that capture when `captures`) to `list`.
    fn generate(&self, safety: &Self::Safety, list: &mut Self::SearchList, captures: bool);
    /// How much the search reduces late quiet moves: the reduction is
    /// about ln(depth) * ln(move number) / this (smaller reduces more).
    /// 2.25 by default: the value the engine has always used, kept for the
    /// games where a smaller one was not measured to gain (Porthole chess
    /// reduces more: see there).
    const LMR_DIVISOR: f64 = 2.25;
    /// How much a piece of each role counts in the move order, by
    /// [`Role::index`]: as a capture's victim most, then as a promotion,
    /// and least as the capturing piece. The orthodox values by default (a
    /// game with more roles gives its own).
    const CAPTURE_ORDER: [i32; Role::MAX] = ORTHODOX_CAPTURE_ORDER;
    /// The static exchange value of the legal capture `m` (see
    /// [`see`](super::see)): what the side to move wins by it once both
    /// sides have recaptured on its square for as long as it pays them,
    /// in `values` (by [`Role::index`]). `scratch` is a list the
    /// evaluation may generate into (its content is lost). By default
    /// built on the game's own legal captures and make/unmake
    /// ([`see_by_moves`]), so every game's geometry is respected; a game
    /// may give a faster one of its own that agrees with it.
    #[inline]
    fn see(&mut self, m: Self::Move, values: &SeeValues, scratch: &mut Self::SearchList) -> i32 {
        see_by_moves(self, m, values, scratch)
    }
    /// Whether the main search orders the captures that lose material by
    /// [`SearchHooks::see`] after the quiet moves (the game's default of
    /// [`Features::see_order`](super::Features::see_order)): off unless
    /// measured to gain in the game.
    const SEE_ORDER: bool = false;
    /// Whether the capture search skips the captures that lose material
    /// by [`SearchHooks::see`] (the game's default of
    /// [`Features::see_qsearch`](super::Features::see_qsearch)): off
    /// unless measured to gain in the game.
    const SEE_QSEARCH: bool = false;
    /// Whether captures are ordered by their history (the game's default
    /// of [`Features::capture_history`](super::Features::capture_history)):
    /// off unless measured to gain in the game.
    const CAPTURE_HISTORY: bool = false;
    /// Whether late-move reductions follow a quiet move's history (the
    /// game's default of [`Features::history_lmr`](super::Features::history_lmr)):
    /// off unless measured to gain in the game.
    const HISTORY_LMR: bool = false;
    /// Whether counter moves are ordered after the killers (the game's
    /// default of [`Features::counter_moves`](super::Features::counter_moves)):
    /// off unless measured to gain in the game.
    const COUNTER_MOVES: bool = false;
    /// Whether quiet moves are ordered by their continuation history too
    /// (the game's default of
    /// [`Features::continuation_history`](super::Features::continuation_history)):
    /// off unless measured to gain in the game.
    const CONTINUATION_HISTORY: bool = false;
    /// Whether a singular table move is searched a ply deeper (the game's
    /// default of [`Features::singular`](super::Features::singular)): off
    /// unless measured to gain in the game.
    const SINGULAR: bool = false;
    /// Whether the search tries a null move ([`SearchHooks::pass`]) to
    /// cut a node far enough above beta (the game's default of
    /// [`Features::null_move`](super::Features::null_move)): off unless
    /// measured to gain in the game, and never where passing tells too
    /// little (Wormhole chess, where zugzwang is everywhere).
    const NULL_MOVE: bool = false;
    /// Whether the pruning near the leaves reaches as deep as a modern
    /// chess engine's, following whether the position improves (the
    /// game's default of [`Features::deep_pruning`](super::Features::deep_pruning),
    /// the margins in `engine/negamax.rs`): off unless measured to gain in the game.
    const DEEP_PRUNING: bool = false;
    /// Whether the moves losing material by [`SearchHooks::see`] beyond a
    /// margin growing with the depth are skipped near the leaves (the
    /// game's default of [`Features::see_prune`](super::Features::see_prune),
    /// the margins in `engine/prune.rs`): off unless measured to gain in
    /// the game (each quiet move's exchange is played out).
    const SEE_PRUNE: bool = false;
    /// Whether the static evaluation is corrected by the pawn structure's
    /// history (the game's default of [`Features::correction`](super::Features::correction),
    /// `engine/correction.rs`): off unless measured to gain in the game.
    const CORRECTION: bool = false;
    /// Whether the correction history has tables by each side's pieces
    /// other than pawns too (the game's default of
    /// [`Features::correction_pieces`](super::Features::correction_pieces)):
    /// off unless measured to gain in the game.
    const CORRECTION_PIECES: bool = false;
    /// Whether the correction history has a table by the previous move
    /// too (the game's default of
    /// [`Features::correction_previous`](super::Features::correction_previous)):
    /// off unless measured to gain in the game.
    const CORRECTION_PREVIOUS: bool = false;
    /// The game's prover: the engine runs it beside or after its
    /// alpha-beta search. By default the proof-number search over these
    /// traits, which every game gets ([`prove_in_slot`], draws respected);
    /// a game with a prover of its own implements [`Prove`](super::Prove) and sets
    /// `Some(<Self as Prove>::prove_sharing)`; `None` would leave the game
    /// unproved.
    const PROVER: Option<Prover<Self>> = Some(prove_in_slot::<Self>);
    /// Whether, on one thread with a time limit, the engine at full
    /// strength leaves part of the move's time to the prover after its
    /// alpha-beta search (the search then starts no iteration past half the
    /// time). A game whose search finds its mates itself, as in chess,
    /// says no: the search takes the whole of a fixed move time.
    const PROVE_AFTER_SEARCH: bool = true;
    /// The first move (as the FEN counts them) from which the engine at
    /// full strength runs the game's prover ([`SearchHooks::PROVER`]) in
    /// play and review, where a game would rather keep its opening's
    /// threads for the alpha-beta search. From the first move by default.
    fn proof_from_move(&self) -> u32 {
        1
    }
    /// What each strength level allows the search in this game (the
    /// column in its folder's `GameInfo`).
    fn levels(&self) -> &'static LevelColumn;
}

pub(crate) mod sealed {
    /// Seals [`SearchHooks`](super::SearchHooks): implemented by the games of this crate only.
    pub trait Sealed {}
}

/// A game the engine can search: its [`Rules`], [`Evaluate`] and
/// [`SearchHooks`]. Every game of the list in `games.rs` is one.
pub trait Searchable: SearchHooks + Evaluate {}

impl<P: SearchHooks + Evaluate> Searchable for P {}
