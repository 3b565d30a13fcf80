//! A position or move of whichever game is in play, for a program that
//! lets its user choose the game ([`GameKind`]) and holds one game at a
//! time, as the terminal app does. Each method answers with the game's own
//! rules; the engine searches the game's own position, compiled for it
//! ([`AnyPosition::with`]).

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::engine::{Engine, Info, Limits, SearchResult};
use crate::rules::{GameOutcome, MoveSet, Rules};
use crate::{
    Bitboard, Board, Color, GameFenError, GameKind, Move, MoveError, Outcome, Piece, Position, Role, Square,
    WithPosition, porthole, twoboard,
};

/// A move of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A move of Wormhole chess.
    Wormhole(Move),
    /// A move of Porthole chess.
    Porthole(porthole::Move),
    /// A move of Two-board portal chess.
    Twoboard(twoboard::Move),
}

impl AnyMove {
    /// The square the piece leaves.
    pub fn from(self) -> Square {
        match self {
            AnyMove::Wormhole(m) => m.from(),
            AnyMove::Porthole(m) => m.from(),
            AnyMove::Twoboard(m) => m.from(),
        }
    }

    /// The square the piece ends on (a porthole move's exit).
    pub fn to(self) -> Square {
        match self {
            AnyMove::Wormhole(m) => m.to(),
            AnyMove::Porthole(m) => m.to(),
            AnyMove::Twoboard(m) => m.to(),
        }
    }

    /// The porthole a porthole move enters.
    pub fn entry(self) -> Option<Square> {
        match self {
            AnyMove::Wormhole(_) | AnyMove::Twoboard(_) => None,
            AnyMove::Porthole(m) => m.entry(),
        }
    }

    /// The role a pawn promotes to, if this is a promotion.
    pub fn promotion(self) -> Option<Role> {
        match self {
            AnyMove::Wormhole(m) => m.promotion(),
            AnyMove::Porthole(m) => m.promotion(),
            AnyMove::Twoboard(m) => m.promotion(),
        }
    }
}

impl From<Move> for AnyMove {
    fn from(m: Move) -> AnyMove {
        AnyMove::Wormhole(m)
    }
}

impl From<porthole::Move> for AnyMove {
    fn from(m: porthole::Move) -> AnyMove {
        AnyMove::Porthole(m)
    }
}

impl From<twoboard::Move> for AnyMove {
    fn from(m: twoboard::Move) -> AnyMove {
        AnyMove::Twoboard(m)
    }
}

/// A move of another game than the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is a move of another game")]
pub struct WrongGameMove(pub AnyMove);

impl TryFrom<AnyMove> for Move {
    type Error = WrongGameMove;
    fn try_from(m: AnyMove) -> Result<Move, WrongGameMove> {
        match m {
            AnyMove::Wormhole(m) => Ok(m),
            other => Err(WrongGameMove(other)),
        }
    }
}

impl TryFrom<AnyMove> for porthole::Move {
    type Error = WrongGameMove;
    fn try_from(m: AnyMove) -> Result<porthole::Move, WrongGameMove> {
        match m {
            AnyMove::Porthole(m) => Ok(m),
            other => Err(WrongGameMove(other)),
        }
    }
}

impl TryFrom<AnyMove> for twoboard::Move {
    type Error = WrongGameMove;
    fn try_from(m: AnyMove) -> Result<twoboard::Move, WrongGameMove> {
        match m {
            AnyMove::Twoboard(m) => Ok(m),
            other => Err(WrongGameMove(other)),
        }
    }
}

/// The coordinate form of the game's move (`e2e4`, `g1h1d4`).
impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Wormhole(m) => m.fmt(f),
            AnyMove::Porthole(m) => m.fmt(f),
            AnyMove::Twoboard(m) => m.fmt(f),
        }
    }
}

