//! Files and the clipboard: PGN save/load, autosave location, dates, and the
//! OSC 52 escape that asks the terminal to copy text.
//!
//! Every file the app reads or writes goes through here. Saves never leave
//! a half-written file: the text goes to a temporary file in the same
//! folder, is synced, then renamed into place. A new name (autosave, Ctrl-S
//! without a name) is claimed atomically and never replaces a file; only a
//! file the user named is replaced, and only where a plain write could
//! write it (a protected file is refused; a file with other hard links or
//! another owner is written in place). Only the program's own folders are
//! created. Files other running copies change too are changed under a
//! lock ([`update_kept`]). Game files above a size limit are refused
//! before they are read.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::Context;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ZonedDateTime};
use tempfile::NamedTempFile;
use wormhole::excerpt::Excerpt;
use wormhole::pgn::PgnGame;

use crate::limits::{MAX_CONFIG_BYTES, MAX_GAME_FILE_BYTES, MAX_PUZZLE_FILE_BYTES};

/// A moment in the local time zone (`TZ`, else the system's), as
/// [`jiff`] reads the time-zone database: the system's C library is not
/// asked, so this is sound with the engine's threads running.
fn local(t: SystemTime) -> ZonedDateTime {
    in_zone(t, TimeZone::system())
}

/// A moment in the time zone `zone` (the epoch for a moment out of range).
fn in_zone(t: SystemTime, zone: TimeZone) -> ZonedDateTime {
    Timestamp::try_from(t).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned_datetime(zone)
}

/// Today, local time, as PGN writes it: `2026.11.29`.
pub fn pgn_date() -> String {
    local(SystemTime::now()).strftime("%Y.%m.%d").to_string()
}

/// The day of a moment in UTC, as PGN writes it: `2026.11.29`. The server
/// dates its games so, whatever the machine's time zone.
pub fn utc_pgn_date(t: SystemTime) -> String {
    in_zone(t, TimeZone::UTC).strftime("%Y.%m.%d").to_string()
}

/// A moment to the minute, local time, as lists of files show it: `2026-11-29 13:45`.
pub fn minute_text(t: SystemTime) -> String {
    local(t).strftime("%Y-%m-%d %H:%M").to_string()
}

/// A timestamp for file names, local time: `20261129-134501`.
fn stamp() -> String {
    local(SystemTime::now()).strftime("%Y%m%d-%H%M%S").to_string()
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

/// How many symbolic links a save follows before it gives up (a loop).
const MAX_LINKS: u32 = 40;

/// How many numbered names (`name-2.pgn` ... ) a new file may try.
const MAX_NAME_TRIES: u32 = 1000;

/// What a file type is, for messages about files that are not plain files.
fn kind_of(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

/// Opens `path` for reading if it is a regular file (after following
/// symbolic links); a folder, device, FIFO or socket is refused by name.
/// The file is opened without blocking, so a FIFO with no writer cannot
/// hang the program before it is refused.
fn open_regular(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = OpenOptions::new().read(true).custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32).open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(io::Error::other(format!("it is {}, not a regular file", kind_of(kind))));
    }
    Ok(file)
}

/// The bytes of the regular file `path`, refused unread when larger than
/// `max` (`too_big` says so); at most `max` + 1 bytes are ever read.
fn read_bounded(path: &Path, max: u64, too_big: impl Fn() -> anyhow::Error) -> anyhow::Result<Vec<u8>> {
    let file = open_regular(path).with_context(|| format!("cannot read {}", shown(path)))?;
    if file.metadata().is_ok_and(|m| m.len() > max) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).with_context(|| format!("cannot read {}", shown(path)))?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Reads a game file (PGN) as text, without a byte-order mark. A file
/// larger than [`MAX_GAME_FILE_BYTES`] is refused before it is read whole,
/// and so is anything that is not a regular file (`/dev/zero`, a FIFO).
pub fn read_game_file(path: &Path) -> anyhow::Result<String> {
    read_text(path, MAX_GAME_FILE_BYTES, "a game file")
}

