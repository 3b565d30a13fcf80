//! A position or move of whichever game is in play, for a program that
//! lets its user choose the game ([`GameKind`]) and holds one game at a
//! time, as the terminal app does.
//!
//! One list of games ([`games!`](crate::games) in `games.rs`) generates
//! everything here that names each game: [`GameKind`] and [`GAMES`],
//! [`AnyMove`], [`AnyUndo`], [`AnyOutcome`], [`AnyMoveError`],
//! [`GameFenError`], [`AnyPosition`] and the visitor dispatch
//! ([`GameKind::with_position`], [`AnyPosition::with`]). [`AnyPosition`]
//! implements the game trait [`Rules`] (and [`AnyMove`] [`GameMove`], as
//! shakmaty's `VariantPosition` implements its `Position`): each method
//! hands the call to the game's own position, so a new capability of
//! positions is one trait method. The engine searches the game's own
//! position, compiled for it ([`AnyPosition::search`]). A move of another
//! game is refused with an [`OtherGameError`], never answered silently.

use std::sync::atomic::AtomicBool;

use crate::engine::{Engine, Info, Limits, Proof, SearchResult, SearchThread, Searchable, SolveLimits, SolveProgress};
use crate::puzzles::PuzzleThemes;
use crate::rules::{GameMove, MoveSet, Rules};
use crate::{AnyMove, AnyMoveError, AnyPosition, Board, Color, GameFenError, GameKind, Role, Square, WithPosition};

