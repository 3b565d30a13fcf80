//! What the command line says about itself and where it sends a reader:
//! the shell completions and man pages (`wormhole completions`, `wormhole
//! man`) through the real binary, and every `docs/` file that the README,
//! `--help` and the rules files name; and no link or citation in the
//! code, the README or `docs/` to a file the repository does not have
//! (the rules documents the games were first specified in, and their
//! numbered decisions, are not in it: comments cite `docs/` instead).

mod common;

use std::path::Path;

use common::{files_under, root, stdout_of, wormhole};

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

/// A number is completed as nothing (no file names), and the first line
/// of `--help` and the man page's name line name all five games.
#[test]
fn numbers_complete_to_no_files_and_the_first_lines_name_all_five_games() {
    let script = stdout_of(&["completions", "bash"]);
    for option in ["--level", "--movetime", "--clock", "--seed"] {
        let case = script.split(&format!("{option})")).nth(1).unwrap_or_else(|| panic!("no case for {option}"));
        let body = case.split(";;").next().unwrap();
        assert!(!body.contains("compgen -f"), "{option} completes file names: {body}");
    }
    let games = ["Wormhole chess", "fairy", "Porthole", "Linked-portal", "Two-board portal chess"];
    let help = stdout_of(&["--help"]);
    let first = help.lines().next().unwrap();
    let page = stdout_of(&["man"]);
    let page = page.replace("\\-", "-");
    let name = page.split(".SH NAME").nth(1).and_then(|s| s.split(".SH").next()).expect("a NAME section");
    for game in games {
        assert!(first.contains(game), "--help: {first}");
        assert!(name.contains(game), "man: {name}");
    }
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

/// Every path into `docs/` in `text`, with its `#anchor` if it has one.
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

/// What is wrong with `link` (a path from the root, a Markdown file's
/// with its `#anchor` if any, or a folder's ending in `/`): `None` when it
/// names a file or folder of the repository and, if it has an anchor, a
/// heading of that file.
fn missing(link: &str) -> Option<String> {
    let (file, anchor) = link.split_once('#').map_or((link, None), |(f, a)| (f, Some(a)));
    let path = root().join(file);
    if file.ends_with('/') || path.is_dir() {
        return (!path.is_dir()).then(|| format!("no folder {file}"));
    }
    let Ok(text) = std::fs::read_to_string(&path) else { return Some(format!("no file {file}")) };
    match anchor {
        Some(anchor) if !file.ends_with(".md") => Some(format!("#{anchor} in {file}, which is not Markdown")),
        Some(anchor) if !anchors(&text).iter().any(|a| a == anchor) => Some(format!("{file} has no heading #{anchor}")),
        _ => None,
    }
}

/// `link` (see [`missing`]) names a file of the repository and, if it has
/// one, a heading of that file.
fn assert_exists(link: &str, whose: &str) {
    if let Some(wrong) = missing(link) {
        panic!("{whose} links {link}: {wrong}");
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
        // Links between the rules files are relative to docs/ (`porthole.md#fen`).
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

/// The rules documents the games were first specified in, which are not in
/// the repository (built here so that this file does not name them).
fn outside_documents() -> [String; 4] {
    ["PORTAL", "PORTAL-LINKED", "PORTAL-TWOBOARD", "RULES"].map(|name| format!("{name}.md"))
}

/// The comment of each line of Rust source (what follows its first `//`),
/// with the line's number.
fn comments(source: &str) -> impl Iterator<Item = (usize, &str)> {
    source.lines().enumerate().filter_map(|(i, line)| line.split_once("//").map(|(_, c)| (i + 1, c)))
}

/// The decision numbers cited in `comment`: a `D` and one or two digits,
/// as a word (see the test below), but not an EPD depth tag (a `;` before
/// the `D`).
fn decision_numbers(comment: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in comment.match_indices('D') {
        let before = comment[..at].chars().next_back();
        let digits: String = comment[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        let after = comment[at + 1 + digits.len()..].chars().next();
        let starts = before.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != ';');
        let ends = after.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        if starts && ends && (1..=2).contains(&digits.len()) {
            found.push(format!("D{digits}"));
        }
    }
    found
}

/// The targets of the Markdown links (`[text](target)`) in `text`.
fn link_targets(text: &str) -> Vec<String> {
    text.match_indices("](").map(|(at, _)| text[at + 2..].chars().take_while(|c| *c != ')').collect()).collect()
}

/// The words of `text` that end in `.md` (a path before one included).
fn markdown_names(text: &str) -> Vec<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut names = Vec::new();
    for (at, _) in text.match_indices(".md") {
        if text[at + 3..].chars().next().is_some_and(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let start = text[..at].char_indices().rev().take_while(|(_, c)| word(*c)).last().map_or(at, |(i, _)| i);
        if start < at {
            names.push(text[start..at + 3].trim_start_matches("./").to_string());
        }
    }
    names
}

/// What is wrong with the links of the Markdown file `path`: each relative
/// `[..](target)` (from the file's folder; `#anchor` alone: the file's own
/// heading) and each `docs/...` path (from the root).
fn markdown_problems(path: &Path, problems: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let relative = path.parent().unwrap().strip_prefix(root()).unwrap();
    let name = path.strip_prefix(root()).unwrap().display().to_string();
    for target in link_targets(&text).into_iter().filter(|t| !t.contains("://") && !t.starts_with("mailto:")) {
        let link = match target.strip_prefix('#') {
            Some(anchor) => format!("{name}#{anchor}"),
            None => relative.join(&target).display().to_string(),
        };
        problems.extend(missing(&link).map(|wrong| format!("{name}: ]({target}): {wrong}")));
    }
    for link in docs_links(&text) {
        problems.extend(missing(&link).map(|wrong| format!("{name}: {link}: {wrong}")));
    }
}

/// What is wrong with the citations of the Rust file `path`: anywhere, an
/// outside rules document or a `docs/` path that does not exist; in a
/// comment, a decision number, a Markdown name that is no file of the
/// repository, or a Markdown link to a missing file.
fn source_problems(path: &Path, markdown: &[String], problems: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(root()).unwrap().display().to_string();
    for (i, line) in text.lines().enumerate() {
        for outside in outside_documents().iter().filter(|d| line.contains(d.as_str())) {
            problems.push(format!("{name}:{}: cites {outside}, which is not in the repository", i + 1));
        }
    }
    for link in docs_links(&text) {
        problems.extend(missing(&link).map(|wrong| format!("{name}: {link}: {wrong}")));
    }
    for (line, comment) in comments(&text) {
        for number in decision_numbers(comment) {
            problems.push(format!("{name}:{line}: cites decision {number}: cite a section of docs/ instead"));
        }
        for file in markdown_names(comment) {
            let known = markdown.iter().any(|m| *m == file || m.rsplit('/').next() == Some(file.as_str()));
            if !known && !outside_documents().contains(&file) {
                problems.push(format!("{name}:{line}: names {file}, which is no file of the repository"));
            }
        }
        let file_links = link_targets(comment).into_iter().filter(|t| t.contains(".md") || t.starts_with("docs/"));
        for target in file_links.filter(|t| !t.contains("://")) {
            problems.extend(missing(&target).map(|wrong| format!("{name}:{line}: ]({target}): {wrong}")));
        }
    }
}

#[test]
fn no_link_or_citation_points_outside_the_repository() {
    let (mut markdown, mut sources) = (Vec::new(), Vec::new());
    files_under(&root(), ".md", &mut markdown);
    for dir in ["src", "tests", "crates"] {
        files_under(&root().join(dir), ".rs", &mut sources);
    }
    assert!(markdown.len() >= 5 && sources.len() >= 100, "{} Markdown, {} Rust files", markdown.len(), sources.len());
    let names: Vec<String> = markdown.iter().map(|p| p.strip_prefix(root()).unwrap().display().to_string()).collect();
    let mut problems = Vec::new();
    for path in &markdown {
        markdown_problems(path, &mut problems);
    }
    for path in &sources {
        source_problems(path, &names, &mut problems);
    }
    assert!(
        problems.is_empty(),
        "{} links or citations point outside the repository:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn citations_are_found_where_they_are_written() {
    let comment = "(D3), D10; decisions D1-D15; an EPD's `;D1 20`; DD2, D100, 3D1";
    assert_eq!(decision_numbers(comment), ["D3", "D10", "D1", "D15"]);
    assert_eq!(outside_documents()[1], ["PORTAL", "-LINKED.md"].concat());
    assert_eq!(markdown_names("see docs/linked.md#fen, README.md. not x.mdx, `.md`"), ["docs/linked.md", "README.md"]);
    assert_eq!(link_targets("[a](docs/linked.md#fen) and [`B`](super::B)"), ["docs/linked.md#fen", "super::B"]);
    assert_eq!(comments("let a = 1; // note\n/// doc\nno").collect::<Vec<_>>(), [(1, " note"), (2, "/ doc")]);
    assert_eq!(missing("docs/porthole.md#moving"), None);
    let no_heading = ["docs/porthole.md", "#d3"].concat();
    assert_eq!(missing(&no_heading).unwrap(), "docs/porthole.md has no heading #d3");
    assert_eq!(missing(&outside_documents()[0]).unwrap(), format!("no file {}", outside_documents()[0]));
}

/// The rules the docs once left out (issue 55) are written in `docs/`,
/// each where a reader of that game looks for it.
#[test]
fn the_docs_say_the_rules_once_left_out() {
    let read = |name: &str| std::fs::read_to_string(root().join("docs").join(name)).unwrap();
    let (twoboard, porthole, wormhole) = (read("twoboard.md"), read("porthole.md"), read("wormhole.md"));
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let (twoboard, porthole, wormhole) = (flat(&twoboard), flat(&porthole), flat(&wormhole));
    // Two-board's horizon rule, both halves.
    assert!(twoboard.contains("if the **opponent's** next move on that board is forced"), "horizon");
    assert!(twoboard.contains("the king still counts as attacked"), "horizon");
    // Porthole: a pawn out on its last rank attacks nothing.
    assert!(porthole.contains("has no move and attacks nothing (so it gives no check)"), "last-rank pawn");
    // Porthole's SAN disambiguation, as narrow as it is.
    assert!(porthole.contains("another legal move of the same piece kind has the same entry and exit"), "SAN");
    // Wormhole chess's FEN ply field: what the program accepts.
    assert!(wormhole.contains("at most the number of holes plus 64"), "plies");
    assert!(wormhole.contains("`k7/8/4x3/4x3/4K3/8/8/8 w 66`"), "plies");
    let fen = |plies: u32| {
        wormhole::AnyPosition::from_fen(wormhole::GameKind::Classic, &format!("k7/8/4x3/4x3/4K3/8/8/8 w {plies}"))
    };
    assert!(fen(66).is_ok(), "the docs' example is accepted");
    assert!(fen(67).is_err_and(|e| e.to_string().contains("by more than 64")), "{:?}", fen(67));
}
