//! Finishing games and Glicko-2 ratings per game (the trainer's
//! `crate::glicko`): each rated game between two players is a rating period
//! of one game for both, as lichess rates, with a history row each.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use wormhole::GameKind;

use super::games::open_game;
use super::{
    AccountId, Finish, GameId, GameSummary, LeaderRow, PlayerPage, RatingChange, RatingPoint, Store, StoreError,
    rating_at,
};
use crate::glicko::{self, MAX_DEVIATION, MIN_DEVIATION, Rating, TAU};

/// White's score for a result: `None` for `*` (aborted: nobody scores).
pub(super) fn white_score(result: &str) -> Result<Option<f64>, StoreError> {
    match result {
        "1-0" => Ok(Some(1.0)),
        "0-1" => Ok(Some(0.0)),
        "1/2-1/2" => Ok(Some(0.5)),
        "*" => Ok(None),
        _ => Err(StoreError::BadResult(result.to_string())),
    }
}

/// A rating after one game against `opponent`, its deviation kept within
/// the trainer's bounds.
pub(super) fn after_game(rating: Rating, opponent: Rating, score: f64) -> Rating {
    let r = rating.after(&[glicko::RatedGame { opponent, score }], TAU);
    Rating { deviation: r.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION), ..r }
}

fn read_rating(conn: &Connection, account: AccountId, variant: &str) -> Result<Rating, StoreError> {
    let found = conn
        .prepare_cached("SELECT rating, deviation, volatility FROM ratings WHERE account = ?1 AND variant = ?2")?
        .query_row(params![account, variant], |row| rating_at(row, 0))
        .optional()?;
    Ok(found.unwrap_or_default())
}

