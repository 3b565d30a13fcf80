//! Files and the clipboard: PGN save/load, autosave location, dates, and the
//! OSC 52 escape that asks the terminal to copy text.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use wormhole::pgn::PgnGame;

/// UTC date and time from the system clock: (year, month, day, h, m, s).
fn now_utc() -> (i64, u32, u32, u32, u32, u32) {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, (rem / 3600) as u32, (rem / 60 % 60) as u32, (rem % 60) as u32)
}

/// Today as PGN writes it: `2026.11.29`.
pub fn pgn_date() -> String {
    let (y, m, d, ..) = now_utc();
    format!("{y:04}.{m:02}.{d:02}")
}

/// A timestamp for file names: `20261129-134501`.
pub fn stamp() -> String {
    let (y, mo, d, h, mi, s) = now_utc();
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// Where autosaved games go: `$WORMHOLE_AUTOSAVE_DIR`, else
/// `$XDG_STATE_HOME/wormhole`, else `~/.local/state/wormhole`, else the
/// system's temporary directory.
pub fn autosave_dir() -> PathBuf {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("WORMHOLE_AUTOSAVE_DIR")
        .or_else(|| env("XDG_STATE_HOME").map(|p| p.join("wormhole")))
        .or_else(|| env("HOME").map(|p| p.join(".local/state/wormhole")))
        .unwrap_or_else(|| std::env::temp_dir().join("wormhole"))
}

/// Writes a PGN game to `path`.
pub fn save_pgn(pgn: &PgnGame, path: &Path) -> anyhow::Result<()> {
    save_text(&pgn.to_pgn(), path)
}

/// Writes text (a game as PGN, annotated or not) to `path`.
pub fn save_text(text: &str, path: &Path) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Reads and replays a PGN file.
pub fn load_pgn(path: &Path) -> anyhow::Result<PgnGame> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    PgnGame::parse(&text).with_context(|| format!("{}", path.display()))
}

/// Saves to a fresh autosave file and returns its path.
pub fn autosave(pgn: &PgnGame, dir: &Path) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("autosave-{}.pgn", stamp()));
    let path = unique(path);
    save_pgn(pgn, &path)?;
    Ok(path)
}

/// `path`, or `path` with `-2`, `-3`... before the extension if it exists.
fn unique(path: PathBuf) -> PathBuf {
    if !path.exists() {
        return path;
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    (2..1000).map(|i| path.with_file_name(format!("{stem}-{i}.pgn"))).find(|p| !p.exists()).unwrap_or(path)
}

/// The escape sequence that asks the terminal to put `text` on the clipboard.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_known_values() {
        assert_eq!(base64(b"Man"), "TWFu");
        assert_eq!(base64(b"Ma"), "TWE=");
        assert_eq!(base64(b"M"), "TQ==");
        assert_eq!(osc52("hi"), "\x1b]52;c;aGk=\x07");
    }

    #[test]
    fn dates_look_like_dates() {
        let d = pgn_date();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
        assert_eq!(stamp().len(), 15);
    }
}