/// Reads a file of openings (`match --openings`) as text, bounded as a game file is.
pub fn read_openings_file(path: &Path) -> anyhow::Result<String> {
    read_text(path, MAX_GAME_FILE_BYTES, "a file of openings")
}

/// Reads a puzzle file as text, as [`read_game_file`] does a game file,
/// up to [`MAX_PUZZLE_FILE_BYTES`].
pub fn read_puzzle_file(path: &Path) -> anyhow::Result<String> {
    read_text(path, MAX_PUZZLE_FILE_BYTES, "a puzzle file")
}

/// The text of the regular file `path` without a byte-order mark, refused
/// unread when larger than `max` bytes (too large for `what`).
fn read_text(path: &Path, max: u64, what: &str) -> anyhow::Result<String> {
    let too_big = || anyhow::anyhow!("{} is larger than {} MB, too large for {what}", shown(path), max / 1_000_000);
    let bytes = read_bounded(path, max, too_big)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!("{} is not a text file (byte {} is not UTF-8)", shown(path), e.utf8_error().valid_up_to())
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A path the user typed: a leading `~` (alone or before `/`) is the home
/// folder, as a shell reads it; anything else is taken as it is.
pub fn user_path(text: &str) -> PathBuf {
    let home = dirs::home_dir();
    match (text.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => home.join(rest.trim_start_matches('/')),
        _ => PathBuf::from(text),
    }
}

/// Reads and replays a PGN file (see [`read_game_file`] for the size limit).
pub fn load_pgn(path: &Path) -> anyhow::Result<PgnGame> {
    let text = read_game_file(path)?;
    PgnGame::parse(&text).with_context(|| format!("bad PGN file {}", shown(path)))
}

/// Saves text (a game as PGN, annotated or not) where the user named it:
/// to `path`, replacing that file if it exists. A failed save leaves any
/// earlier file as it was.
pub fn save_text(text: &str, path: &Path) -> anyhow::Result<()> {
    write_replacing(path, text, Folder::Given)
}

/// Whether a save to `path` can be tried, without writing anything: its
/// folder exists, and the name is new or a regular file we may write. The
/// error says why not, before the work of making the text (an analysis)
/// or a question about replacing it.
pub fn can_save(path: &Path) -> anyhow::Result<()> {
    let failed = || format!("could not save {}", shown(path));
    let target = save_target(path).with_context(failed)?;
    folder_of(&target, Folder::Given).with_context(failed)?;
    if std::fs::metadata(&target).is_ok() {
        open_to_write(&target).with_context(failed)?;
    }
    Ok(())
}

/// Whether a file (of any kind, a dangling link included) has the name
/// `path`: a save there would replace it, so the app asks first.
pub fn is_taken(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Saves text (a game as PGN) to a new `wormhole-<date>-<time>.pgn` in
/// `dir` (numbered if taken, never replacing a file). Returns the file.
pub fn save_new(text: &str, dir: &Path) -> anyhow::Result<PathBuf> {
    write_new(dir, &format!("wormhole-{}", stamp()), text)
}

/// Saves to a new `autosave-<date>-<time>.pgn` (numbered if taken: two
/// programs quitting in the same second keep both games) in the first of
/// `dirs` where it can be written: a full disk or a folder we may not write
/// does not lose the game while another place is left. Returns the file;
/// the error says why each folder failed.
pub fn autosave(pgn: &PgnGame, dirs: &[&Path]) -> anyhow::Result<PathBuf> {
    let (stem, text) = (format!("autosave-{}", stamp()), pgn.to_pgn());
    let mut failed = Vec::new();
    for dir in dirs {
        match write_new(dir, &stem, &text) {
            Ok(path) => return Ok(path),
            Err(e) => failed.push(format!("{e:#}")),
        }
    }
    anyhow::bail!("{}", failed.join("; "))
}

/// The last place an autosave tries: a folder of this user in the
/// system's temporary directory.
pub fn last_resort_dir() -> PathBuf {
    std::env::temp_dir().join(format!("wormhole-{}", rustix::process::getuid().as_raw()))
}

/// Whose folder a file goes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Folder {
    /// One of the program's own (config, record, games, autosaves): created if missing.
    Ours,
    /// One the user named: a missing folder is an error (a typo is not
    /// turned into folders).
    Given,
}

/// The folder a file goes in (`.` for a bare name); one of ours is created
/// if missing.
fn folder_of(path: &Path, folder: Folder) -> anyhow::Result<&Path> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match folder {
        Folder::Ours => {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create the folder {}", shown(dir)))?
        }
        Folder::Given if std::fs::metadata(dir).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) => {
            anyhow::bail!("the folder {} does not exist", shown(dir))
        }
        Folder::Given => {}
    }
    Ok(dir)
}