/// Generates, from the one list of games in `games.rs`, the types and
/// dispatch that name every game: each game is its position type (which
/// implements [`Rules`]) with the kinds ([`GameKind`]s) it plays, each kind
/// with its [`GameInfo`](crate::GameInfo) line.
macro_rules! games {
    ($(
        $(#[$gdoc:meta])*
        $game:ident($title:literal, feature = $feature:literal): $pos:ty {
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
            $( $( #[cfg(feature = $feature)] $(#[$kdoc])* $kind, )+ )+
        }

        /// How many games [`GAMES`] lists.
        const GAME_COUNT: usize = [$( $( #[cfg(feature = $feature)] stringify!($kind), )+ )+].len();

        /// Every game, in the order menus list them: each game's line is
        /// defined in its folder.
        pub const GAMES: [$crate::GameInfo; GAME_COUNT] = [$( $( #[cfg(feature = $feature)] $info, )+ )+];

        impl GameKind {
            /// Every game, in the order of [`GAMES`].
            pub const ALL: [GameKind; GAME_COUNT] = [$( $( #[cfg(feature = $feature)] GameKind::$kind, )+ )+];

            /// Runs `job` with the position `fen` describes (the start
            /// position when `None`) in this game: `job` is compiled once
            /// per game.
            pub fn with_position<J: $crate::WithPosition>(self, fen: Option<&str>, job: J) -> Result<J::Output, GameFenError> {
                let fen = fen.unwrap_or(self.start_fen());
                Ok(match self {
                    $( #[cfg(feature = $feature)] $( GameKind::$kind )|+ => job.run(<$pos as $crate::ListedGame>::from_fen_in(self, fen)?), )+
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
                    #[cfg(feature = $feature)]
                    {
                        if matches!(self, $( GameKind::$kind )|+) {
                            return index;
                        }
                        index += 1;
                    }
                )+
                index
            }
        }

        /// A move of any game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyMove {
            $( #[cfg(feature = $feature)] #[doc = concat!("A move of ", $title, ".")] $game(<$pos as $crate::rules::Rules>::Move), )+
        }

        $(
            #[cfg(feature = $feature)]
            impl From<<$pos as $crate::rules::Rules>::Move> for AnyMove {
                fn from(m: <$pos as $crate::rules::Rules>::Move) -> AnyMove {
                    AnyMove::$game(m)
                }
            }

            #[cfg(feature = $feature)]
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
            $( #[cfg(feature = $feature)] #[doc = concat!("How a game of ", $title, " ended.")] $game(<$pos as $crate::rules::Rules>::Outcome), )+
        }

        /// What [`AnyPosition`]'s [`Rules::play_unchecked`](crate::Rules::play_unchecked)
        /// returns: the game's own undo.
        #[derive(Debug, Clone, Copy)]
        pub enum AnyUndo {
            $( #[cfg(feature = $feature)] #[doc = concat!("An undo of ", $title, ".")] $game(<$pos as $crate::rules::Rules>::Undo), )+
        }

        /// Why a typed move was refused, in any game.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum AnyMoveError {
            $(
                #[cfg(feature = $feature)]
                #[doc = concat!($title, "'s reason.")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::MoveError),
            )+
        }


        /// A FEN of the chosen game that could not be read.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum GameFenError {
            $(
                #[cfg(feature = $feature)]
                #[doc = concat!("A FEN of ", $title, ".")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::FenError),
            )+
        }

        /// A position of any game.
        ///
        /// ```
        /// use wormhole::{AnyPosition, GameKind, Rules};
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
        /// assert!(!pos.is_legal(e4));
        /// assert_eq!(pos.play(e4).unwrap_err().to_string(), "e2e4 is a move of another game than porthole");
        /// ```
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyPosition {
            $( #[cfg(feature = $feature)] $(#[$gdoc])* $game($pos), )+
        }

        impl AnyPosition {
            /// The position `fen` describes in the game `kind`.
            pub fn from_fen(kind: GameKind, fen: &str) -> Result<AnyPosition, GameFenError> {
                Ok(match kind {
                    $( #[cfg(feature = $feature)] $( GameKind::$kind )|+ => AnyPosition::$game(<$pos as $crate::ListedGame>::from_fen_in(kind, fen)?), )+
                })
            }

            /// Runs `job` with the game's own position (a copy).
            pub fn with<J: $crate::WithPosition>(&self, job: J) -> J::Output {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => job.run(p.clone()), )+
                }
            }

            /// The game (for Wormhole chess, its piece set).
            pub fn kind(&self) -> GameKind {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::ListedGame::kind(p), )+
                }
            }
        }

        $(
            #[cfg(feature = $feature)]
            impl From<$pos> for AnyPosition {
                fn from(p: $pos) -> AnyPosition {
                    AnyPosition::$game(p)
                }
            }
        )+

        $crate::any::any_traits!($( $game: $feature ),+);
    };
}
pub(crate) use games;

/// A game of the list in `games.rs`, as a program holding any game holds
/// it: a game the engine searches ([`Searchable`]) with its puzzle themes
/// ([`PuzzleThemes`]), the kinds of [`GameKind`] it plays, and moves that
/// convert to and from [`AnyMove`]. Each game implements it in its
/// folder; generic code that needs only the rules or the engine asks for
/// those traits instead.
pub trait ListedGame:
    Searchable<Move: Into<AnyMove> + TryFrom<AnyMove>, MoveError: Into<AnyMoveError>> + PuzzleThemes
{
    /// The position `fen` describes in `kind`, one of the kinds this
    /// game plays (for Wormhole chess, the piece set).
    fn from_fen_in(kind: GameKind, fen: &str) -> Result<Self, Self::FenError>;
    /// The game (for Wormhole chess, its piece set).
    fn kind(&self) -> GameKind;
}

/// Starts searching a position of any game on a new thread.
impl SearchThread<AnyMove> {
    /// Starts searching a position of any game on a new thread: the
    /// game's own search ([`AnyPosition::search`]), its moves reported as
    /// [`AnyMove`]s.
    pub fn spawn_any(engine: Engine, pos: AnyPosition, limits: Limits<AnyMove>) -> SearchThread<AnyMove> {
        SearchThread::start(engine, move |engine, stop, on_info| pos.search(engine, &limits, stop, on_info))
    }
}

/// A move of another game than the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is a move of another game")]
pub struct WrongGameMove(pub AnyMove);

/// A move given to a position of another game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is a move of another game than {kind}")]
pub struct OtherGameError {
    /// The move.
    pub mv: AnyMove,
    /// The position's game.
    pub kind: GameKind,
}

/// Why [`AnyPosition`]'s [`Rules::play`] refused a move.
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

/// Implements the game traits for the "any game" types, from the list of
/// games (the variants `games!` generates): [`Rules`] for [`AnyPosition`],
/// [`GameMove`] for [`AnyMove`], [`GameOutcome`] for [`AnyOutcome`],
/// [`MoveTextError`] for [`AnyMoveError`]. Each method hands the call to
/// the game's own value. A move of another game is no legal move here:
/// [`Rules::is_legal`] says no, [`Rules::why_illegal`] says whose it is,
/// [`Rules::san`] writes its coordinates and [`Rules::captured_by`] finds
/// nothing; [`Rules::play_unchecked`], which takes legal moves only,
/// panics on one.
///
/// [`GameOutcome`]: crate::rules::GameOutcome
/// [`MoveTextError`]: crate::rules::MoveTextError
macro_rules! any_traits {
    ($( $game:ident: $feature:literal ),+) => { const _: () = {
        // Expanded in `games.rs`: the names the impls use, imported here.
        use std::fmt;

        use $crate::rules::{GameMove, GameOutcome, MoveSet, MoveTextError, Rules};
        use $crate::{
            AnyMove, AnyMoveError, AnyOutcome, AnyPosition, AnyUndo, Bitboard, Board, Color, GameFenError, OtherGameError,
            Piece, PlayError, Role, Square,
        };

        /// Any game's facts: the game's own position answers; a move of
        /// another game has no warning and carries nothing.
        impl $crate::facts::Facts for AnyPosition {
            fn marks(&self) -> Vec<$crate::facts::Mark> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::facts::Facts::marks(p), )+ }
            }
            fn forced_move(&self) -> Option<$crate::facts::Forced<AnyMove>> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::facts::Facts::forced_move(p).map(|f| f.map(AnyMove::$game)), )+
                }
            }
            fn warning(&self, m: AnyMove) -> Option<String> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::warning(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn carried(&self, m: AnyMove) -> Option<$crate::facts::Carried> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::carried(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }

        /// Any game's rules: the game's own position answers.
        impl Rules for AnyPosition {
            type Move = AnyMove;
            type Undo = AnyUndo;
            type MoveList = Vec<AnyMove>;
            type Outcome = AnyOutcome;
            type MoveError = AnyMoveError;
            type FenError = GameFenError;
            type IllegalMove = PlayError;
            const DRAWS: bool = true;

            fn turn(&self) -> Color {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::turn(p), )+ }
            }
            fn hash(&self) -> u64 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::hash(p), )+ }
            }
            fn boards(&self) -> &[Board] {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::boards(p), )+ }
            }
            fn board_to_play(&self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::board_to_play(p), )+ }
            }
            fn is_check(&self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::is_check(p), )+ }
            }
            fn fen(&self) -> String {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::fen(p), )+ }
            }
            fn chess_fen(&self) -> Option<String> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::chess_fen(p), )+ }
            }
            fn move_number(&self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::move_number(p), )+ }
            }
            fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::outcome(p, earlier).map(AnyOutcome::$game), )+ }
            }
            fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::parse_move(p, text).map(AnyMove::$game).map_err(AnyMoveError::$game), )+
                }
            }
            fn san(&self, m: AnyMove) -> String {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::san(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => m.to_string(),
                }
            }
            fn san_moves(&self) -> Vec<(AnyMove, String)> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::san_moves(p).into_iter().map(|(m, san)| (AnyMove::$game(m), san)).collect(), )+
                }
            }
            fn reach(&self, sq: Square) -> Bitboard {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::reach(p, sq), )+ }
            }
            fn legal_moves(&self) -> Vec<AnyMove> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::legal_moves(p).iter().map(AnyMove::$game).collect(), )+
                }
            }
            fn legal_move_count(&self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::legal_move_count(p), )+ }
            }
            fn is_legal(&self, m: AnyMove) -> bool {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::is_legal(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
            fn play_unchecked(&mut self, m: AnyMove) -> AnyUndo {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => AnyUndo::$game(Rules::play_unchecked(p, m)), )+
                    #[allow(unreachable_patterns)]
                    (p, m) => panic!("{}", OtherGameError { mv: m, kind: p.kind() }),
                }
            }
            fn undo(&mut self, m: AnyMove, undo: AnyUndo) {
                match (self, m, undo) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m), AnyUndo::$game(u)) => Rules::undo(p, m, u), )+
                    #[allow(unreachable_patterns)]
                    (p, m, _) => panic!("{}", OtherGameError { mv: m, kind: p.kind() }),
                }
            }
            fn captured_by(&self, m: AnyMove) -> Option<Piece> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::captured_by(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn why_illegal(&self, m: AnyMove) -> PlayError {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(_), AnyMove::$game(_)) => PlayError::Illegal { mv: m, fen: self.fen() }, )+
                    #[allow(unreachable_patterns)]
                    _ => OtherGameError { mv: m, kind: self.kind() }.into(),
                }
            }
            fn is_rule_draw(&self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::is_rule_draw(p), )+ }
            }
            fn plies_to_rule_draw(&self) -> Option<u32> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::plies_to_rule_draw(p), )+ }
            }
            fn moves_to_plan(&self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::moves_to_plan(p), )+ }
            }
        }

        /// Any game's move: the game's own move answers.
        impl GameMove for AnyMove {
            fn from(self) -> Square {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::from(m), )+ }
            }
            fn to(self) -> Square {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::to(m), )+ }
            }
            fn promotion(self) -> Option<Role> {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::promotion(m), )+ }
            }
            fn board(self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::board(m), )+ }
            }
            fn entry(self) -> Option<Square> {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::entry(m), )+ }
            }
            fn moves_piece(self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::moves_piece(m), )+ }
            }
            fn to_bits(self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::to_bits(m), )+ }
            }
        }

        /// The coordinate form of the game's move (`e2e4`, `g1h1d4`).
        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => fmt::Display::fmt(m, f), )+ }
            }
        }

        /// Any game's outcome: the game's own outcome answers.
        impl GameOutcome for AnyOutcome {
            fn winner(self) -> Option<Color> {
                match self { $( #[cfg(feature = $feature)] AnyOutcome::$game(o) => GameOutcome::winner(o), )+ }
            }
        }

        /// The game's own sentence: "White wins by checkmate", "draw by threefold repetition".
        impl fmt::Display for AnyOutcome {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( #[cfg(feature = $feature)] AnyOutcome::$game(o) => fmt::Display::fmt(o, f), )+ }
            }
        }

        /// Any game's reason: the game's own reason answers.
        impl MoveTextError for AnyMoveError {
            fn syntax_problem(&self) -> Option<&dyn std::error::Error> {
                match self { $( #[cfg(feature = $feature)] AnyMoveError::$game(e) => MoveTextError::syntax_problem(e), )+ }
            }
        }
    }; };
}
pub(crate) use any_traits;

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

    /// The material balance in centipawns by the game's own evaluation
    /// weights, from the side to move's point of view.
    ///
    /// ```
    /// use wormhole::{AnyPosition, GameKind};
    /// assert_eq!(AnyPosition::new(GameKind::Linked).material(), 0);
    /// let up = AnyPosition::from_fen(GameKind::Porthole, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert!(up.material() > 0);
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
        crate::rules::Evaluate::material(&pos, &crate::rules::Evaluate::default_params(&pos))
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
