//! Results in words, as a player reads them: who resigned, ran out of
//! time or left, whether you won, and your rating's change.

use wormhole::Color;

use crate::printable::inert;
use crate::server::hub::{ABORTED, Ending};

/// `1-0: bob resigned: you win, 1500 -> 1516` as `you` (`None`: a
/// watcher) read it; `names` are White's and Black's.
pub fn ending_words(ending: &Ending, you: Option<Color>, names: &[String; 2]) -> String {
    let name = |c: Color| if you == Some(c) { "you".to_string() } else { inert(&names[c.index()]) };
    let winner = match ending.result.as_str() {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    };
    let why = inert(&ending.why);
    let what = match (winner, ending.why.as_str()) {
        (Some(w), "resignation") => format!("{} resigned", name(!w)),
        (Some(w), "time forfeit") => format!("{} ran out of time", name(!w)),
        (Some(w), "opponent left the game") => format!("{} left the game", name(!w)),
        _ => why,
    };
    let verdict = match (winner, you) {
        _ if ending.result == ABORTED => "no result, nothing rated".to_string(),
        (Some(w), Some(c)) if w == c => "you win".to_string(),
        (Some(_), Some(_)) => "you lose".to_string(),
        (Some(w), None) => format!("{} wins", inert(&names[w.index()])),
        (None, _) => "a draw".to_string(),
    };
    let rating = match (ending.ratings, you) {
        (Some(r), Some(c)) => format!(", {} -> {}", r[c.index()].0, r[c.index()].1),
        _ => String::new(),
    };
    format!("{}: {what}: {verdict}{rating}", ending.result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_words_with_the_rating_change() {
        let names = ["alice".to_string(), "bob".to_string()];
        let mut resigned = Ending::new("1-0", "resignation");
        resigned.ratings = Some([(1500, 1516), (1500, 1484)]);
        assert_eq!(ending_words(&resigned, Some(Color::White), &names), "1-0: bob resigned: you win, 1500 -> 1516");
        assert_eq!(ending_words(&resigned, Some(Color::Black), &names), "1-0: you resigned: you lose, 1500 -> 1484");
        assert_eq!(ending_words(&resigned, None, &names), "1-0: bob resigned: alice wins");
        let flag = Ending::new("0-1", "time forfeit");
        assert_eq!(ending_words(&flag, Some(Color::Black), &names), "0-1: alice ran out of time: you win");
        let aborted = Ending::new("*", "aborted: White made no first move in time");
        assert_eq!(
            ending_words(&aborted, Some(Color::Black), &names),
            "*: aborted: White made no first move in time: no result, nothing rated"
        );
        assert_eq!(ending_words(&Ending::new("1/2-1/2", "stalemate"), None, &names), "1/2-1/2: stalemate: a draw");
    }
}
