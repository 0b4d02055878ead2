//! The data file `datagen` writes and `tune` reads (format in `tuning/README.md`): a header line,
//! then per finished game its quiet positions and an end line, so that an interrupted run can be
//! resumed after its last finished game.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

/// What the header records: the data's variant and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: String,
    /// Rule options, `NAME=VALUE`, as given.
    pub options: Vec<String>,
    /// `nodes=N` or `depth=D`: the search limit per move.
    pub limit: String,
    pub random_plies: u32,
    pub seed: u64,
    /// Which of the numbered games the file holds (all of them unless `--shard` was given).
    pub shard: Shard,
    /// Whose scores the file holds when they are not the datagen search's own (`relabel`;
    /// binary files only: the text format has no field for it).
    pub teacher: Option<Teacher>,
}

/// The engine whose search scores replaced datagen's (`tuning relabel`), as the binary header
/// (version 2) records it: files of two teachers, or of one at two settings, are never merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teacher {
    /// The program's file name and the engine's `id name`: `stockfish (Stockfish 15.1)`.
    pub name: String,
    /// `nodes=N` or `depth=D`: the teacher's search per position.
    pub limit: String,
    /// Every UCI option set, `NAME=VALUE` (Threads, Hash, UCI_Variant, the data's rule options,
    /// `--teacher-option`s): they can change the scores.
    pub options: Vec<String>,
}

impl fmt::Display for Teacher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "teacher {} {}", self.name, self.limit)?;
        for o in &self.options {
            write!(f, " {o}")?;
        }
        Ok(())
    }
}

/// A data file's shard: `K/N`, the games `n` with `n % N == K`.
pub use kaleido_vocab::shard::Shard;

pub const MAGIC: &str = "# kaleido-datagen v1";

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{MAGIC} variant={} {} random-plies={} seed={}",
            self.variant, self.limit, self.random_plies, self.seed
        )?;
        for o in &self.options {
            write!(f, " option.{o}")?;
        }
        // Written only for a shard, so that an unsharded file's header is as before.
        if self.shard != Shard::ALL {
            write!(f, " shard={}", self.shard)?;
        }
        Ok(())
    }
}

impl Header {
    /// The header line, and the teacher when there is one (for messages and `info`).
    pub fn describe(&self) -> String {
        match &self.teacher {
            Some(t) => format!("{self} | {t}"),
            None => self.to_string(),
        }
    }

    pub fn parse(line: &str) -> Result<Header, String> {
        let rest = line
            .strip_prefix(MAGIC)
            .ok_or_else(|| format!("not a kaleido-datagen v1 header: '{line}'"))?;
        let mut h = Header {
            variant: String::new(),
            options: Vec::new(),
            limit: String::new(),
            random_plies: 0,
            seed: 0,
            shard: Shard::ALL,
            teacher: None,
        };
        for field in rest.split_whitespace() {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("header field '{field}' is not KEY=VALUE"))?;
            let number = |v: &str| {
                v.parse::<u64>()
                    .map_err(|_| format!("header field '{field}': not a number"))
            };
            match key {
                "variant" => h.variant = value.to_string(),
                "nodes" | "depth" => h.limit = field.to_string(),
                "random-plies" => h.random_plies = number(value)? as u32,
                "seed" => h.seed = number(value)?,
                "shard" => h.shard = Shard::parse(value)?,
                _ => match key.strip_prefix("option.") {
                    Some(name) => h.options.push(format!("{name}={value}")),
                    None => return Err(format!("unknown header field '{field}'")),
                },
            }
        }
        if h.variant.is_empty() || h.limit.is_empty() {
            return Err("the header needs variant= and nodes= or depth=".into());
        }
        Ok(h)
    }
}

/// One quiet position of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub game: u64,
    pub ply: u32,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The search score, centipawns from White's view.
    pub score: i32,
    pub fen: String,
}

