//! A throwaway PostgreSQL cluster for the tests, one per test binary,
//! started on first use: `initdb` in a temporary folder, then `postgres`
//! listening on 127.0.0.1 only, on a free port, as an unprivileged user
//! (`nobody` when the tests run as root, as in CI: initdb refuses root),
//! with trust authentication for the user `wormhole`. Each test takes a
//! database of its own ([`database`]). The binaries are found in
//! `/usr/lib/postgresql/*/bin` (`.ci/run` installs the distribution's
//! `postgresql` where it is missing); without them, or when the cluster
//! cannot start, the test fails saying why: it never skips.
//!
//! The cluster ends with the test binary: a shell stands between, reading
//! its standard input from this process; when the process exits, the
//! pipe closes, and the shell stops PostgreSQL and removes the folder.
//!
//! This file is shared: the integration tests include it from
//! `tests/common`, the binary's unit tests by `#[path]`.

use std::io::{BufRead, BufReader, Read};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long the cluster may take to accept connections.
const START_DEADLINE: Duration = Duration::from_secs(60);

/// The user the tests connect as.
pub const USER: &str = "wormhole";

struct Cluster {
    port: u16,
    /// The shell that keeps PostgreSQL; its standard input is the lifeline.
    _keeper: Mutex<Child>,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static NEXT_DB: AtomicUsize = AtomicUsize::new(0);

/// The newest installed PostgreSQL's `bin` folder.
fn bin_dir() -> Result<PathBuf, String> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|e| format!("no /usr/lib/postgresql ({e})"))?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).ok_or_else(|| "no /usr/lib/postgresql/*/bin/initdb".to_string())
}

/// A port free on 127.0.0.1 now.
fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

/// The command prefix that runs a program as the unprivileged user: none
/// when this process is not root (`/proc/self` belongs to this process's user).
fn as_user() -> &'static str {
    use std::os::unix::fs::MetadataExt;
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    if root { "setpriv --reuid=nobody --regid=nogroup --clear-groups --" } else { "" }
}

/// The shell script that makes the cluster, starts it, and when its input
/// closes stops it and removes its folder.
const KEEPER: &str = r#"
set -e
dir="$1"; bin="$2"; port="$3"; run="$4"
chown nobody:nogroup "$dir" 2>/dev/null || true
$run "$bin/initdb" -D "$dir/data" -U wormhole --auth=trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 \
    || { echo "initdb failed:"; cat "$dir/initdb.log"; exit 1; }
$run "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" -c fsync=off -c synchronous_commit=off \
    -c max_connections=200 >"$dir/postgres.log" 2>&1 &
pid=$!
echo started
cat >/dev/null || true
kill -INT "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
rm -rf "$dir"
"#;

fn start() -> Result<Cluster, String> {
    let bin = bin_dir()?;
    let dir = std::env::temp_dir().join(format!("wormhole-pg-{}-{}", std::process::id(), free_port()?));
    std::fs::create_dir(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let port = free_port()?;
    let mut keeper = Command::new("sh")
        .args(["-c", KEEPER, "keeper"])
        .arg(&dir)
        .arg(&bin)
        .arg(port.to_string())
        .arg(as_user())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let mut out = BufReader::new(keeper.stdout.take().expect("piped"));
    let mut line = String::new();
    out.read_line(&mut line).map_err(|e| e.to_string())?;
    if line.trim() != "started" {
        let mut rest = String::new();
        let _ = out.read_to_string(&mut rest);
        return Err(format!("the cluster in {} did not start: {line}{rest}", dir.display()));
    }
    let start = Instant::now();
    while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
        if start.elapsed() > START_DEADLINE {
            let log = std::fs::read_to_string(dir.join("postgres.log")).unwrap_or_default();
            return Err(format!("PostgreSQL did not listen on port {port} within {START_DEADLINE:?}: {log}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(Cluster { port, _keeper: Mutex::new(keeper) })
}

fn cluster() -> &'static Cluster {
    match CLUSTER.get_or_init(start) {
        Ok(cluster) => cluster,
        Err(why) => panic!(
            "this test needs PostgreSQL and could not start a throwaway cluster: {why}\n\
             (install the distribution's postgresql package: apt-get install postgresql; .ci/run does)"
        ),
    }
}

/// The URL of the cluster's database `name`.
pub fn url(name: &str) -> String {
    format!("postgres://{USER}@127.0.0.1:{}/{name}", cluster().port)
}

/// A new, empty database of the cluster, for one test: its URL.
pub fn database() -> String {
    let name = format!("t{}", NEXT_DB.fetch_add(1, Ordering::Relaxed));
    let admin = url("postgres");
    // The cluster may still be finishing its start: retry with a deadline.
    let start = Instant::now();
    loop {
        let made = postgres::Client::connect(&admin, postgres::NoTls)
            .and_then(|mut client| client.batch_execute(&format!("CREATE DATABASE {name}")));
        match made {
            Ok(()) => return url(&name),
            Err(e) if start.elapsed() > START_DEADLINE => panic!("cannot create the test database {name}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