/// The existing file `path` opened to write (nothing is changed yet), or
/// why not: what a plain write (`echo x > file`) refuses, a save refuses.
fn open_to_write(path: &Path) -> anyhow::Result<File> {
    match OpenOptions::new().write(true).open(path) {
        Ok(file) => Ok(file),
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            anyhow::bail!("{} is protected (you may not write it): nothing was written", shown(path))
        }
        Err(e) => Err(e).with_context(|| format!("cannot write {}", shown(path))),
    }
}

/// `text` in a temporary file in `dir`, flushed and synced to the disk. It
/// is deleted again if it is dropped before being persisted.
fn write_temp(dir: &Path, text: &str) -> io::Result<NamedTempFile> {
    use std::os::unix::fs::PermissionsExt;
    // Read-write for everyone the umask allows, like any file the user creates.
    let permissions = std::fs::Permissions::from_mode(0o666);
    // The temporary file's name is not the user's: errors name the folder.
    let in_folder =
        |e: io::Error| io::Error::new(e.kind(), format!("cannot write in the folder {}: {}", shown(dir), e.kind()));
    let mut temp = tempfile::Builder::new()
        .prefix(".wormhole-")
        .suffix(".tmp")
        .permissions(permissions)
        .tempfile_in(dir)
        .map_err(in_folder)?;
    temp.write_all(text.as_bytes()).map_err(in_folder)?;
    temp.as_file().sync_all().map_err(in_folder)?;
    Ok(temp)
}

/// `path` for a message: a long one is cut as the library quotes input
/// ([`Excerpt`]), so that the reason after it stays in sight.
fn shown(path: &Path) -> String {
    Excerpt(&path.display().to_string()).to_string()
}

/// Where a save to `path` writes: `path` itself, or for a symbolic link
/// the file it points at (so the link stays a link and its target gets the
/// new text). Only a regular file, or a name not taken, is written: a
/// folder, device, FIFO or socket is refused with what it is.
fn save_target(path: &Path) -> anyhow::Result<PathBuf> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            anyhow::bail!("{} is {}, not a regular file: nothing was written", shown(path), kind_of(meta.file_type()))
        }
        Ok(_) if is_link => Ok(std::fs::canonicalize(path)?),
        Ok(_) => Ok(path.to_path_buf()),
        Err(_) if is_link => dangling_target(path),
        // A new name, or one that cannot be looked at (the write says why).
        Err(_) => Ok(path.to_path_buf()),
    }
}

/// Where a symbolic link to a file that does not exist yet leads.
fn dangling_target(path: &Path) -> anyhow::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::read_link(&at) {
            Ok(link) => at = at.parent().unwrap_or(Path::new("")).join(link),
            Err(_) => return Ok(at),
        }
    }
    anyhow::bail!("{} is a symbolic link that leads to more than {MAX_LINKS} others (a loop?)", shown(path))
}

