//! Functions that fit on a screen (issue 25, item 5): no non-test function of the engine, the
//! vocabulary, the tuner, the referee or the fuzzer runs over `MAX_LINES` lines unless a comment
//! just above it (among its doc comments and attributes) says why it must stay one piece:
//! `// One piece: <why>`. The crates are read from the source tree, as `layers.rs` does.

use std::fs;
use std::path::{Path, PathBuf};

/// The longest a function may be, from its `fn` line to its closing brace.
const MAX_LINES: usize = 100;

/// The marker that lets a longer function stand, followed by the reason.
const MARKER: &str = "// One piece:";

/// The source folders checked, each a workspace crate's; `engine-tests` is all tests.
const CHECKED: &[(&str, &str)] = &[
    (".", "src"),
    ("vocab", "vocab/src"),
    ("tuning", "tuning/src"),
    ("referee", "referee/src"),
    ("fuzz", "fuzz/src"),
];

/// `text` with comments and the insides of string and character literals blanked out (newlines
/// kept), so that braces are only ever code.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev_ident = i > 0 && ident(chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && !prev_ident
            && raw_string_hashes(&chars[i..]).is_some()
        {
            // r"..." / r#"..."# / br"...": no escapes; ends at a quote and as many hashes.
            let start = if c == 'b' { i + 1 } else { i };
            let hashes = raw_string_hashes(&chars[start..]).unwrap_or(0);
            let open = start + 1 + hashes + 1;
            for _ in i..open {
                out.push(' ');
            }
            i = open;
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += hashes + 1;
                    break;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('{', '\'', '\u{7b}'); a lifetime ('a) has no closing quote.
            out.push(' ');
            i += 1;
            if chars.get(i) == Some(&'\\') {
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The number of hashes of a raw string starting at `chars[0] == 'r'`, or `None` if it is not one.
fn raw_string_hashes(chars: &[char]) -> Option<usize> {
    if chars.first() != Some(&'r') {
        return None;
    }
    let hashes = chars[1..].iter().take_while(|&&c| c == '#').count();
    (chars.get(1 + hashes) == Some(&'"')).then_some(hashes)
}

/// A function found in a file: its name, the line of `fn` (1-based) and its length in lines.
#[derive(Debug)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The functions with a body in `text` that a build without tests compiles: those inside an
/// inline `#[cfg(test)]` module or marked `#[test]`/`#[cfg(test)]` themselves are left out.
fn functions(text: &str) -> Vec<Function> {
    let code = code_only(text);
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let test_ranges = test_modules(&code);
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("fn ") {
        let start = from + at;
        from = start + 3;
        let word_start = start == 0 || !is_ident(bytes[start - 1]);
        if !word_start || test_ranges.iter().any(|r| r.contains(&start)) {
            continue;
        }
        let name: String = code[start + 3..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue; // `fn(u8) -> u8`, a pointer type
        }
        let Some(open) = body_start(&code, start + 3) else {
            continue; // a declaration without a body
        };
        let Some(close) = matching_brace(bytes, open) else {
            continue;
        };
        let line = line_of(start);
        if is_test_function(text, line) {
            continue;
        }
        found.push(Function {
            name,
            line,
            lines: line_of(close) - line + 1,
        });
    }
    found
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The `{` that opens the body of the function whose signature starts at `at`, or `None` where a
/// `;` ends it first (a trait method without a default body).
fn body_start(code: &str, at: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, b) in code.bytes().enumerate().skip(at) {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'{' if depth == 0 => return Some(i),
            b';' if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

fn matching_brace(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The byte ranges of inline modules marked `#[cfg(test)]` in `code`.
fn test_modules(code: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]") {
        let start = from + at;
        from = start + 1;
        let rest = &code[start + "#[cfg(test)]".len()..];
        let rest_trim = rest.trim_start();
        let item = rest_trim.strip_prefix("pub ").unwrap_or(rest_trim);
        if !item.starts_with("mod ") {
            continue;
        }
        let item_at = code.len() - item.len();
        let semi = item.find(';');
        let Some(open) = item.find('{') else { continue };
        if semi.is_some_and(|s| s < open) {
            continue; // `mod tests;`: a file of its own, left out by name
        }
        if let Some(close) = matching_brace(code.as_bytes(), item_at + open) {
            ranges.push(start..close + 1);
        }
    }
    ranges
}

/// The comment and attribute lines just above line `line` (1-based) of `text`, nearest first.
fn lines_above(text: &str, line: usize) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    lines[..line - 1]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("//") || l.starts_with("#["))
        .collect()
}

fn is_test_function(text: &str, line: usize) -> bool {
    lines_above(text, line)
        .iter()
        .any(|l| *l == "#[test]" || *l == "#[cfg(test)]")
}

fn has_marker(text: &str, line: usize) -> bool {
    lines_above(text, line).iter().any(|l| {
        l.strip_prefix(MARKER)
            .is_some_and(|why| !why.trim().is_empty())
    })
}

/// The functions of one file over `MAX_LINES` without the marker, as `path:line name (N lines)`.
fn too_long(path: &str, text: &str) -> Vec<String> {
    functions(text)
        .into_iter()
        .filter(|f| f.lines > MAX_LINES && !has_marker(text, f.line))
        .map(|f| format!("{path}:{} {} ({} lines)", f.line, f.name, f.lines))
        .collect()
}

/// The non-test source files under `dir`: test folders and `tests.rs` files left out.
fn source_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_none_or(|n| n != "tests") {
                out.extend(source_files(&path));
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_none_or(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
    out
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_crate_of_the_workspace_is_checked() {
    let manifest = fs::read_to_string(workspace_root().join("Cargo.toml")).expect("Cargo.toml");
    let members = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("members = ["))
        .expect("a one-line `members = [...]` in Cargo.toml");
    for member in members.trim_end_matches(']').split(',') {
        let member = member.trim().trim_matches('"');
        if member.is_empty() || member == "engine-tests" {
            continue;
        }
        assert!(
            CHECKED.iter().any(|(crate_dir, _)| *crate_dir == member),
            "workspace member {member} is not in CHECKED"
        );
    }
}

#[test]
fn no_function_runs_over_a_screen_without_a_reason() {
    let root = workspace_root();
    let mut problems = Vec::new();
    let mut seen = 0;
    for (_, dir) in CHECKED {
        for path in source_files(&root.join(dir)) {
            let text = fs::read_to_string(&path).expect("readable source file");
            let rel = path.strip_prefix(&root).unwrap_or(&path).to_string_lossy();
            seen += functions(&text).len();
            problems.extend(too_long(&rel.replace('\\', "/"), &text));
        }
    }
    assert!(
        seen > 1000,
        "only {seen} functions found: is the reader broken?"
    );
    assert!(
        problems.is_empty(),
        "functions over {MAX_LINES} lines without a `{MARKER} <why>` comment above them \
         (split them, or say why they must be one piece):\n{}",
        problems.join("\n")
    );
}

/// The checker catches what it is for, on made-up files: a long function fails, the marker (with
/// a reason) lets it pass, test code does not count, and braces in strings and comments do not
/// end a body early.
#[test]
fn a_long_function_without_the_marker_fails() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    // 101 lines: the `fn` line, 99 body lines, the closing brace.
    let long = format!("fn long() {{\n{}}}\n", body(99));
    assert_eq!(too_long("a.rs", &long), vec!["a.rs:1 long (101 lines)"]);
    let fits = format!("fn fits() {{\n{}}}\n", body(98));
    assert_eq!(too_long("a.rs", &fits), Vec::<String>::new());

    let marked = format!("/// Docs.\n{MARKER} the hot path.\n#[inline]\n{long}");
    assert_eq!(too_long("a.rs", &marked), Vec::<String>::new());
    let no_reason = format!("{MARKER}\n{long}");
    assert_eq!(too_long("a.rs", &no_reason).len(), 1);
    let marker_far_away = format!("{MARKER} why.\nfn other() {{}}\n{long}");
    assert_eq!(too_long("a.rs", &marker_far_away).len(), 1);

    let in_tests = format!("#[cfg(test)]\nmod tests {{\n{long}}}\n");
    assert_eq!(too_long("a.rs", &in_tests), Vec::<String>::new());
    let a_test = format!("#[test]\n{long}");
    assert_eq!(too_long("a.rs", &a_test), Vec::<String>::new());

    let tricky = format!(
        "impl X {{\n    pub(crate) fn tricky<'a>(s: &'a str) -> u8 {{\n        \
         let _ = ('}}', \"}}\", r#\"}}\"\"#, '\\'');\n        // }}\n        /* }} */\n{}    }}\n}}\n",
        body(96)
    );
    assert_eq!(too_long("a.rs", &tricky), vec!["a.rs:2 tricky (101 lines)"]);
    let declared = "trait T {\n    fn f(&self) -> u8;\n}\nfn g(f: fn(u8) -> u8) {}\n";
    let names: Vec<String> = functions(declared).into_iter().map(|f| f.name).collect();
    assert_eq!(names, vec!["g"]);
}
