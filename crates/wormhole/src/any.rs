//! What a program holding a position of whichever game is in play does
//! with it, as the terminal app does: [`AnyPosition`]'s searches and
//! proofs on the game's own position, compiled for it
//! ([`AnyPosition::search`]), its material and its list of legal moves.
//!
//! The "any game" types themselves ([`GameKind`], [`AnyPosition`],
//! [`AnyMove`], ...) and their [`Rules`] are generated beside the list of
//! games in `games.rs`; a move of another game is refused there with an
//! [`OtherGameError`](crate::games::OtherGameError), never answered
//! silently.

use std::sync::atomic::AtomicBool;

use crate::core::{Board, Color, Role, Square};
use crate::engine::{Engine, Info, Limits, Proof, SearchResult, SearchThread, SolveLimits, SolveProgress};
use crate::games::{AnyMove, AnyPosition, GameFenError, GameKind, ListedGame, WithPosition};
use crate::rules::{GameMove, MoveSet, Rules};

/// Starts searching a position of any game on a new thread.
impl SearchThread<AnyMove> {
    /// Starts searching a position of any game on a new thread: the
    /// game's own search ([`AnyPosition::search`]), its moves reported as
    /// [`AnyMove`]s.
    pub fn spawn_any(engine: Engine, pos: AnyPosition, limits: Limits<AnyMove>) -> SearchThread<AnyMove> {
        SearchThread::start(engine, move |engine, stop, on_info| pos.search(engine, &limits, stop, on_info))
    }
}

/// [`AnyPosition`]'s legal moves, gathered from its game's own list.
impl MoveSet<AnyMove> for Vec<AnyMove> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn iter(&self) -> impl Iterator<Item = AnyMove> + '_ {
        self.as_slice().iter().copied()
    }
    fn contains(&self, m: AnyMove) -> bool {
        self.as_slice().contains(&m)
    }
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn new(kind: GameKind) -> AnyPosition {
        AnyPosition::from_fen(kind, kind.start_fen()).expect("every game's start FEN reads (tested)")
    }

    /// The position `fen` describes in the game it says it belongs to, or
    /// in `fallback` when it does not say or fits `fallback` as well
    /// ([`GameKind::detect_fen_or`]).
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind};
    /// let fairy = "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0";
    /// assert_eq!(AnyPosition::from_fen_auto(fairy, GameKind::Porthole).unwrap().kind(), GameKind::Fairy);
    /// let orthodox = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    /// assert_eq!(AnyPosition::from_fen_auto(orthodox, GameKind::Porthole).unwrap().kind(), GameKind::Porthole);
    /// ```
    pub fn from_fen_auto(fen: &str, fallback: GameKind) -> Result<AnyPosition, GameFenError> {
        AnyPosition::from_fen(GameKind::detect_fen_or(fen, fallback), fen)
    }

    /// The board the side to move plays ([`Rules::boards`] at
    /// [`Rules::board_to_play`]): its pieces (and the holes, in Wormhole
    /// chess). Squares of moves ([`GameMove::from`]) are on it.
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind, Rules};
    /// let two = AnyPosition::new(GameKind::Twoboard);
    /// assert_eq!((two.boards().len(), two.board_to_play()), (2, 0));
    /// let after = two.after(two.parse_move("A:e4").unwrap()).unwrap();
    /// assert_eq!(after.board_to_play(), 1, "Black plays board B");
    /// assert!(std::ptr::eq(after.played_board(), &after.boards()[1]));
    /// assert_eq!(AnyPosition::new(GameKind::Porthole).boards().len(), 1);
    /// ```
    pub fn played_board(&self) -> &Board {
        &self.boards()[self.board_to_play()]
    }

    /// The board and square of `color`'s king, if it stands on one.
    pub fn king(&self, color: Color) -> Option<(usize, Square)> {
        self.boards().iter().enumerate().find_map(|(i, b)| b.king_of(color).map(|k| (i, k)))
    }

    /// The legal moves of what stands on `sq`: the piece there, or on an
    /// empty square what else a move may move from there
    /// ([`GameMove::moves_piece`]; a portal under a piece is moved by its
    /// text, `Z@e5`).
    pub fn moves_from(&self, sq: Square) -> Vec<AnyMove> {
        let piece = self.played_board().piece_at(sq).is_some();
        self.legal_moves().into_iter().filter(|m| m.from() == sq && m.moves_piece() == piece).collect()
    }

    /// The role of the piece on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.played_board().piece_at(sq).map(|p| p.role)
    }

    /// Searches this position with `engine` ([`Engine::search`]): the
    /// game's own search, compiled for it, with its moves seen as
    /// [`AnyMove`]s (root moves of another game are left out).
    pub fn search(
        &self,
        engine: &mut Engine,
        limits: &Limits<AnyMove>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<AnyMove>),
    ) -> SearchResult<AnyMove> {
        self.with(Search { engine, limits, stop, on_info })
    }

    /// The material balance in centipawns by the game's fixed piece
    /// values ([`Evaluate::judged_values`](crate::rules::Evaluate::judged_values), not the
    /// engine's weights), from the side to move's point of view.
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind};
    /// assert_eq!(AnyPosition::new(GameKind::Linked).material(), 0);
    /// let up = AnyPosition::from_fen(GameKind::Porthole, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(up.material(), 500);
    /// ```
    pub fn material(&self) -> i32 {
        self.with(Material)
    }

    /// Whether `engine` at full strength runs the game's prover here
    /// ([`Engine::proves`]).
    pub fn engine_proves(&self, engine: &Engine) -> bool {
        self.with(Proves(engine))
    }

    /// Runs the game's prover on this position with `engine`
    /// ([`Engine::prove`]); `None` for a game without a prover.
    pub fn prove(&self, engine: &mut Engine, limits: &SolveLimits, stop: &AtomicBool) -> Option<Proof<AnyMove>> {
        self.prove_reporting(engine, limits, stop, &mut |_| {})
    }

    /// [`AnyPosition::prove`], calling `on_progress` about every second
    /// and once at the end ([`Engine::prove_reporting`]).
    pub fn prove_reporting(
        &self,
        engine: &mut Engine,
        limits: &SolveLimits,
        stop: &AtomicBool,
        on_progress: &mut (dyn FnMut(&SolveProgress) + Send),
    ) -> Option<Proof<AnyMove>> {
        self.with(ProveJob { engine, limits, stop, on_progress })
    }
}