/// Writes `path` whole or not at all: a temporary file next to it is
/// written and synced, then renamed over it. A symbolic link is followed
/// and its target replaced (the link stays); the target keeps its
/// permissions and its owner; what is not a regular file is refused
/// ([`save_target`]), and so is a file we may not write. A file with other
/// names (hard links), or whose owner a new file cannot have, is written
/// in place once the complete text has been written beside it (so a full
/// disk fails before the file is touched).
fn write_replacing(path: &Path, text: &str, folder: Folder) -> anyhow::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let failed = || format!("could not save {}", shown(path));
    let target = save_target(path).with_context(failed)?;
    let dir = folder_of(&target, folder).with_context(failed)?;
    let existing = match std::fs::metadata(&target) {
        Ok(meta) => Some((meta, open_to_write(&target).with_context(failed)?)),
        Err(_) => None,
    };
    let temp = write_temp(dir, text).with_context(failed)?;
    if let Some((meta, file)) = existing {
        temp.as_file().set_permissions(meta.permissions()).with_context(failed)?;
        if meta.nlink() > 1 || !same_owner(temp.as_file(), &meta) {
            drop(temp);
            return write_in_place(file, text).with_context(failed);
        }
    }
    temp.persist(&target).map_err(|e| e.error).with_context(failed)?;
    sync_folder(dir);
    Ok(())
}

/// Whether the new file `temp` has the owner and group of the file it
/// replaces, given them if it can (only the superuser can).
fn same_owner(temp: &File, old: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let alike = |m: &std::fs::Metadata| (m.uid(), m.gid()) == (old.uid(), old.gid());
    temp.metadata().is_ok_and(|m| alike(&m))
        || (std::os::unix::fs::fchown(temp, Some(old.uid()), Some(old.gid())).is_ok()
            && temp.metadata().is_ok_and(|m| alike(&m)))
}

/// Writes `text` over the open file `file` and cuts what is left of the old text.
fn write_in_place(mut file: File, text: &str) -> io::Result<()> {
    file.write_all(text.as_bytes())?;
    file.set_len(text.len() as u64)?;
    file.sync_all()
}

/// Writes a new file `dir/stem.pgn`, or `dir/stem-2.pgn`, `-3`... when the
/// name is taken; never replaces a file. Returns the name it got.
fn write_new(dir: &Path, stem: &str, text: &str) -> anyhow::Result<PathBuf> {
    let first = dir.join(format!("{stem}.pgn"));
    let failed = || format!("could not save {}", shown(&first));
    folder_of(&first, Folder::Ours).with_context(failed)?;
    let mut temp = write_temp(dir, text).with_context(failed)?;
    for n in 1..=MAX_NAME_TRIES {
        let path = if n == 1 { first.clone() } else { dir.join(format!("{stem}-{n}.pgn")) };
        match claim(temp, &path) {
            Ok(()) => {
                sync_folder(dir);
                return Ok(path);
            }
            Err(Claim::Taken(back)) => temp = back,
            Err(Claim::Failed(e)) => return Err(e).with_context(|| format!("could not save {}", shown(&path))),
        }
    }
    anyhow::bail!("could not save {}: it and {MAX_NAME_TRIES} numbered names after it all exist", shown(&first))
}

/// Why a temporary file did not get a name.
enum Claim {
    /// The name exists: here is the file back, to try another.
    Taken(NamedTempFile),
    Failed(io::Error),
}

/// Gives `temp` the name `path` if no file has it, atomically: two programs
/// can never both get the same name.
fn claim(temp: NamedTempFile, path: &Path) -> Result<(), Claim> {
    let refused = match temp.persist_noclobber(path) {
        Ok(_) => return Ok(()),
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => return Err(Claim::Taken(e.file)),
        Err(e) => e,
    };
    // A file system with neither exclusive renames nor hard links (FAT, some
    // network drives): claim the name with an exclusive create, then move
    // the complete file over that claim.
    match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(_) => refused.file.persist(path).map(|_| ()).map_err(|e| {
            let _ = std::fs::remove_file(path);
            Claim::Failed(e.error)
        }),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(Claim::Taken(refused.file)),
        Err(e) => Err(Claim::Failed(e)),
    }
}

