//! The server's database kept whole: `PRAGMA quick_check` before a start
//! ([`check`]), and `wormhole serve backup FILE` / `restore FILE`
//! through SQLite's online backup API, so a running server is backed up
//! without stopping it, and a damaged database is replaced by a backup
//! (the damaged one is kept aside, never deleted).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use rusqlite::{Connection, MAIN_DB, OpenFlags};

use super::store::DB_FILE;

/// What a damaged database's error says to do.
fn how_to_restore(dir: &Path) -> String {
    format!(
        "restore a backup with: wormhole serve restore BACKUP --data {} (backups are made by wormhole serve backup FILE)",
        dir.display()
    )
}

/// The problems `PRAGMA quick_check` finds in the database at `path`
/// (none: it is whole).
fn problems(path: &Path) -> anyhow::Result<Vec<String>> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut stmt = conn.prepare("PRAGMA quick_check")?;
    let rows: Vec<String> = stmt.query_map([], |row| row.get(0))?.collect::<Result<_, _>>()?;
    Ok(rows.into_iter().filter(|r| r != "ok").collect())
}

/// Refuses to start on a damaged database in `dir` (a new folder has none).
pub fn check(dir: &Path) -> anyhow::Result<()> {
    let path = dir.join(DB_FILE);
    if !path.exists() {
        return Ok(());
    }
    match problems(&path) {
        Ok(found) if found.is_empty() => Ok(()),
        Ok(found) => bail!(
            "the database {} is damaged (PRAGMA quick_check: {}): {}",
            path.display(),
            found.iter().take(3).cloned().collect::<Vec<_>>().join("; "),
            how_to_restore(dir)
        ),
        Err(e) => bail!("the database {} cannot be read ({e:#}): {}", path.display(), how_to_restore(dir)),
    }
}

/// Copies the database of `dir` (a server may be running on it) to a new
/// file `to`, readable by its owner only.
pub fn backup(dir: &Path, to: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let from = dir.join(DB_FILE);
    if !from.exists() {
        bail!("there is no database in {}", dir.display());
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(to)
        .with_context(|| format!("cannot create {} (an existing file is never overwritten)", to.display()))?;
    let conn = Connection::open_with_flags(&from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.backup(MAIN_DB, to, None::<fn(rusqlite::backup::Progress)>)
        .with_context(|| format!("cannot back up to {}", to.display()))?;
    let found = problems(to)?;
    if !found.is_empty() {
        bail!("the copy in {} fails its check: {}", to.display(), found.join("; "));
    }
    println!("backed up {} to {}", from.display(), to.display());
    Ok(())
}

/// Replaces the database of `dir` (no server may be running on it) with
/// the backup `from`; the database it replaces is moved aside, and named.
pub fn restore(dir: &Path, from: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let _lock = super::guard::lock(dir)?;
    let found = problems(from).with_context(|| format!("{} is not a database", from.display()))?;
    if !found.is_empty() {
        bail!("the backup {} is damaged too: {}", from.display(), found.join("; "));
    }
    let path = dir.join(DB_FILE);
    let aside = aside_name(&path);
    if path.exists() {
        for suffix in ["", "-wal", "-shm"] {
            let (old, new) = (with_suffix(&path, suffix), with_suffix(&aside, suffix));
            if old.exists() {
                std::fs::rename(&old, &new).with_context(|| format!("cannot move {} aside", old.display()))?;
            }
        }
    }
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&path)?;
    let mut conn = Connection::open(&path)?;
    conn.restore(MAIN_DB, from, None::<fn(rusqlite::backup::Progress)>)
        .with_context(|| format!("cannot restore {} into {}", from.display(), path.display()))?;
    println!("restored {} from {}", path.display(), from.display());
    if aside.exists() {
        println!("the database it replaced is kept as {}", aside.display());
    }
    Ok(())
}

/// `path` with `suffix` after its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A name beside `path` for the database a restore replaces.
fn aside_name(path: &Path) -> PathBuf {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    with_suffix(path, &format!(".before-restore-{secs}"))
}
