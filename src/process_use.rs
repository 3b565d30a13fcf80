//! What a process uses, from Linux's `/proc`: its CPU time and its
//! resident memory. Read by the load benchmarks for the server (their own
//! process, or the server they started).

/// Which process: this one, or another by its id.
#[derive(Debug, Clone, Copy)]
pub enum Process {
    /// The process that asks.
    Me,
    /// Another process.
    Id(u32),
}

impl Process {
    fn path(self, file: &str) -> String {
        match self {
            Process::Me => format!("/proc/self/{file}"),
            Process::Id(pid) => format!("/proc/{pid}/{file}"),
        }
    }

    /// The user and system CPU time of all its threads so far, in seconds
    /// (0 where `/proc` cannot be read).
    pub fn cpu_seconds(self) -> f64 {
        let stat = std::fs::read_to_string(self.path("stat")).unwrap_or_default();
        // The fields after the command's closing parenthesis (the command
        // may hold spaces): utime is the 12th, stime the 13th.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let ticks: u64 = after.split_whitespace().skip(11).take(2).filter_map(|t| t.parse::<u64>().ok()).sum();
        ticks as f64 / rustix::param::clock_ticks_per_second() as f64
    }

    /// Its resident memory now and at its peak, in KiB (0 where unknown).
    pub fn memory_kib(self) -> (u64, u64) {
        let status = std::fs::read_to_string(self.path("status")).unwrap_or_default();
        let field = |name: &str| {
            let value =
                status.lines().find_map(|l| l.strip_prefix(name)?.trim().strip_suffix("kB")?.trim().parse().ok());
            value.unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}
