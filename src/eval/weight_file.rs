//! The plain-text weight file every game's evaluation is built from (`src/variants/*/weights.txt`).
//! `build.rs` includes this module too (by path), so the engine at build time and the tuner at run
//! time read the files with the same code: std only, nothing from the crate.
//!
//! Format: `#` starts a comment (to the end of the line). A token ending in `:` names a group
//! (lower case letters, digits, `_` and `.`); the value tokens after it, on the same line and the
//! lines below, are its elements in order. A value is `MG/EG` (a middlegame and an endgame value,
//! blended by the game's phase) or a single `V` (one value for both phases, tuned as one).

/// One element's value: `[middlegame, endgame]`.
pub type Pair = [i32; 2];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    /// Index of the group's first element in the flat value list.
    pub offset: usize,
    pub values: Vec<Pair>,
    /// Per element: written `MG/EG` (true) or as one value for both phases (false).
    pub tapered: Vec<bool>,
}

impl Group {
    pub fn len(&self) -> usize {
        self.values.len()
    }
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WeightFile {
    pub groups: Vec<Group>,
}

impl WeightFile {
    pub fn parse(text: &str) -> Result<WeightFile, String> {
        let mut file = WeightFile::default();
        let mut offset = 0;
        for (number, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("");
            for token in code.split_whitespace() {
                let at = || format!("line {}: '{token}'", number + 1);
                if let Some(name) = token.strip_suffix(':') {
                    if !valid_name(name) {
                        return Err(format!("{}: a group name is [a-z0-9_.]+", at()));
                    }
                    if file.groups.iter().any(|g| g.name == name) {
                        return Err(format!("{}: group named twice", at()));
                    }
                    file.groups.push(Group {
                        name: name.to_string(),
                        offset,
                        values: Vec::new(),
                        tapered: Vec::new(),
                    });
                    continue;
                }
                let (pair, tapered) = parse_value(token)
                    .ok_or_else(|| format!("{}: a value is an integer or MG/EG integers", at()))?;
                let group = file
                    .groups
                    .last_mut()
                    .ok_or_else(|| format!("{}: value before the first group name", at()))?;
                group.values.push(pair);
                group.tapered.push(tapered);
                offset += 1;
            }
        }
        if let Some(g) = file.groups.iter().find(|g| g.is_empty()) {
            return Err(format!("group '{}' has no values", g.name));
        }
        Ok(file)
    }

    /// Number of elements in all groups.
    pub fn len(&self) -> usize {
        self.groups.iter().map(Group::len).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Every element's value, in file order.
    pub fn values(&self) -> Vec<Pair> {
        self.groups
            .iter()
            .flat_map(|g| g.values.iter().copied())
            .collect()
    }

    /// Per element: whether it is tapered.
    pub fn tapered(&self) -> Vec<bool> {
        self.groups
            .iter()
            .flat_map(|g| g.tapered.iter().copied())
            .collect()
    }

    pub fn group(&self, name: &str) -> Option<&Group> {
        self.groups.iter().find(|g| g.name == name)
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.')
}

fn parse_value(token: &str) -> Option<(Pair, bool)> {
    match token.split_once('/') {
        Some((mg, eg)) => Some(([mg.parse().ok()?, eg.parse().ok()?], true)),
        None => {
            let v = token.parse().ok()?;
            Some(([v, v], false))
        }
    }
}

/// `template` (a weight file) with every value replaced by `values` (file order), keeping its
/// comments, group names and line breaks: the tuner rewrites a file without losing its notes.
/// A single-valued element stays single-valued (its middlegame value is written).
pub fn rewrite(template: &str, values: &[Pair]) -> Result<String, String> {
    let parsed = WeightFile::parse(template)?;
    if parsed.len() != values.len() {
        return Err(format!(
            "{} values for a file of {} elements",
            values.len(),
            parsed.len()
        ));
    }
    let tapered = parsed.tapered();
    let mut next = 0;
    let mut out = String::with_capacity(template.len() + template.len() / 4);
    for line in template.lines() {
        let (code, comment) = match line.find('#') {
            Some(i) => (&line[..i], &line[i..]),
            None => (line, ""),
        };
        // A line of values only is aligned by the values' own padding: keeping its indent too
        // would push it further right at every rewrite.
        let starts_with_value = code
            .split_whitespace()
            .next()
            .is_some_and(|token| !token.ends_with(':'));
        let indent = if starts_with_value {
            ""
        } else {
            &code[..code.len() - code.trim_start().len()]
        };
        let mut parts = Vec::new();
        for token in code.split_whitespace() {
            if token.ends_with(':') {
                parts.push(token.to_string());
                continue;
            }
            let [mg, eg] = values[next];
            let text = if tapered[next] {
                format!("{mg}/{eg}")
            } else {
                mg.to_string()
            };
            parts.push(format!("{text:>9}"));
            next += 1;
        }
        let mut rebuilt = format!("{indent}{}", parts.join(" "));
        if !comment.is_empty() {
            if !rebuilt.trim().is_empty() {
                rebuilt.push_str("  ");
            }
            rebuilt.push_str(comment);
        }
        out.push_str(rebuilt.trim_end());
        out.push('\n');
    }
    Ok(out)
}

/// A Rust constant name for a group name: `pst.knight` -> `PST_KNIGHT`.
pub fn const_name(group: &str) -> String {
    group.replace('.', "_").to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str =
        "# material\nmaterial: 100/120 300 # pawn, knight\npst.knight:\n  1/2 3/4\n  -5/-6\n";

    #[test]
    fn a_rewritten_file_rewrites_to_itself() {
        let values = WeightFile::parse(SAMPLE).unwrap().values();
        let once = rewrite(SAMPLE, &values).unwrap();
        assert_eq!(rewrite(&once, &values).unwrap(), once);
        assert!(once.contains("\n      1/2       3/4\n"), "{once}");
    }

    #[test]
    fn parses_groups_offsets_and_tapering() {
        let f = WeightFile::parse(SAMPLE).unwrap();
        assert_eq!(f.groups.len(), 2);
        assert_eq!(f.groups[1].name, "pst.knight");
        assert_eq!(f.groups[1].offset, 2);
        assert_eq!(
            f.values(),
            vec![[100, 120], [300, 300], [1, 2], [3, 4], [-5, -6]]
        );
        assert_eq!(f.tapered(), vec![true, false, true, true, true]);
    }

    #[test]
    fn rewrite_keeps_comments_and_reads_back() {
        let new = [[90, 130], [310, 310], [7, 8], [9, 10], [11, -12]];
        let text = rewrite(SAMPLE, &new).unwrap();
        assert!(text.contains("# pawn, knight"));
        let f = WeightFile::parse(&text).unwrap();
        assert_eq!(f.values(), new.to_vec());
        assert_eq!(f.tapered(), WeightFile::parse(SAMPLE).unwrap().tapered());
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(WeightFile::parse("5").is_err());
        assert!(WeightFile::parse("a: 1/x").is_err());
        assert!(WeightFile::parse("a: 1 a: 2").is_err());
        assert!(WeightFile::parse("Bad: 1").is_err());
        assert!(WeightFile::parse("empty:").is_err());
    }
}
