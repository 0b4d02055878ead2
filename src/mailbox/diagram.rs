//! The text picture of a board for humans (`d` in both protocols, `kaleido analyse`): rank
//! numbers down the left, one character a square, file letters underneath. Each variant adds
//! its own status lines below.

/// `ranks` rows, top rank first, of `cell(file, rank)` (both from 0), then the file letters.
pub fn diagram(files: usize, ranks: usize, cell: impl Fn(usize, usize) -> char) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..files {
            out.push(' ');
            out.push(cell(file, rank));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..files {
        out.push(' ');
        out.push((b'a' + file as u8) as char);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn ranks_top_first_files_underneath() {
        let text = super::diagram(3, 10, |f, r| if (f, r) == (2, 9) { 'k' } else { '.' });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "10  . . k");
        assert_eq!(lines[9], " 1  . . .");
        assert_eq!(lines[10], "    a b c");
    }
}
