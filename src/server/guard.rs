//! What `wormhole serve` checks of its data folder before it serves
//! (issue #54): one server per folder, and permissions as sshd's
//! `StrictModes` wants them.
//!
//! - [`lock`]: an exclusive lock (`flock`, through std's `File::try_lock`)
//!   on `server.lock`, held for the server's life and holding its PID; a
//!   second server on the folder stops with the first's PID. The kernel
//!   drops the lock when the process ends, however it ends.
//! - [`check_permissions`]: a host key or database readable by others, or
//!   a data folder writable by others, is refused with the `chmod` to run
//!   (`--unsafe-permissions` serves anyway).

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use anyhow::{Context, bail};

/// The lock file in the data folder.
pub const LOCK_FILE: &str = "server.lock";

/// The data folder held by this process until dropped.
pub struct FolderLock {
    _file: File,
}

/// Takes the data folder `dir` for this process, or says which process has it.
pub fn lock(dir: &Path) -> anyhow::Result<FolderLock> {
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .with_context(|| format!("cannot open the lock file {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            bail!(
                "another wormhole serve (PID {}) is serving the data folder {}: stop it first, or give this one another --data",
                pid.trim(),
                dir.display()
            );
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(e).with_context(|| format!("cannot lock {}", path.display()));
        }
    }
    file.set_len(0).and_then(|()| file.rewind())?;
    writeln!(file, "{}", std::process::id()).and_then(|()| file.sync_all())?;
    Ok(FolderLock { _file: file })
}

/// Refuses a data folder writable by others, and files in it (`files`,
/// those that exist) readable by others: the error names the `chmod` to run.
pub fn check_permissions(dir: &Path, files: &[&str]) -> anyhow::Result<()> {
    let mut fixes = Vec::new();
    let mode = |p: &Path| std::fs::metadata(p).map(|m| m.permissions().mode() & 0o7777);
    let dir_mode = mode(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    if dir_mode & 0o022 != 0 {
        fixes.push(format!("the data folder is writable by others (mode {dir_mode:04o}): chmod 700 {}", dir.display()));
    }
    for name in files {
        let path = dir.join(name);
        if let Ok(m) = mode(&path)
            && m & 0o077 != 0
        {
            fixes.push(format!("{} is open to others (mode {m:04o}): chmod 600 {}", path.display(), path.display()));
        }
    }
    if fixes.is_empty() {
        return Ok(());
    }
    bail!("{}\n(or start with --unsafe-permissions to serve anyway)", fixes.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_a_folder_names_the_first_pid() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock(dir.path()).unwrap();
        let err = lock(dir.path()).err().expect("the folder is taken").to_string();
        assert!(err.contains(&format!("PID {}", std::process::id())), "{err}");
        drop(first);
        lock(dir.path()).expect("free again once the first lets go");
    }

    #[test]
    fn loose_modes_are_refused_with_the_chmod_to_run() {
        let dir = tempfile::tempdir().unwrap();
        let set = |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
        std::fs::write(dir.path().join("key"), "k").unwrap();
        set(dir.path(), 0o700);
        set(&dir.path().join("key"), 0o600);
        check_permissions(dir.path(), &["key", "absent"]).unwrap();
        set(&dir.path().join("key"), 0o644);
        set(dir.path(), 0o1777);
        let err = check_permissions(dir.path(), &["key"]).unwrap_err().to_string();
        assert!(err.contains(&format!("chmod 700 {}", dir.path().display())), "{err}");
        assert!(err.contains(&format!("chmod 600 {}", dir.path().join("key").display())), "{err}");
        set(dir.path(), 0o700);
    }
}
