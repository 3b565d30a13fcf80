//! What the command line says about itself and where it sends a reader:
//! the shell completions and man pages (`wormhole completions`, `wormhole
//! man`) through the real binary, and every `docs/` file that the README,
//! `--help` and the rules files name.

mod common;

use std::path::PathBuf;

use common::{stdout_of, wormhole};

/// The subcommands `wormhole --help` lists (its "Commands:" block), so a
/// new one is checked without a change here.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let block = help.split("Commands:\n").nth(1).expect("--help lists the commands");
    let names: Vec<String> = block
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 10 && names.iter().any(|n| n == "perft"), "{names:?}");
    names
}

#[test]
fn completions_for_bash_zsh_and_fish_name_every_subcommand() {
    let commands = subcommands();
    for (shell, mark) in
        [("bash", "complete -F _wormhole"), ("zsh", "#compdef wormhole"), ("fish", "complete -c wormhole")]
    {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains(mark), "{shell}: {script}");
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} does not complete '{command}'");
        }
        assert!(script.contains("variant") && script.contains("twoboard"), "{shell}: options and their values");
    }
    let out = wormhole(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[possible values: bash, elvish, fish, powershell, zsh]"));
}

#[test]
fn the_man_page_lists_every_subcommand_and_each_has_its_own() {
    let page = stdout_of(&["man"]);
    assert!(page.starts_with(".ie") && page.contains(".TH wormhole 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS") && page.contains("docs/linked.md"), "{page}");
    for command in subcommands() {
        assert!(page.contains(&format!("wormhole\\-{}(1)", command.replace('-', "\\-"))), "no {command} in {page}");
        let own = stdout_of(&["man", &command]);
        assert!(own.contains(&format!(".TH wormhole-{command} 1")), "{own}");
    }
    assert!(stdout_of(&["man", "perft"]).contains("\\-\\-divide"));
    let out = wormhole(&["man", "perf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no command 'perf': the commands are play, uci"));
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `docs/NAME.md` or `docs/NAME.md#anchor` in `text`.
fn docs_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    for (at, _) in text.match_indices("docs/") {
        let link: String =
            text[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || "/._-#".contains(*c)).collect();
        links.push(link.trim_end_matches('.').to_string());
    }
    links
}

/// The anchors GitHub gives the headings of a Markdown text: lower case,
/// punctuation other than `-` dropped, spaces as `-`.
fn anchors(markdown: &str) -> Vec<String> {
    let headings =
        markdown.lines().filter_map(|l| l.trim_start_matches('#').strip_prefix(' ').filter(|_| l.starts_with('#')));
    let slug = |h: &str| {
        h.to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-' || *c == ' ')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect::<String>()
    };
    headings.map(slug).collect()
}

/// `link` (`docs/x.md` or `docs/x.md#anchor`) names a file of the
/// repository and, if it has one, a heading of that file (`docs/` alone:
/// the folder).
fn assert_exists(link: &str, whose: &str) {
    let (file, anchor) = link.split_once('#').map_or((link, None), |(f, a)| (f, Some(a)));
    if file.ends_with('/') {
        assert!(root().join(file).is_dir(), "{whose} names the folder {file}");
        return;
    }
    assert!(file.ends_with(".md"), "{whose}: '{link}' is not a Markdown file");
    let text = std::fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("{whose} links {link}: {e}"));
    if let Some(anchor) = anchor {
        assert!(anchors(&text).iter().any(|a| a == anchor), "{whose}: {file} has no heading #{anchor}");
    }
}

#[test]
fn every_docs_link_of_the_readme_help_and_docs_exists() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let links = docs_links(&readme);
    assert!(links.len() >= 5, "the README links each game's rules: {links:?}");
    for link in &links {
        assert_exists(link, "README.md");
    }
    for (at, _) in readme.match_indices("](#") {
        let anchor: String = readme[at + 3..].chars().take_while(|c| *c != ')').collect();
        assert!(anchors(&readme).contains(&anchor), "README.md links #{anchor}, which is none of its headings");
    }
    let help = stdout_of(&["--help"]);
    let named = docs_links(&help);
    assert_eq!(named.len(), 4, "--help names the four rules files: {help}");
    for link in &named {
        assert_exists(link, "wormhole --help");
    }
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let whose = path.display().to_string();
        // Links between the rules files are relative: `](porthole.md#fen)`.
        for (at, _) in text.match_indices("](") {
            let target: String = text[at + 2..].chars().take_while(|c| *c != ')').collect();
            let name = path.file_name().unwrap().to_string_lossy();
            let target = if target.starts_with('#') { format!("{name}{target}") } else { target };
            if !target.contains("://") {
                assert_exists(&format!("docs/{target}"), &whose);
            }
        }
    }
}

#[test]
fn anchors_follow_githubs_rule() {
    assert_eq!(
        anchors("# Linked-portal chess\n## FEN: the portal field\ntext # no"),
        ["linked-portal-chess", "fen-the-portal-field"]
    );
    assert_eq!(docs_links("see docs/linked.md#fen. And docs/wormhole.md"), ["docs/linked.md#fen", "docs/wormhole.md"]);
}