/// Makes a rename in `dir` survive a power cut (best effort: not every
/// system can sync a folder).
fn sync_folder(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// The escape sequence (OSC 52) that asks the terminal to put `text` on
/// the clipboard, as crossterm writes it.
pub fn osc52(text: &str) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = crossterm::Command::write_ansi(&crossterm::clipboard::CopyToClipboard::to_clipboard_from(text), &mut out);
    out
}

/// Where the config file is: `config.toml` in the platform's config folder
/// (`$XDG_CONFIG_HOME/wormhole/` or `~/.config/wormhole/` on Linux).
pub fn config_path() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("wormhole").join("config.toml"))
}

/// The config file's text, or None if there is none yet. A file above
/// [`MAX_CONFIG_BYTES`], or one that is not a regular file, is refused
/// before it is read.
pub fn read_config(path: &Path) -> anyhow::Result<Option<String>> {
    read_kept(path, MAX_CONFIG_BYTES, "a config file")
}

/// The text of a file the program keeps (`what` it is, for the message),
/// or None if there is none yet. A file above `max` bytes, or one that is
/// not a regular file, is refused before it is read.
pub fn read_kept(path: &Path, max: u64, what: &str) -> anyhow::Result<Option<String>> {
    if std::fs::metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
        return Ok(None);
    }
    let too_big = || anyhow::anyhow!("{} is larger than {} KB: not {what}", shown(path), max / 1024);
    let bytes = read_bounded(path, max, too_big)?;
    let text = String::from_utf8(bytes).with_context(|| format!("cannot read {} as text", shown(path)))?;
    Ok(Some(text))
}

/// Writes a file the program keeps whole or not at all (see `write_replacing`):
/// a crash or a signal leaves the old text or the new, never a mix.
pub fn write_kept(path: &Path, text: &str) -> anyhow::Result<()> {
    write_replacing(path, text, Folder::Ours)
}

/// Changes a file the program keeps that other running copies may change
/// too (the config, the puzzle record): under an advisory lock on its
/// folder, reads the file as it is now (None: no file yet; refused as
/// [`read_kept`] refuses), hands it to `change`, and writes the text that
/// returns ([`write_kept`]). Two programs changing the file at once take
/// turns, so each keeps its change. Returns what `change` returned beside
/// the text.
pub fn update_kept<T>(
    path: &Path,
    max: u64,
    what: &str,
    change: impl FnOnce(Option<String>) -> anyhow::Result<(String, T)>,
) -> anyhow::Result<T> {
    let dir = folder_of(path, Folder::Ours).with_context(|| format!("could not save {}", shown(path)))?;
    // The folder, not the file: the file itself is replaced by each write.
    let lock = File::open(dir).with_context(|| format!("cannot open the folder {}", shown(dir)))?;
    lock.lock().with_context(|| format!("cannot lock the folder {}", shown(dir)))?;
    let (text, value) = change(read_kept(path, max, what)?)?;
    write_kept(path, &text)?;
    Ok(value)
}

