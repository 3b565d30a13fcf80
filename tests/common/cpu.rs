//! The CPU time a process has used, from `/proc/PID/stat` (Linux): the one
//! reader the tests share. What the tests ask of it is relative to the
//! process itself (idle: almost nothing in a second; busy: more than idle),
//! never a share of a core, which a loaded machine would not give.

use std::time::Duration;

/// The CPU time (user and system, all threads) process `pid` has used so far.
pub fn seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the process runs");
    // The fields after the command name (which may hold spaces and
    // parentheses), from the state (field 3): utime is field 14, stime 15.
    let rest = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let ticks: u64 = rest.split(' ').skip(11).take(2).map(|t| t.parse::<u64>().expect("a tick count")).sum();
    ticks as f64 / rustix::param::clock_ticks_per_second() as f64
}

/// The CPU time process `pid` uses over the next `span`.
pub fn seconds_over(pid: u32, span: Duration) -> f64 {
    let before = seconds(pid);
    std::thread::sleep(span);
    seconds(pid) - before
}