/// Rates a finished game between `white` and `black`: both new ratings and
/// their history rows, within the finishing transaction.
fn rate(
    tx: &Transaction<'_>,
    game: GameId,
    players: [AccountId; 2],
    score: f64,
    at_ms: u64,
) -> Result<RatingChange, StoreError> {
    let variant: String =
        tx.prepare_cached("SELECT variant FROM games WHERE id = ?1")?.query_row([game], |r| r.get(0))?;
    let [white, black] = players;
    let (old_white, old_black) = (read_rating(tx, white, &variant)?, read_rating(tx, black, &variant)?);
    let new =
        [(white, after_game(old_white, old_black, score)), (black, after_game(old_black, old_white, 1.0 - score))];
    for (account, r) in new {
        tx.prepare_cached(
            "INSERT INTO ratings (account, variant, rating, deviation, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, 1)
             ON CONFLICT (account, variant) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility, games = games + 1",
        )?
        .execute(params![account, variant, r.rating, r.deviation, r.volatility])?;
        tx.prepare_cached(
            "INSERT INTO rating_history (account, game, variant, at_ms, rating, deviation, volatility)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![account, game, variant, at_ms, r.rating, r.deviation, r.volatility])?;
    }
    Ok([(old_white, new[0].1), (old_black, new[1].1)])
}

impl Store {
    /// Ends a game as `end` says (the clocks as they ended are kept to show
    /// the finished game). A
    /// rated game between two players with a decisive or drawn result also
    /// rates both, in the same transaction: the end and the ratings land
    /// together or not at all; the answer is both players' ratings before
    /// and after.
    pub fn finish_game(&mut self, game: GameId, end: &Finish) -> Result<Option<RatingChange>, StoreError> {
        let Finish { result, why, at_ms, clocks, flag } = end;
        let score = white_score(result)?;
        let tx = self.write()?;
        let next = open_game(&tx, game)?;
        super::games::check_flag(&tx, game, next, *flag, *at_ms)?;
        let (rated, white, black): (bool, Option<AccountId>, Option<AccountId>) = tx
            .prepare_cached("SELECT rated, white_account, black_account FROM games WHERE id = ?1")?
            .query_row([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        tx.prepare_cached(
            "UPDATE games SET result = ?1, termination = ?2, finished_ms = ?3, final_white_ms = ?4,
             final_black_ms = ?5, deadline_ms = NULL WHERE id = ?6",
        )?
        .execute(params![result, why, at_ms, clocks.map(|c| c[0]), clocks.map(|c| c[1]), game])?;
        let mut change = None;
        if let (true, Some(white), Some(black), Some(score)) = (rated, white, black, score)
            && white != black
        {
            change = Some(rate(&tx, game, [white, black], score, *at_ms)?);
        }
        tx.commit()?;
        Ok(change)
    }

    /// Notes that the server runs a clock at `at_ms` (see [`Store::last_alive`]).
    pub fn set_alive(&mut self, at_ms: u64) -> Result<(), StoreError> {
        super::games::note_alive(&self.conn, at_ms)
    }

    /// When the server last noted it ran a clock ([`Store::set_alive`]):
    /// the time its running clocks last counted before a restart.
    pub fn last_alive(&self) -> Result<Option<u64>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT at_ms FROM server_alive WHERE id = 1")?
            .query_row([], |r| r.get(0))
            .optional()?)
    }

    /// A player's rating in a game: the start rating before any rated game.
    #[cfg(test)]
    pub fn rating(&self, account: AccountId, kind: GameKind) -> Result<Rating, StoreError> {
        read_rating(&self.conn, account, kind.name())
    }

    /// A player's ratings in every game they have a rated game in, with
    /// how many rated games, by game name.
    #[cfg(test)]
    pub fn ratings_of(&self, account: AccountId) -> Result<Vec<(String, Rating, u32)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT variant, rating, deviation, volatility, games FROM ratings
             WHERE account = ?1 AND games > 0 ORDER BY variant",
        )?;
        let rows = stmt.query_map([account], |row| Ok((row.get(0)?, rating_at(row, 1)?, row.get(4)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The best rated players of a game, at most `limit`: only players with
    /// a rated game, highest rating first (then by name).
    pub fn leaderboard(&self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r
             JOIN accounts a ON a.id = r.account WHERE r.variant = ?1 AND r.games > 0
             ORDER BY r.rating DESC, a.name LIMIT ?2",
        )?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = stmt.query_map(params![kind.name(), limit], |row| {
            Ok(LeaderRow { name: row.get(0)?, rating: rating_at(row, 1)?, games: row.get(4)? })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The ratings `game` changed, if it was rated: each player's before it
    /// (their history row before this game's, or the start rating) and
    /// after it, White first. What a node that did not end the game shows
    /// its players.
    pub fn rating_change(&self, game: GameId) -> Result<Option<RatingChange>, StoreError> {
        let mut stmt = self.conn.prepare_cached(RATING_CHANGE_SQL)?;
        let rows = stmt.query_map([game], |row| {
            let before = row.get::<_, Option<f64>>(3)?.map(|_| rating_at(row, 3)).transpose()?;
            Ok((before.unwrap_or_default(), rating_at(row, 0)?))
        })?;
        change_of(game, rows.collect::<Result<_, _>>()?)
    }

    /// A player's rating after each rated game of a game, oldest first.
    pub fn rating_history(&self, account: AccountId, kind: GameKind) -> Result<Vec<RatingPoint>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT game, at_ms, rating, deviation, volatility FROM rating_history
             WHERE account = ?1 AND variant = ?2 ORDER BY at_ms, game",
        )?;
        let rows = stmt.query_map(params![account, kind.name()], |row| {
            Ok(RatingPoint { game: row.get(0)?, at_ms: row.get(1)?, rating: rating_at(row, 2)? })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The page of the player called `name`: ratings, their history, and
    /// the newest [`PAGE_GAMES`] games.
    pub fn player(&self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        let Some(account) = self.account_by_name(name)? else { return Ok(None) };
        let (mut ratings, mut history) = (Vec::new(), Vec::new());
        for kind in GameKind::ALL {
            let points = self.rating_history(account.id, kind)?;
            if let Some(last) = points.last() {
                ratings.push((kind, last.rating));
                history.push((kind, points.iter().map(|p| (p.at_ms, p.rating)).collect()));
            }
        }
        let recent = self.games_of(account.id, PAGE_GAMES)?.into_iter().map(summary).collect();
        Ok(Some(PlayerPage { account, ratings, recent, history }))
    }
}

/// Both players' ratings after a game (`$1`) and, where they had one,
/// before it (their history row just before), White's row first: SQL both
/// store engines read ([`Store::rating_change`]).
pub(super) const RATING_CHANGE_SQL: &str = "
    SELECT h.rating, h.deviation, h.volatility, p.rating, p.deviation, p.volatility
    FROM rating_history h JOIN games g ON g.id = h.game
    LEFT JOIN rating_history p ON p.account = h.account AND p.game = (
        SELECT q.game FROM rating_history q WHERE q.account = h.account AND q.variant = h.variant
        AND (q.at_ms < h.at_ms OR (q.at_ms = h.at_ms AND q.game < h.game))
        ORDER BY q.at_ms DESC, q.game DESC LIMIT 1)
    WHERE h.game = $1
    ORDER BY CASE WHEN h.account = g.white_account THEN 0 ELSE 1 END";

/// The rows of [`RATING_CHANGE_SQL`] as a change: none for a game not
/// rated; both players' for a rated one.
pub(super) fn change_of(game: GameId, rows: Vec<(Rating, Rating)>) -> Result<Option<RatingChange>, StoreError> {
    match rows[..] {
        [] => Ok(None),
        [white, black] => Ok(Some([white, black])),
        _ => Err(StoreError::BadRatingHistory { game, rows: rows.len() }),
    }
}

/// How many games a player's page lists.
pub const PAGE_GAMES: u32 = 20;

/// A game as a player's page lists it.
pub(super) fn summary(g: super::StoredGame) -> GameSummary {
    GameSummary {
        id: g.id,
        kind: g.game.kind,
        names: g.game.seats.each_ref().map(super::Seat::name),
        result: g.result.map_or_else(|| "*".to_string(), |(result, _)| result),
        created_ms: g.created_ms,
    }
}
