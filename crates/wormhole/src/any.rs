//! A position or move of whichever game is in play, for a program that
//! lets its user choose the game ([`GameKind`]) and holds one game at a
//! time, as the terminal app does.
//!
//! One list of games ([`games!`](crate::games) in `games.rs`) generates
//! everything here that names each game: [`GameKind`] and [`GAMES`],
//! [`AnyMove`], [`AnyOutcome`], [`AnyMoveError`], [`GameFenError`],
//! [`AnyPosition`] and the visitor dispatch ([`GameKind::with_position`],
//! [`AnyPosition::with`]). Every other method of [`AnyPosition`] is written
//! once, for any game, in the object-safe [`DynPosition`] that every
//! [`Rules`] implements; the engine searches the game's own position,
//! compiled for it. A move of another game is refused with an
//! [`OtherGameError`], never answered silently.

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::engine::{Engine, Info, Limits, Proof, SearchResult, SolveLimits, SolveProgress};
use crate::rules::{GameMove, MoveSet, Rules, Searchable};
use crate::{
    AnyMove, AnyMoveError, AnyOutcome, AnyPosition, Bitboard, Board, Color, GameFenError, GameKind, Piece, Role,
    Square, WithPosition,
};

/// Generates, from the one list of games in `games.rs`, the types and
/// dispatch that name every game: each game is its position type (which
/// implements [`Rules`]) with the kinds ([`GameKind`]s) it plays, each kind
/// with its [`GameInfo`](crate::GameInfo) line.
macro_rules! games {
    ($(
        $(#[$gdoc:meta])*
        $game:ident($title:literal): $pos:ty {
            $( $(#[$kdoc:meta])* $kind:ident: $info:expr, )+
        }
    )+) => {
        /// Which game to play.
        ///
        /// ```
        /// use wormhole::GameKind;
        /// let kind: GameKind = "porthole".parse().unwrap();
        /// assert_eq!(kind.pgn_name(), "Porthole");
        /// assert_eq!(GameKind::from_pgn_tag("Wormhole fairy"), Some(GameKind::Fairy));
        /// // A FEN says which game it is when it can.
        /// assert_eq!(GameKind::detect_fen(GameKind::Porthole.start_fen()), Some(GameKind::Porthole));
        /// assert_eq!(GameKind::detect_fen("cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0"), Some(GameKind::Fairy));
        /// assert_eq!(
        ///     "chess".parse::<GameKind>().unwrap_err().to_string(),
        ///     "unknown variant 'chess' (expected 'classic', 'fairy', 'porthole', 'linked' or 'twoboard')"
        /// );
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $( $( $(#[$kdoc])* $kind, )+ )+
        }

        /// How many games [`GAMES`] lists.
        const GAME_COUNT: usize = [$( $( stringify!($kind), )+ )+].len();

        /// Every game, in the order menus list them: each game's line is
        /// defined in its folder.
        pub const GAMES: [$crate::GameInfo; GAME_COUNT] = [$( $( $info, )+ )+];

        impl GameKind {
            /// Every game, in the order of [`GAMES`].
            pub const ALL: [GameKind; GAME_COUNT] = [$( $( GameKind::$kind, )+ )+];

            /// Runs `job` with the position `fen` describes (the start
            /// position when `None`) in this game: `job` is compiled once
            /// per game.
            pub fn with_position<J: $crate::WithPosition>(self, fen: Option<&str>, job: J) -> Result<J::Output, GameFenError> {
                let fen = fen.unwrap_or(self.start_fen());
                Ok(match self {
                    $( $( GameKind::$kind )|+ => job.run(<$pos as $crate::rules::Rules>::from_fen_in(self, fen)?), )+
                })
            }

            /// Whether `self` and `other` are played by the same rules (the
            /// same position type: the piece sets of Wormhole chess).
            pub fn same_rules(self, other: GameKind) -> bool {
                self.rules_index() == other.rules_index()
            }

            fn rules_index(self) -> usize {
                let mut index = 0;
                $(
                    if matches!(self, $( GameKind::$kind )|+) {
                        return index;
                    }
                    index += 1;
                )+
                index
            }
        }

        /// A move of any game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyMove {
            $( #[doc = concat!("A move of ", $title, ".")] $game(<$pos as $crate::rules::Rules>::Move), )+
        }

        impl AnyMove {
            pub(crate) fn inner(&self) -> &dyn $crate::any::DynMove {
                match self {
                    $( AnyMove::$game(m) => m, )+
                }
            }
        }

        $(
            impl From<<$pos as $crate::rules::Rules>::Move> for AnyMove {
                fn from(m: <$pos as $crate::rules::Rules>::Move) -> AnyMove {
                    AnyMove::$game(m)
                }
            }

            impl TryFrom<AnyMove> for <$pos as $crate::rules::Rules>::Move {
                type Error = $crate::WrongGameMove;
                fn try_from(m: AnyMove) -> Result<Self, $crate::WrongGameMove> {
                    match m {
                        AnyMove::$game(m) => Ok(m),
                        #[allow(unreachable_patterns)]
                        other => Err($crate::WrongGameMove(other)),
                    }
                }
            }
        )+

        /// How a game of any kind ended.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyOutcome {
            $( #[doc = concat!("How a game of ", $title, " ended.")] $game(<$pos as $crate::rules::Rules>::Outcome), )+
        }

        impl AnyOutcome {
            pub(crate) fn inner(&self) -> &dyn $crate::any::DynOutcome {
                match self {
                    $( AnyOutcome::$game(o) => o, )+
                }
            }
        }

        $(
            impl $crate::any::OutcomeOf for $pos {
                fn any_outcome(o: <$pos as $crate::rules::Rules>::Outcome) -> AnyOutcome {
                    AnyOutcome::$game(o)
                }
            }
        )+

        /// Why a typed move was refused, in any game.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum AnyMoveError {
            $(
                #[doc = concat!($title, "'s reason.")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::MoveError),
            )+
        }

        impl AnyMoveError {
            /// What is wrong with the text when it is no move at all (in
            /// any notation), as opposed to a move that is not legal here.
            pub fn syntax_problem(&self) -> Option<&dyn std::error::Error> {
                match self {
                    $( AnyMoveError::$game(e) => $crate::rules::MoveTextError::syntax_problem(e), )+
                }
            }
        }

        /// A FEN of the chosen game that could not be read.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum GameFenError {
            $(
                #[doc = concat!("A FEN of ", $title, ".")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::FenError),
            )+
        }

        /// A position of any game.
        ///
        /// ```
        /// use wormhole::{AnyPosition, GameKind};
        /// let mut pos = AnyPosition::new(GameKind::Porthole);
        /// for text in ["f3", "e5", "fg4>c4"] {
        ///     let m = pos.parse_move(text).unwrap();
        ///     pos.play(m).unwrap();
        /// }
        /// assert!(pos.fen().ends_with(" b5,c5,f5,g5,b4,c4,f4,f3"), "a token moved to f3");
        /// assert_eq!(pos.kind(), GameKind::Porthole);
        /// let classic = AnyPosition::new(GameKind::Classic);
        /// assert_eq!(classic.legal_moves().len(), 29);
        /// // A move of another game is refused, with the move and the game.
        /// let e4 = classic.parse_move("e4").unwrap();
        /// assert_eq!(pos.san(e4).unwrap_err().to_string(), "e2e4 is a move of another game than porthole");
        /// ```
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyPosition {
            $( $(#[$gdoc])* $game($pos), )+
        }

        impl AnyPosition {
            /// The position `fen` describes in the game `kind`.
            pub fn from_fen(kind: GameKind, fen: &str) -> Result<AnyPosition, GameFenError> {
                Ok(match kind {
                    $( $( GameKind::$kind )|+ => AnyPosition::$game(<$pos as $crate::rules::Rules>::from_fen_in(kind, fen)?), )+
                })
            }

            /// Runs `job` with the game's own position (a copy).
            pub fn with<J: $crate::WithPosition>(&self, job: J) -> J::Output {
                match self {
                    $( AnyPosition::$game(p) => job.run(p.clone()), )+
                }
            }

            pub(crate) fn inner(&self) -> &dyn $crate::any::DynPosition {
                match self {
                    $( AnyPosition::$game(p) => p, )+
                }
            }

            pub(crate) fn inner_mut(&mut self) -> &mut dyn $crate::any::DynPosition {
                match self {
                    $( AnyPosition::$game(p) => p, )+
                }
            }
        }

        $(
            impl From<$pos> for AnyPosition {
                fn from(p: $pos) -> AnyPosition {
                    AnyPosition::$game(p)
                }
            }
        )+

        /// The game's [`Facts`](crate::facts::Facts), for a position of any game.
        impl AnyPosition {
            /// The marks on the position's boards ([`Facts::marks`](crate::facts::Facts::marks)).
            pub fn marks(&self) -> Vec<$crate::facts::Mark> {
                match self {
                    $( AnyPosition::$game(p) => $crate::facts::Facts::marks(p), )+
                }
            }

            /// The move the rules force, if any ([`Facts::forced_move`](crate::facts::Facts::forced_move)).
            pub fn forced_move(&self) -> Option<$crate::facts::Forced<AnyMove>> {
                match self {
                    $( AnyPosition::$game(p) => $crate::facts::Facts::forced_move(p).map(|f| f.map(AnyMove::$game)), )+
                }
            }

            /// A warning before the move `m` ([`Facts::warning`](crate::facts::Facts::warning));
            /// none for a move of another game.
            pub fn warning(&self, m: AnyMove) -> Option<String> {
                match (self, m) {
                    $( (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::warning(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// The piece the move `m` carries along ([`Facts::carried`](crate::facts::Facts::carried));
            /// none for a move of another game.
            pub fn carried(&self, m: AnyMove) -> Option<$crate::facts::Carried> {
                match (self, m) {
                    $( (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::carried(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use games;

/// What [`AnyMove`] asks of each game's move, once for every game.
pub(crate) trait DynMove {
    fn from(&self) -> Square;
    fn to(&self) -> Square;
    fn entry(&self) -> Option<Square>;
    fn moves_piece(&self) -> bool;
    fn board(&self) -> usize;
    fn promotion(&self) -> Option<Role>;
    fn display(&self) -> &dyn fmt::Display;
}

impl<M: GameMove> DynMove for M {
    fn from(&self) -> Square {
        GameMove::from(*self)
    }
    fn to(&self) -> Square {
        GameMove::to(*self)
    }
    fn entry(&self) -> Option<Square> {
        GameMove::entry(*self)
    }
    fn moves_piece(&self) -> bool {
        GameMove::moves_piece(*self)
    }
    fn board(&self) -> usize {
        GameMove::board(*self)
    }
    fn promotion(&self) -> Option<Role> {
        GameMove::promotion(*self)
    }
    fn display(&self) -> &dyn fmt::Display {
        self
    }
}

impl AnyMove {
    /// The square the piece leaves.
    pub fn from(self) -> Square {
        self.inner().from()
    }

    /// The square the piece ends on (a porthole move's exit).
    pub fn to(self) -> Square {
        self.inner().to()
    }

    /// The porthole a porthole move enters.
    pub fn entry(self) -> Option<Square> {
        self.inner().entry()
    }

    /// Whether this moves the piece on [`AnyMove::from`] (rather than, say,
    /// a portal: [`GameMove::moves_piece`]).
    pub fn moves_piece(self) -> bool {
        self.inner().moves_piece()
    }

    /// The board the move is played on, an index into
    /// [`AnyPosition::boards`] (0 in a one-board game).
    pub fn board(self) -> usize {
        self.inner().board()
    }

    /// The role a pawn promotes to, if this is a promotion.
    pub fn promotion(self) -> Option<Role> {
        self.inner().promotion()
    }
}

/// The coordinate form of the game's move (`e2e4`, `g1h1d4`).
impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner().display().fmt(f)
    }
}

/// A move of another game than the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is a move of another game")]
pub struct WrongGameMove(pub AnyMove);

/// A game's outcome as [`AnyOutcome`], known by the game's position (the
/// orthodox games share one outcome type).
pub(crate) trait OutcomeOf: Rules {
    fn any_outcome(o: Self::Outcome) -> AnyOutcome;
}

/// What [`AnyOutcome`] asks of each game's outcome.
pub(crate) trait DynOutcome {
    fn winner(&self) -> Option<Color>;
    fn display(&self) -> &dyn fmt::Display;
}

impl<O: crate::rules::GameOutcome> DynOutcome for O {
    fn winner(&self) -> Option<Color> {
        O::winner(*self)
    }
    fn display(&self) -> &dyn fmt::Display {
        self
    }
}

impl crate::rules::GameOutcome for AnyOutcome {
    fn winner(self) -> Option<Color> {
        self.inner().winner()
    }
}

/// The game's own sentence: "White wins by checkmate", "draw by threefold repetition".
impl fmt::Display for AnyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner().display().fmt(f)
    }
}

/// A move given to a position of another game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is a move of another game than {kind}")]
pub struct OtherGameError {
    /// The move.
    pub mv: AnyMove,
    /// The position's game.
    pub kind: GameKind,
}

/// Why [`AnyPosition::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is one of another game.
    #[error(transparent)]
    OtherGame(#[from] OtherGameError),
    /// The move is of this game but not legal in this position.
    #[error("{mv} is not a legal move in {fen}")]
    Illegal {
        /// The move.
        mv: AnyMove,
        /// The position, as a FEN of its game.
        fen: String,
    },
}

/// What [`AnyPosition`] asks of each game's position: written once, for
/// every game that implements [`Rules`] and is in the list of games.
pub(crate) trait DynPosition {
    fn kind(&self) -> GameKind;
    fn fen(&self) -> String;
    fn boards(&self) -> &[Board];
    fn board_to_play(&self) -> usize;
    fn turn(&self) -> Color;
    fn hash(&self) -> u64;
    fn move_number(&self) -> u32;
    fn is_check(&self) -> bool;
    fn legal_moves(&self) -> Vec<AnyMove>;
    fn is_legal(&self, m: AnyMove) -> Result<bool, OtherGameError>;
    fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError>;
    fn play_text(&mut self, text: &str) -> Result<AnyMove, AnyMoveError>;
    fn san(&self, m: AnyMove) -> Result<String, OtherGameError>;
    fn san_moves(&self) -> Vec<(AnyMove, String)>;
    fn captured_by(&self, m: AnyMove) -> Result<Option<Piece>, OtherGameError>;
    fn reach(&self, sq: Square) -> Bitboard;
    fn play(&mut self, m: AnyMove) -> Result<(), PlayError>;
    fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome>;
}

impl<P: OutcomeOf> DynPosition for P
where
    P::Move: Into<AnyMove> + TryFrom<AnyMove>,
    P::MoveError: Into<AnyMoveError>,
{
    fn kind(&self) -> GameKind {
        Rules::kind(self)
    }
    fn fen(&self) -> String {
        Rules::fen(self)
    }
    fn boards(&self) -> &[Board] {
        Rules::boards(self)
    }
    fn board_to_play(&self) -> usize {
        Rules::board_to_play(self)
    }
    fn turn(&self) -> Color {
        Rules::turn(self)
    }
    fn hash(&self) -> u64 {
        Rules::hash(self)
    }
    fn move_number(&self) -> u32 {
        Rules::move_number(self)
    }
    fn is_check(&self) -> bool {
        Rules::is_check(self)
    }
    fn legal_moves(&self) -> Vec<AnyMove> {
        Rules::legal_moves(self).iter().map(Into::into).collect()
    }
    fn is_legal(&self, m: AnyMove) -> Result<bool, OtherGameError> {
        Ok(Rules::legal_moves(self).contains(own_move(self, m)?))
    }
    fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError> {
        Rules::parse_move(self, text).map(Into::into).map_err(Into::into)
    }
    fn play_text(&mut self, text: &str) -> Result<AnyMove, AnyMoveError> {
        let m = Rules::parse_move(self, text).map_err(Into::into)?;
        Rules::play_unchecked(self, m);
        Ok(m.into())
    }
    fn san(&self, m: AnyMove) -> Result<String, OtherGameError> {
        Ok(Rules::san(self, own_move(self, m)?))
    }
    fn san_moves(&self) -> Vec<(AnyMove, String)> {
        Rules::san_moves(self).into_iter().map(|(m, san)| (m.into(), san)).collect()
    }
    fn captured_by(&self, m: AnyMove) -> Result<Option<Piece>, OtherGameError> {
        Ok(Rules::captured_by(self, own_move(self, m)?))
    }
    fn reach(&self, sq: Square) -> Bitboard {
        Rules::reach(self, sq)
    }
    fn play(&mut self, m: AnyMove) -> Result<(), PlayError> {
        let own = own_move(self, m)?;
        if !Rules::legal_moves(self).contains(own) {
            return Err(PlayError::Illegal { mv: m, fen: Rules::fen(self) });
        }
        Rules::play_unchecked(self, own);
        Ok(())
    }
    fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome> {
        Rules::outcome(self, earlier).map(P::any_outcome)
    }
}

/// `m` as a move of `pos`'s game, or the error that says it is another game's.
fn own_move<P: Rules>(pos: &P, m: AnyMove) -> Result<P::Move, OtherGameError>
where
    P::Move: TryFrom<AnyMove>,
{
    P::Move::try_from(m).map_err(|_| OtherGameError { mv: m, kind: pos.kind() })
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

    /// The game.
    pub fn kind(&self) -> GameKind {
        self.inner().kind()
    }

    /// The FEN of the game.
    pub fn fen(&self) -> String {
        self.inner().fen()
    }

    /// The boards, in the order the game names them: one in most games,
    /// A and B in Two-board portal chess.
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind};
    /// let two = AnyPosition::new(GameKind::Twoboard);
    /// assert_eq!((two.boards().len(), two.board_to_play()), (2, 0));
    /// let after = two.after(two.parse_move("A:e4").unwrap()).unwrap();
    /// assert_eq!(after.board_to_play(), 1, "Black plays board B");
    /// assert_eq!(AnyPosition::new(GameKind::Porthole).boards().len(), 1);
    /// ```
    pub fn boards(&self) -> &[Board] {
        self.inner().boards()
    }

    /// Which of [`AnyPosition::boards`] the side to move plays.
    pub fn board_to_play(&self) -> usize {
        self.inner().board_to_play()
    }

    /// The board the side to move plays: its pieces (and the holes, in
    /// Wormhole chess). Squares of moves ([`AnyMove::from`]) are on it.
    pub fn played_board(&self) -> &Board {
        &self.boards()[self.board_to_play()]
    }

    /// The board and square of `color`'s king, if it stands on one.
    pub fn king(&self, color: Color) -> Option<(usize, Square)> {
        self.boards().iter().enumerate().find_map(|(i, b)| b.king_of(color).map(|k| (i, k)))
    }

    /// The holes (Wormhole chess; none in Porthole chess).
    pub fn holes(&self) -> Bitboard {
        self.played_board().holes()
    }

    /// The legal moves of what stands on `sq`: the piece there, or on an
    /// empty square what else a move may move from there
    /// ([`AnyMove::moves_piece`]; a portal under a piece is moved by its
    /// text, `Z@e5`).
    pub fn moves_from(&self, sq: Square) -> Vec<AnyMove> {
        let piece = self.played_board().piece_at(sq).is_some();
        self.legal_moves().into_iter().filter(|m| m.from() == sq && m.moves_piece() == piece).collect()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.inner().turn()
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.inner().hash()
    }

    /// The move number, as PGN counts it.
    pub fn move_number(&self) -> u32 {
        self.inner().move_number()
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.inner().is_check()
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        self.inner().legal_moves()
    }

    /// Whether `m` is a legal move here; an error for a move of another game.
    pub fn is_legal(&self, m: AnyMove) -> Result<bool, OtherGameError> {
        self.inner().is_legal(m)
    }

    /// The legal move `text` names (SAN, a long form or coordinates).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError> {
        self.inner().parse_move(text)
    }

    /// Plays the legal move `text` names ([`AnyPosition::parse_move`]) and
    /// returns it; leaves the position unchanged when it names none.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, AnyMoveError> {
        self.inner_mut().play_text(text)
    }

    /// The SAN of a legal move; an error for a move of another game.
    pub fn san(&self, m: AnyMove) -> Result<String, OtherGameError> {
        self.inner().san(m)
    }

    /// Every legal move with its SAN.
    pub fn san_moves(&self) -> Vec<(AnyMove, String)> {
        self.inner().san_moves()
    }

    /// The piece `m` would capture, if any; an error for a move of another game.
    pub fn captured_by(&self, m: AnyMove) -> Result<Option<Piece>, OtherGameError> {
        self.inner().captured_by(m)
    }

    /// Where the piece on `sq` could go on its side's turn, its own king's
    /// safety left aside (for showing how it moves): the squares it moves
    /// to and the portholes it can enter. Empty without a piece there.
    pub fn reach(&self, sq: Square) -> Bitboard {
        self.inner().reach(sq)
    }

    /// The role of the piece on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.played_board().piece_at(sq).map(|p| p.role)
    }

    /// Plays a legal move of this game; refuses a move of another game or
    /// one that is not legal here, leaving the position unchanged.
    pub fn play(&mut self, m: AnyMove) -> Result<(), PlayError> {
        self.inner_mut().play(m)
    }

    /// A copy after the legal move `m`, or why `m` cannot be played here.
    pub fn after(&self, m: AnyMove) -> Result<AnyPosition, PlayError> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// The result if the game is over here; `earlier` holds the hashes of
    /// the positions the game went through before (for repetition).
    pub fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome> {
        self.inner().outcome(earlier)
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

/// [`AnyPosition::engine_proves`], asked of the game's own position.
struct Proves<'a>(&'a Engine);

impl WithPosition for Proves<'_> {
    type Output = bool;

    fn run<P: Searchable>(self, pos: P) -> bool {
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

    fn run<P: Searchable>(self, pos: P) -> Option<Proof<AnyMove>> {
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

    fn run<P: Searchable>(self, pos: P) -> SearchResult<AnyMove> {
        let limits = self.limits.map_moves(|&m| P::Move::try_from(m).ok());
        let on_info = self.on_info;
        let result = self.engine.search(&pos, &limits, self.stop, &mut |info| on_info(&info.map_moves(Into::into)));
        result.map_moves(Into::into)
    }
}