/// Moves a file that cannot be read out of the way, keeping it: it becomes
/// `<name>.unreadable-<date>-<time>` (numbered if taken, never replacing a
/// file) beside it. Returns the new name.
pub fn set_aside(path: &Path) -> anyhow::Result<PathBuf> {
    let name = path.file_name().map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let stem = format!("{name}.unreadable-{}", stamp());
    for n in 1..=MAX_NAME_TRIES {
        let aside = path.with_file_name(if n == 1 { stem.clone() } else { format!("{stem}-{n}") });
        // A hard link never replaces a file; the old name goes once the new one holds it.
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path).with_context(|| format!("cannot move {} aside", shown(path)))?;
                return Ok(aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e).with_context(|| format!("cannot move {} aside", shown(path))),
        }
    }
    anyhow::bail!("cannot move {} aside: {MAX_NAME_TRIES} names are taken", shown(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clipboard_escape_carries_base64() {
        assert!(osc52("hi").starts_with("\x1b]52;c;aGk="), "{:?}", osc52("hi"));
        assert!(osc52("Man").contains(";TWFu"), "{:?}", osc52("Man"));
    }

    fn game(moves: &str) -> PgnGame {
        PgnGame::parse(&format!("[Variant \"Wormhole\"]\n\n{moves} *\n")).unwrap()
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn new_names_never_collide_or_replace() {
        let dir = tempfile::tempdir().unwrap();
        // Eight writers want the same name at once, as two programs quitting
        // in the same second do: each gets its own file.
        let written: Vec<(PathBuf, String)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|i| {
                    let dir = dir.path();
                    s.spawn(move || {
                        let text = format!("game {i}\n");
                        (write_new(dir, "autosave-20260101-000000", &text).unwrap(), text)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (path, text) in &written {
            assert_eq!(&std::fs::read_to_string(path).unwrap(), text);
        }
        let mut want = vec!["autosave-20260101-000000.pgn".to_string()];
        want.extend((2..=8).map(|n| format!("autosave-20260101-000000-{n}.pgn")));
        want.sort();
        assert_eq!(names(dir.path()), want, "eight files and no temporary file left");
    }

    #[test]
    fn when_every_numbered_name_is_taken_nothing_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.pgn"), "first").unwrap();
        for n in 2..=MAX_NAME_TRIES {
            std::fs::write(dir.path().join(format!("g-{n}.pgn")), "older").unwrap();
        }
        let err = write_new(dir.path(), "g", "new").unwrap_err();
        assert!(format!("{err:#}").contains("numbered names after it all exist"), "{err:#}");
        assert_eq!(std::fs::read_to_string(dir.path().join("g.pgn")).unwrap(), "first");
        assert_eq!(names(dir.path()).len(), MAX_NAME_TRIES as usize, "no temporary file left");
    }

    #[test]
    fn a_named_file_is_replaced_whole_or_left_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.pgn");
        std::fs::write(&path, "an older, longer game that must not leave a tail behind").unwrap();
        save_text(&game("1. e4").to_pgn(), &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("1. e4 *\n"), "{text}");
        // A name that cannot be replaced (a folder): the save fails, says
        // where, and leaves nothing behind.
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let err = save_text(&game("1. d4").to_pgn(), &folder).unwrap_err();
        assert!(format!("{err:#}").starts_with(&format!("could not save {}", folder.display())), "{err:#}");
        assert_eq!(names(dir.path()), ["folder", "mine.pgn"]);
    }

    #[test]
    fn autosave_creates_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("state/wormhole");
        let path = autosave(&game("1. e4 e5"), &[&nested]).unwrap();
        assert!(path.starts_with(&nested));
        assert!(load_pgn(&path).unwrap().to_pgn().contains("1. e4 e5 *"));
        // A folder that cannot be made (inside a file): the next one is tried.
        let blocked = path.join("sub");
        let other = dir.path().join("other");
        let path = autosave(&game("1. d4"), &[&blocked, &other]).unwrap();
        assert!(path.starts_with(&other), "{}", path.display());
        let err = format!("{:#}", autosave(&game("1. d4"), &[&blocked, &path.join("x")]).unwrap_err());
        assert_eq!(err.matches("could not save").count(), 2, "each folder's failure: {err}");
    }

    #[test]
    fn game_files_above_the_limit_are_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.pgn");
        // A sparse file: its size is known without writing 10 MB.
        File::create(&big).unwrap().set_len(MAX_GAME_FILE_BYTES + 1).unwrap();
        let err = format!("{:#}", read_game_file(&big).unwrap_err());
        assert!(err.contains("larger than 10 MB"), "{err}");
        // A stream is not a file: refused before anything is read.
        let err = format!("{:#}", read_game_file(Path::new("/dev/zero")).unwrap_err());
        assert!(err.contains("/dev/zero: it is a character device, not a regular file"), "{err}");
        let small = dir.path().join("small.pgn");
        std::fs::write(&small, "[Variant \"Wormhole\"]\n\n1. e4 *\n").unwrap();
        assert!(load_pgn(&small).is_ok());
        std::fs::write(&small, b"\xff\xfe").unwrap();
        assert!(format!("{:#}", load_pgn(&small).unwrap_err()).contains("not a text file"));
    }

    /// A folder with `name` made by `make` (a FIFO, a link...) beside a plain file.
    fn special(make: &str, name: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        let status = std::process::Command::new("sh").arg("-c").arg(make).current_dir(dir.path()).status();
        assert!(status.unwrap().success(), "{make}");
        (dir, path)
    }

    #[test]
    fn a_symlink_is_followed_and_stays_a_link() {
        let (dir, link) = special("echo old > real.pgn && ln -s real.pgn link.pgn", "link.pgn");
        save_text(&game("1. e4").to_pgn(), &link).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "still a link");
        assert!(std::fs::read_to_string(dir.path().join("real.pgn")).unwrap().ends_with("1. e4 *\n"));
        // A dangling link gets its target created; a chain is followed to its end.
        let (dir, link) = special("mkdir sub && ln -s sub/new.pgn a.pgn && ln -s a.pgn b.pgn", "b.pgn");
        save_text(&game("1. d4").to_pgn(), &link).unwrap();
        assert!(std::fs::read_to_string(dir.path().join("sub/new.pgn")).unwrap().ends_with("1. d4 *\n"));
        assert_eq!(names(dir.path()), ["a.pgn", "b.pgn", "sub"]);
        // A loop is refused.
        let (_dir, link) = special("ln -s x y && ln -s y x", "x");
        let err = format!("{:#}", save_text(&game("1. d4").to_pgn(), &link).unwrap_err());
        assert!(err.contains("leads to more than 40 others"), "{err}");
    }

    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, path) = special("echo old > g.pgn && chmod 600 g.pgn", "g.pgn");
        save_text(&game("1. e4").to_pgn(), &path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[test]
    fn a_hard_linked_file_is_written_in_place_so_every_name_has_the_new_text() {
        use std::os::unix::fs::MetadataExt;
        let (dir, path) = special("echo old > g.pgn && ln g.pgn other.pgn", "g.pgn");
        save_text(&game("1. e4").to_pgn(), &path).unwrap();
        let other = dir.path().join("other.pgn");
        assert_eq!(std::fs::read_to_string(&other).unwrap(), std::fs::read_to_string(&path).unwrap());
        assert!(std::fs::read_to_string(&other).unwrap().ends_with("1. e4 *\n"));
        assert_eq!(std::fs::metadata(&path).unwrap().ino(), std::fs::metadata(&other).unwrap().ino(), "still one file");
        // A shorter text leaves no tail of the longer one.
        save_text("short\n", &path).unwrap();
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "short\n");
        assert_eq!(names(dir.path()), ["g.pgn", "other.pgn"], "no temporary file left");
    }

    #[test]
    fn a_replaced_file_keeps_its_owner() {
        use std::os::unix::fs::MetadataExt;
        let (_dir, path) = special("echo old > g.pgn && chmod 666 g.pgn", "g.pgn");
        // Root can give the file away, and a save must then keep that owner;
        // another user's file is written in place (a new file would be ours).
        let _ = std::os::unix::fs::chown(&path, Some(65534), Some(65534));
        let owner = |p: &Path| std::fs::metadata(p).map(|m| (m.uid(), m.gid())).unwrap();
        let before = owner(&path);
        save_text(&game("1. e4").to_pgn(), &path).unwrap();
        assert_eq!(owner(&path), before);
        assert!(std::fs::read_to_string(&path).unwrap().ends_with("1. e4 *\n"));
    }

    #[test]
    fn a_missing_folder_is_created_only_when_it_is_ours() {
        let dir = tempfile::tempdir().unwrap();
        let typo = dir.path().join("typo-dir/deeper/game.pgn");
        for err in [save_text("x", &typo).unwrap_err(), can_save(&typo).unwrap_err()] {
            let err = format!("{err:#}");
            assert!(err.contains("the folder") && err.contains("typo-dir/deeper does not exist"), "{err}");
        }
        assert_eq!(names(dir.path()), Vec::<String>::new(), "no folder made");
        write_kept(&dir.path().join("ours/record.toml"), "x").unwrap();
        assert!(can_save(&dir.path().join("ours/new.pgn")).is_ok());
        let err = format!("{:#}", can_save(dir.path()).unwrap_err());
        assert!(err.contains("is a folder, not a regular file"), "{err}");
    }

    #[test]
    fn what_is_not_a_plain_file_is_never_replaced() {
        for (make, name, kind) in [
            ("mkfifo fifo", "fifo", "is a FIFO (named pipe), not a regular file"),
            ("mkdir folder", "folder", "is a folder, not a regular file"),
            ("mkfifo fifo && ln -s fifo link", "link", "link is a FIFO (named pipe), not a regular file"),
        ] {
            let (dir, path) = special(make, name);
            let before = names(dir.path());
            let err = format!("{:#}", save_text(&game("1. e4").to_pgn(), &path).unwrap_err());
            assert!(err.starts_with(&format!("could not save {}", path.display())), "{err}");
            assert!(err.contains(kind), "{err}");
            assert_eq!(names(dir.path()), before, "nothing written, no temporary file left");
        }
        for device in ["/dev/null", "/dev/zero"] {
            let err = format!("{:#}", save_text(&game("1. e4").to_pgn(), Path::new(device)).unwrap_err());
            assert!(err.contains("is a character device, not a regular file: nothing was written"), "{err}");
        }
        let (dir, fifo) = special("mkfifo fifo", "fifo");
        let err = format!("{:#}", read_game_file(&fifo).unwrap_err());
        assert!(err.contains("it is a FIFO (named pipe), not a regular file"), "read without waiting: {err}");
        let err = format!("{:#}", read_config(dir.path()).unwrap_err());
        assert!(err.contains("it is a folder, not a regular file"), "{err}");
    }

    #[test]
    fn config_reads_are_bounded() {
        let (dir, link) = special("ln -s /dev/zero config.toml", "config.toml");
        let err = format!("{:#}", read_config(&link).unwrap_err());
        assert!(err.contains("it is a character device, not a regular file"), "{err}");
        let big = dir.path().join("big.toml");
        File::create(&big).unwrap().set_len(MAX_CONFIG_BYTES + 1).unwrap();
        assert!(format!("{:#}", read_config(&big).unwrap_err()).contains("larger than 64 KB: not a config file"));
        assert_eq!(read_config(&dir.path().join("none.toml")).unwrap(), None);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bom.pgn");
        std::fs::write(&path, "\u{feff}[Variant \"Wormhole\"]\n\n1. e4 *\n").unwrap();
        assert!(std::fs::read(&path).unwrap().starts_with(b"\xef\xbb\xbf"));
        assert_eq!(load_pgn(&path).unwrap().moves.len(), 1);
    }

    #[test]
    fn a_leading_tilde_is_the_home_folder() {
        let home = dirs::home_dir().unwrap();
        assert_eq!(user_path("~/x.pgn"), home.join("x.pgn"));
        assert_eq!(user_path("~"), home);
        assert_eq!(user_path("~bob/x.pgn"), PathBuf::from("~bob/x.pgn"), "another user's home is not guessed");
        assert_eq!(user_path("a/~/x.pgn"), PathBuf::from("a/~/x.pgn"));
    }

    #[test]
    fn dates_look_like_dates() {
        let d = pgn_date();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
        assert_eq!(stamp().len(), 15);
        let leap_day = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(951_782_400 + 3_600 + 120);
        let text = |zone| in_zone(leap_day, zone).strftime("%Y-%m-%d %H:%M").to_string();
        assert_eq!(text(TimeZone::UTC), "2000-02-29 01:02");
        let east = TimeZone::fixed(jiff::tz::offset(-3));
        assert_eq!(text(east), "2000-02-28 22:02", "local time, not UTC");
        // 2000-02-28 23:30 UTC is the 28th in UTC, whatever the machine's zone.
        let late = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(951_782_400 - 1_800);
        assert_eq!(utc_pgn_date(late), "2000.02.28");
    }
}