impl Record {
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\n",
            self.game,
            self.ply,
            result_text(self.result),
            self.score,
            self.fen
        )
    }

    fn parse(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 5 {
            return Err(format!("expected 5 tab-separated fields: '{line}'"));
        }
        let bad = |what: &str| format!("bad {what} in '{line}'");
        Ok(Record {
            game: fields[0].parse().map_err(|_| bad("game"))?,
            ply: fields[1].parse().map_err(|_| bad("ply"))?,
            result: parse_result(fields[2]).ok_or_else(|| bad("result"))?,
            score: fields[3].parse().map_err(|_| bad("score"))?,
            fen: fields[4].to_string(),
        })
    }
}

pub fn result_text(result: f32) -> &'static str {
    if result > 0.75 {
        "1"
    } else if result < 0.25 {
        "0"
    } else {
        "0.5"
    }
}

fn parse_result(text: &str) -> Option<f32> {
    match text {
        "1" => Some(1.0),
        "0.5" => Some(0.5),
        "0" => Some(0.0),
        _ => None,
    }
}

/// The end line of game `game`: its result for White and its length in plies.
pub fn end_line(game: u64, result: f32, plies: usize) -> String {
    format!("#end\t{game}\t{}\t{plies}\n", result_text(result))
}

/// A data file as read back.
#[derive(Debug, Default)]
pub struct DataFile {
    pub header: Option<Header>,
    pub records: Vec<Record>,
    /// Games that finished (their end line is present).
    pub done: BTreeSet<u64>,
    /// Bytes up to the end of the last finished game: what a resumed run keeps.
    pub complete_len: usize,
}

impl DataFile {
    pub fn parse(text: &str) -> Result<DataFile, String> {
        let mut file = DataFile::default();
        let mut pending = Vec::new();
        let mut offset = 0;
        for (number, line) in text.split_inclusive('\n').enumerate() {
            offset += line.len();
            if !line.ends_with('\n') {
                break; // an interrupted write
            }
            let line = line.trim_end_matches(['\n', '\r']);
            let at = |e: String| format!("line {}: {e}", number + 1);
            if number == 0 {
                file.header = Some(Header::parse(line).map_err(at)?);
                file.complete_len = offset;
            } else if let Some(end) = line.strip_prefix("#end\t") {
                let game: u64 = end
                    .split('\t')
                    .next()
                    .and_then(|g| g.parse().ok())
                    .ok_or_else(|| at(format!("bad end line '{line}'")))?;
                file.records
                    .extend(pending.drain(..).filter(|r: &Record| r.game == game));
                file.done.insert(game);
                file.complete_len = offset;
            } else if !line.starts_with('#') && !line.trim().is_empty() {
                pending.push(Record::parse(line).map_err(at)?);
            }
        }
        Ok(file)
    }

    pub fn read(path: &Path) -> Result<DataFile, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        DataFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            variant: "sonic".into(),
            options: vec!["Crooked=true".into()],
            limit: "nodes=5000".into(),
            random_plies: 8,
            seed: 3,
            shard: Shard::ALL,
            teacher: None,
        }
    }

    #[test]
    fn header_round_trips() {
        assert_eq!(Header::parse(&header().to_string()), Ok(header()));
        assert!(!header().to_string().contains("shard"));
        let sharded = Header {
            shard: Shard { index: 2, count: 3 },
            ..header()
        };
        assert!(sharded.to_string().ends_with(" shard=2/3"));
        assert_eq!(Header::parse(&sharded.to_string()), Ok(sharded));
        assert!(Header::parse("# something else").is_err());
    }

    #[test]
    fn unfinished_games_are_left_out() {
        let r = |game, ply| Record {
            game,
            ply,
            result: 1.0,
            score: 35,
            fen: "8/8 w - - 0 1".into(),
        };
        let mut text = format!("{}\n", header());
        text += &r(0, 10).line();
        text += &end_line(0, 1.0, 40);
        let complete = text.len();
        text += &r(1, 12).line();
        text += "1\t13\t0.5"; // cut off mid-line
        let f = DataFile::parse(&text).unwrap();
        assert_eq!(f.records, vec![r(0, 10)]);
        assert_eq!(f.done.iter().copied().collect::<Vec<_>>(), vec![0]);
        assert_eq!(f.complete_len, complete);
    }
}