/// How a game of either kind ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyOutcome {
    /// Wormhole chess: the side to move had no legal move.
    Wormhole(Outcome),
    /// Porthole chess: checkmate, or a draw with its reason.
    Porthole(porthole::Outcome),
    /// Two-board portal chess: checkmate, or a draw with its reason.
    Twoboard(twoboard::Outcome),
}

impl GameOutcome for AnyOutcome {
    fn winner(self) -> Option<Color> {
        match self {
            AnyOutcome::Wormhole(o) => GameOutcome::winner(o),
            AnyOutcome::Porthole(o) => GameOutcome::winner(o),
            AnyOutcome::Twoboard(o) => GameOutcome::winner(o),
        }
    }
}

/// The game's own sentence: "White wins by checkmate", "draw by threefold repetition".
impl fmt::Display for AnyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyOutcome::Wormhole(o) => o.fmt(f),
            AnyOutcome::Porthole(o) => o.fmt(f),
            AnyOutcome::Twoboard(o) => o.fmt(f),
        }
    }
}

/// Why a typed move was refused, in either game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnyMoveError {
    /// Wormhole chess's reason.
    #[error(transparent)]
    Wormhole(#[from] MoveError),
    /// Porthole chess's reason.
    #[error(transparent)]
    Porthole(#[from] porthole::MoveError),
    /// Two-board portal chess's reason.
    #[error(transparent)]
    Twoboard(#[from] twoboard::MoveError),
}

/// A move given to a position of the other game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is a move of another game than {kind}")]
pub struct OtherGameError {
    /// The move.
    pub mv: AnyMove,
    /// The position's game.
    pub kind: GameKind,
}

/// A position of either game.
///
/// ```
/// use wormhole::{AnyPosition, GameKind};
/// let mut pos = AnyPosition::new(GameKind::Porthole);
/// for text in ["f3", "e5", "fg4>c4"] {
///     let m = pos.parse_move(text).unwrap();
///     pos.play(m).unwrap();
/// }
/// assert_eq!(pos.tokens().unwrap().to_string(), "b5,c5,f5,g5,b4,c4,f4,f3");
/// assert_eq!(pos.kind(), GameKind::Porthole);
/// let classic = AnyPosition::new(GameKind::Classic);
/// assert_eq!(classic.legal_moves().len(), 29);
/// assert!(classic.tokens().is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyPosition {
    /// A Wormhole chess position (either piece set).
    Wormhole(Position),
    /// A Porthole chess position.
    Porthole(porthole::Position),
    /// A Two-board portal chess position (its board is the board to play).
    Twoboard(twoboard::Position),
}

/// Calls the same method on whichever position `$pos` holds.
macro_rules! each {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            AnyPosition::Wormhole($p) => $body,
            AnyPosition::Porthole($p) => $body,
            AnyPosition::Twoboard($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The start position of `kind`.
    pub fn new(kind: GameKind) -> AnyPosition {
        match (kind, kind.variant()) {
            (_, Some(variant)) => AnyPosition::Wormhole(Position::new(variant)),
            (GameKind::Twoboard, None) => AnyPosition::Twoboard(twoboard::Position::new()),
            (_, None) => AnyPosition::Porthole(porthole::Position::new()),
        }
    }

    /// The position `fen` describes in the game `kind`.
    pub fn from_fen(kind: GameKind, fen: &str) -> Result<AnyPosition, GameFenError> {
        Ok(match (kind, kind.variant()) {
            (_, Some(variant)) => AnyPosition::Wormhole(Position::from_fen(fen, variant)?),
            (GameKind::Twoboard, None) => AnyPosition::Twoboard(twoboard::Position::from_fen(fen)?),
            (_, None) => AnyPosition::Porthole(porthole::Position::from_fen(fen)?),
        })
    }

    /// The position `fen` describes in the game it says it belongs to
    /// ([`GameKind::detect_fen`]), or in `fallback` when it does not say.
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind};
    /// let fairy = "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0";
    /// assert_eq!(AnyPosition::from_fen_auto(fairy, GameKind::Porthole).unwrap().kind(), GameKind::Fairy);
    /// let orthodox = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    /// assert_eq!(AnyPosition::from_fen_auto(orthodox, GameKind::Porthole).unwrap().kind(), GameKind::Porthole);
    /// ```
    pub fn from_fen_auto(fen: &str, fallback: GameKind) -> Result<AnyPosition, GameFenError> {
        AnyPosition::from_fen(GameKind::detect_fen(fen).unwrap_or(fallback), fen)
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Wormhole(p) => p.variant().game(),
            AnyPosition::Porthole(_) => GameKind::Porthole,
            AnyPosition::Twoboard(_) => GameKind::Twoboard,
        }
    }

    /// Runs `job` with the game's own position (a copy).
    pub fn with<J: WithPosition>(&self, job: J) -> J::Output {
        each!(self, p => job.run(p.clone()))
    }

    /// The FEN of the game.
    pub fn fen(&self) -> String {
        each!(self, p => p.fen())
    }

    /// The pieces (and the holes, in Wormhole chess; the board to play, in
    /// Two-board portal chess).
    pub fn board(&self) -> &Board {
        each!(self, p => Rules::board(p))
    }

    /// The holes (Wormhole chess; none in Porthole chess).
    pub fn holes(&self) -> Bitboard {
        self.board().holes()
    }

    /// The portholes, in Porthole chess.
    pub fn tokens(&self) -> Option<&porthole::Tokens> {
        match self {
            AnyPosition::Wormhole(_) | AnyPosition::Twoboard(_) => None,
            AnyPosition::Porthole(p) => Some(p.tokens()),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// The move number, as PGN counts it.
    pub fn move_number(&self) -> u32 {
        each!(self, p => p.move_number())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        each!(self, p => p.is_check())
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::Wormhole(p) => MoveSet::iter(&p.legal_moves()).map(AnyMove::Wormhole).collect(),
            AnyPosition::Porthole(p) => p.legal_moves().iter().map(AnyMove::Porthole).collect(),
            AnyPosition::Twoboard(p) => p.legal_moves().iter().map(AnyMove::Twoboard).collect(),
        }
    }

    /// The porthole moves grouped by piece and entry (none in Wormhole chess).
    pub fn porthole_groups(&self) -> Vec<porthole::PortholeGroup> {
        match self {
            AnyPosition::Wormhole(_) | AnyPosition::Twoboard(_) => Vec::new(),
            AnyPosition::Porthole(p) => p.legal_moves().porthole_groups().collect(),
        }
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: AnyMove) -> bool {
        match (self, m) {
            (AnyPosition::Wormhole(p), AnyMove::Wormhole(m)) => p.is_legal(m),
            (AnyPosition::Porthole(p), AnyMove::Porthole(m)) => p.is_legal(m),
            (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) => p.is_legal(m),
            _ => false,
        }
    }

    /// The legal move `text` names (SAN, a long form or coordinates).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError> {
        Ok(match self {
            AnyPosition::Wormhole(p) => p.parse_move(text)?.into(),
            AnyPosition::Porthole(p) => p.parse_move(text)?.into(),
            AnyPosition::Twoboard(p) => p.parse_move(text)?.into(),
        })
    }

    /// The SAN of a legal move (its coordinates if it is not one of this game).
    pub fn san(&self, m: AnyMove) -> String {
        match (self, m) {
            (AnyPosition::Wormhole(p), AnyMove::Wormhole(m)) => p.san(m),
            (AnyPosition::Porthole(p), AnyMove::Porthole(m)) => p.san(m),
            (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) => p.san(m),
            _ => m.to_string(),
        }
    }

    /// Every legal move with its SAN.
    pub fn san_moves(&self) -> Vec<(AnyMove, String)> {
        match self {
            AnyPosition::Wormhole(p) => p.san_moves().into_iter().map(|(m, san)| (m.into(), san)).collect(),
            AnyPosition::Porthole(p) => p.legal_moves().iter().map(|m| (m.into(), p.san(m))).collect(),
            AnyPosition::Twoboard(p) => p.legal_moves().iter().map(|m| (m.into(), p.san(m))).collect(),
        }
    }

    /// The piece `m` would capture, if any.
    pub fn captured_by(&self, m: AnyMove) -> Option<Piece> {
        match (self, m) {
            (AnyPosition::Wormhole(p), AnyMove::Wormhole(m)) => p.captured_by(m),
            (AnyPosition::Porthole(p), AnyMove::Porthole(m)) => p.captured_by(m),
            (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) => p.captured_by(m),
            _ => None,
        }
    }

    /// Where the piece on `sq` could go on its side's turn, its own king's
    /// safety left aside (for showing how it moves): the squares it moves
    /// to and the portholes it can enter. Empty without a piece there.
    pub fn reach(&self, sq: Square) -> Bitboard {
        match self {
            AnyPosition::Wormhole(p) => crate::attacks::reach(p.board(), sq),
            AnyPosition::Porthole(p) => {
                let Some(piece) = p.board().piece_at(sq) else { return Bitboard::EMPTY };
                let mut on_turn = p.clone();
                if piece.color != p.turn() {
                    Rules::pass(&mut on_turn);
                }
                let moves = on_turn.pseudo_legal_moves();
                moves
                    .iter()
                    .filter(|m| m.from() == sq)
                    .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.entry().unwrap_or(m.to())))
            }
            AnyPosition::Twoboard(p) => p.reach(sq),
        }
    }

    /// The role of the piece on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.board().piece_at(sq).map(|p| p.role)
    }

    /// Plays a legal move of this game.
    pub fn play(&mut self, m: AnyMove) -> Result<(), OtherGameError> {
        let kind = self.kind();
        match (self, m) {
            (AnyPosition::Wormhole(p), AnyMove::Wormhole(m)) if p.is_legal(m) => drop(p.play_unchecked(m)),
            (AnyPosition::Porthole(p), AnyMove::Porthole(m)) if p.is_legal(m) => drop(p.play_unchecked(m)),
            (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) if p.is_legal(m) => drop(p.play_unchecked(m)),
            _ => return Err(OtherGameError { mv: m, kind }),
        }
        Ok(())
    }

    /// A copy after the legal move `m` (unchanged if `m` is not legal here).
    pub fn after(&self, m: AnyMove) -> AnyPosition {
        let mut next = self.clone();
        let _ = next.play(m);
        next
    }

    /// The result if the game is over here; `earlier` holds the hashes of
    /// the positions the game went through before (for repetition).
    pub fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome> {
        match self {
            AnyPosition::Wormhole(p) => Rules::outcome(p, earlier).map(AnyOutcome::Wormhole),
            AnyPosition::Porthole(p) => Rules::outcome(p, earlier).map(AnyOutcome::Porthole),
            AnyPosition::Twoboard(p) => Rules::outcome(p, earlier).map(AnyOutcome::Twoboard),
        }
    }
}

impl AnyPosition {
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

    fn run<P: Rules>(self, pos: P) -> SearchResult<AnyMove> {
        let limits = self.limits.map_moves(|&m| P::Move::try_from(m).ok());
        let on_info = self.on_info;
        let result = self.engine.search(&pos, &limits, self.stop, &mut |info| on_info(&info.map_moves(Into::into)));
        result.map_moves(Into::into)
    }
}

impl From<Position> for AnyPosition {
    fn from(p: Position) -> AnyPosition {
        AnyPosition::Wormhole(p)
    }
}

impl From<porthole::Position> for AnyPosition {
    fn from(p: porthole::Position) -> AnyPosition {
        AnyPosition::Porthole(p)
    }
}

impl From<twoboard::Position> for AnyPosition {
    fn from(p: twoboard::Position) -> AnyPosition {
        AnyPosition::Twoboard(p)
    }
}
