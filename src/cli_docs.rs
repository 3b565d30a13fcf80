//! `wormhole completions SHELL` and `wormhole man [COMMAND]`: the command
//! line described for the shell and for `man`, both generated from the
//! clap definitions (clap_complete, clap_mangen), so they name every
//! subcommand and option the program has and cannot drift from it.

use anyhow::{Context, bail};
use clap_complete::Shell;

/// Arguments of `wormhole completions`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "Install, e.g.:\n  \
    bash: wormhole completions bash > ~/.local/share/bash-completion/completions/wormhole\n  \
    zsh:  wormhole completions zsh > ~/.zfunc/_wormhole  (with fpath+=~/.zfunc before compinit)\n  \
    fish: wormhole completions fish > ~/.config/fish/completions/wormhole.fish")]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Arguments of `wormhole man`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "Install, e.g.:\n  \
    wormhole man > ~/.local/share/man/man1/wormhole.1\n  \
    wormhole man match > ~/.local/share/man/man1/wormhole-match.1")]
pub struct ManArgs {
    /// The subcommand whose page to print (wormhole-COMMAND(1)); without
    /// it, the page of wormhole itself, which lists the subcommands.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// The completion script of `shell` for the command line `cli`.
pub fn completions(shell: Shell, mut cli: clap::Command) -> String {
    let name = cli.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cli, name, &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// The man page (roff) of `cli`, or of its subcommand `command`; an
/// unknown subcommand is refused with the names there are.
pub fn man_page(cli: clap::Command, command: Option<&str>) -> anyhow::Result<String> {
    let name = cli.get_name().to_string();
    let source = format!("{name} {}", cli.get_version().unwrap_or_default());
    let page = match command {
        None => cli,
        Some(sub) => {
            let Some(found) = cli.find_subcommand(sub).cloned() else {
                let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
                bail!("no command '{sub}': the commands are {}", names.join(", "));
            };
            found.bin_name(format!("{name} {sub}")).display_name(format!("{name}-{sub}"))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(source)
        .manual("Wormhole chess")
        .render(&mut roff)
        .context("rendering the man page")?;
    Ok(String::from_utf8_lossy(&roff).into_owned())
}

/// `wormhole completions SHELL`: prints the script.
pub fn print_completions(shell: Shell, cli: clap::Command) -> anyhow::Result<()> {
    outln!("{}", completions(shell, cli).trim_end());
    Ok(())
}

/// `wormhole man [COMMAND]`: prints the page.
pub fn print_man_page(cli: clap::Command, command: Option<&str>) -> anyhow::Result<()> {
    outln!("{}", man_page(cli, command)?.trim_end());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli() -> clap::Command {
        clap::Command::new("tool").version("1.0").subcommand(clap::Command::new("run").about("Runs it."))
    }

    #[test]
    fn an_unknown_subcommand_has_no_page_and_the_message_lists_them() {
        let err = man_page(cli(), Some("walk")).unwrap_err().to_string();
        assert_eq!(err, "no command 'walk': the commands are run");
        let page = man_page(cli(), Some("run")).unwrap();
        assert!(page.contains(".TH tool-run 1"), "{page}");
        assert!(page.contains("Runs it."), "{page}");
    }
}