/// [`AnyPosition::material`], asked of the game's own position.
struct Material;

impl WithPosition for Material {
    type Output = i32;

    fn run<P: ListedGame>(self, pos: P) -> i32 {
        crate::rules::Evaluate::judged_material(&pos)
    }
}

/// [`AnyPosition::engine_proves`], asked of the game's own position.
struct Proves<'a>(&'a Engine);

impl WithPosition for Proves<'_> {
    type Output = bool;

    fn run<P: ListedGame>(self, pos: P) -> bool {
        self.0.proves(&pos)
    }
}

/// A proof of [`AnyPosition::prove_reporting`], run on the game's own position.
struct ProveJob<'a> {
    engine: &'a mut Engine,
    limits: &'a SolveLimits,
    stop: &'a AtomicBool,
    on_progress: &'a mut (dyn FnMut(&SolveProgress) + Send),
}

impl WithPosition for ProveJob<'_> {
    type Output = Option<Proof<AnyMove>>;

    fn run<P: ListedGame>(self, pos: P) -> Option<Proof<AnyMove>> {
        let proof = self.engine.prove_reporting(&pos, self.limits, self.stop, self.on_progress)?;
        Some(proof.map_move(Into::into))
    }
}

/// A search of [`AnyPosition::search`], run on the game's own position.
struct Search<'a> {
    engine: &'a mut Engine,
    limits: &'a Limits<AnyMove>,
    stop: &'a AtomicBool,
    on_info: &'a mut dyn FnMut(&Info<AnyMove>),
}

impl WithPosition for Search<'_> {
    type Output = SearchResult<AnyMove>;

    fn run<P: ListedGame>(self, pos: P) -> SearchResult<AnyMove> {
        let limits = self.limits.map_moves(|&m| P::Move::try_from(m).ok());
        let on_info = self.on_info;
        let result = self.engine.search(&pos, &limits, self.stop, &mut |info| on_info(&info.map_moves(Into::into)));
        result.map_moves(Into::into)
    }
}
