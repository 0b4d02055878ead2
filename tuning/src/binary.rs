//! The binary data file (`datagen --format bin`; byte layout in `tuning/README.md`): a header,
//! then entries, each a position or the end of a game. Positions carry their game's number and
//! result, so a file stays usable once shuffled; end entries record which games finished, so an
//! interrupted run resumes after its last finished game.
//!
//! Reading is strict for the tools (`merge`, `shuffle`, `dedup`): a cut or corrupt file is an
//! error, never a panic. `datagen` reads its own file leniently to resume it: whatever follows
//! the last end entry is an unfinished game and is dropped.

use crate::data::{Header, Record, Shard, Teacher};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

pub const MAGIC: &[u8; 4] = b"KLDB";
/// The version of a file without a teacher (what `datagen` writes).
pub const VERSION: u16 = 1;
/// The version of a file whose scores are a teacher's (`relabel`): version 1's header followed
/// by the teacher. Entries are the same in both.
pub const VERSION_TEACHER: u16 = 2;

/// The end of a finished game: its result for White and its length in plies.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub game: u64,
    pub result: f32,
    pub plies: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Position(Record),
    End(GameEnd),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Any cut, unfinished game or inconsistency is an error.
    Strict,
    /// `datagen`'s resume: a cut entry and the positions after the last end entry are dropped.
    Resume,
}

/// A binary data file as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct BinFile {
    pub header: Header,
    pub entries: Vec<Entry>,
    /// Bytes up to the end of the last finished game (or of the header): what a resumed run keeps.
    pub complete_len: usize,
}

impl BinFile {
    pub fn positions(&self) -> impl Iterator<Item = &Record> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Position(r) => Some(r),
            Entry::End(_) => None,
        })
    }

    pub fn ends(&self) -> impl Iterator<Item = &GameEnd> {
        self.entries.iter().filter_map(|e| match e {
            Entry::End(g) => Some(g),
            Entry::Position(_) => None,
        })
    }

    /// The finished games.
    pub fn done(&self) -> BTreeSet<u64> {
        self.ends().map(|g| g.game).collect()
    }

    pub fn parse(bytes: &[u8], mode: Mode) -> Result<BinFile, String> {
        let mut input = Input { bytes, at: 0 };
        let header = read_header(&mut input)?;
        let mut file = BinFile {
            header,
            entries: Vec::new(),
            complete_len: input.at,
        };
        let mut pending = Vec::new();
        while input.at < bytes.len() {
            let start = input.at;
            match read_entry(&mut input) {
                Ok(Entry::End(end)) => {
                    file.entries.append(&mut pending);
                    file.entries.push(Entry::End(end));
                    file.complete_len = input.at;
                }
                Ok(position) => pending.push(position),
                Err(Cut) if mode == Mode::Resume => break,
                Err(Cut) => {
                    return Err(format!("the file is cut off in the entry at byte {start}"))
                }
                Err(Corrupt(e)) => return Err(format!("corrupt entry at byte {start}: {e}")),
            }
        }
        if mode == Mode::Strict {
            if !pending.is_empty() {
                return Err(format!(
                    "{} positions after the last game's end: an unfinished game",
                    pending.len()
                ));
            }
            file.check()?;
        }
        Ok(file)
    }

    /// Every position belongs to a finished game and carries its result; no game ends twice.
    fn check(&self) -> Result<(), String> {
        let mut results = BTreeMap::new();
        for end in self.ends() {
            if results.insert(end.game, end.result).is_some() {
                return Err(format!("game {} ends twice", end.game));
            }
        }
        for r in self.positions() {
            match results.get(&r.game) {
                Some(&result) if result == r.result => {}
                Some(_) => return Err(format!("game {}: a position's result differs", r.game)),
                None => return Err(format!("game {}: positions but no end entry", r.game)),
            }
        }
        Ok(())
    }

    pub fn read(path: &Path, mode: Mode) -> Result<BinFile, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        BinFile::parse(&bytes, mode).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let mut out = header_bytes(&self.header)?;
        for entry in &self.entries {
            encode_entry(entry, &mut out)?;
        }
        Ok(out)
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.to_bytes()?).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Any data file, text or binary (told apart by the binary magic): its header, its positions
/// (of finished games) and its number of finished games.
pub fn read_any(path: &Path) -> Result<(Header, Vec<Record>, usize), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.starts_with(MAGIC) {
        let file =
            BinFile::parse(&bytes, Mode::Strict).map_err(|e| format!("{}: {e}", path.display()))?;
        let games = file.ends().count();
        let records = file
            .entries
            .into_iter()
            .filter_map(|e| match e {
                Entry::Position(r) => Some(r),
                Entry::End(_) => None,
            })
            .collect();
        return Ok((file.header, records, games));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{}: neither a binary data file nor text", path.display()))?;
    let file =
        crate::data::DataFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let header = file
        .header
        .ok_or_else(|| format!("{}: empty file", path.display()))?;
    Ok((header, file.records, file.done.len()))
}

/// The header's bytes.
pub fn header_bytes(h: &Header) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    // A file without a teacher stays version 1, byte for byte what older builds read.
    let version = if h.teacher.is_some() {
        VERSION_TEACHER
    } else {
        VERSION
    };
    out.extend_from_slice(&version.to_le_bytes());
    put_str(&mut out, &h.variant)?;
    put_str(&mut out, &h.limit)?;
    put_strings(&mut out, &h.options)?;
    out.extend_from_slice(&h.random_plies.to_le_bytes());
    out.extend_from_slice(&h.seed.to_le_bytes());
    out.extend_from_slice(&h.shard.index.to_le_bytes());
    out.extend_from_slice(&h.shard.count.to_le_bytes());
    if let Some(t) = &h.teacher {
        put_str(&mut out, &t.name)?;
        put_str(&mut out, &t.limit)?;
        put_strings(&mut out, &t.options)?;
    }
    Ok(out)
}

fn put_strings(out: &mut Vec<u8>, list: &[String]) -> Result<(), String> {
    let count = u16::try_from(list.len()).map_err(|_| "too many header strings")?;
    out.extend_from_slice(&count.to_le_bytes());
    for s in list {
        put_str(out, s)?;
    }
    Ok(())
}

/// The result for White as stored: 1 (won), 0 (drawn), -1 (lost).
fn result_byte(result: f32) -> i8 {
    if result > 0.75 {
        1
    } else if result < 0.25 {
        -1
    } else {
        0
    }
}

fn result_of(byte: i8) -> Result<f32, Failure> {
    match byte {
        1 => Ok(1.0),
        0 => Ok(0.5),
        -1 => Ok(0.0),
        _ => Err(Corrupt(format!("result byte {byte}"))),
    }
}

/// Appends one entry: a position, or (a zero FEN length) the end of a game.
pub fn encode_entry(entry: &Entry, out: &mut Vec<u8>) -> Result<(), String> {
    match entry {
        Entry::Position(r) => {
            if r.fen.is_empty() || r.fen.len() > usize::from(u16::MAX) {
                return Err(format!("game {}: FEN of {} bytes", r.game, r.fen.len()));
            }
            put_varint(out, r.fen.len() as u64);
            out.extend_from_slice(r.fen.as_bytes());
            // Scores beyond i16 are clamped (datagen writes no mate scores).
            let score = r.score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
            out.extend_from_slice(&score.to_le_bytes());
            out.push(result_byte(r.result) as u8);
            let ply = u16::try_from(r.ply).map_err(|_| format!("ply {} too long", r.ply))?;
            out.extend_from_slice(&ply.to_le_bytes());
            out.extend_from_slice(&game_number(r.game)?.to_le_bytes());
        }
        Entry::End(g) => {
            put_varint(out, 0);
            out.push(result_byte(g.result) as u8);
            let plies = u16::try_from(g.plies).map_err(|_| format!("{} plies", g.plies))?;
            out.extend_from_slice(&plies.to_le_bytes());
            out.extend_from_slice(&game_number(g.game)?.to_le_bytes());
        }
    }
    Ok(())
}

fn game_number(game: u64) -> Result<u32, String> {
    u32::try_from(game).map_err(|_| format!("game number {game} does not fit in 32 bits"))
}

fn put_str(out: &mut Vec<u8>, s: &str) -> Result<(), String> {
    let len = u16::try_from(s.len()).map_err(|_| format!("header string of {} bytes", s.len()))?;
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

/// LEB128: seven bits a byte, low bits first, the top bit set on every byte but the last.
fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

enum Failure {
    /// The bytes end inside the entry.
    Cut,
    Corrupt(String),
}
use Failure::{Corrupt, Cut};

struct Input<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Input<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Failure> {
        let end = self.at.checked_add(n).ok_or(Cut)?;
        let slice = self.bytes.get(self.at..end).ok_or(Cut)?;
        self.at = end;
        Ok(slice)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Failure> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    fn u16(&mut self) -> Result<u16, Failure> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u32(&mut self) -> Result<u32, Failure> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn varint(&mut self) -> Result<u64, Failure> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let [b] = self.array::<1>()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(Corrupt("length varint too long".into()))
    }
    fn string(&mut self, len: usize) -> Result<String, Failure> {
        let bytes = self.take(len)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| Corrupt("text is not UTF-8".into()))
    }
    /// A header string: u16 length, UTF-8 bytes.
    fn header_string(&mut self) -> Result<String, Failure> {
        let len = self.u16()?;
        self.string(usize::from(len))
    }
    /// A u16 count of header strings, then the strings.
    fn header_strings(&mut self) -> Result<Vec<String>, Failure> {
        let count = self.u16()?;
        (0..count).map(|_| self.header_string()).collect()
    }
}

fn read_header(input: &mut Input) -> Result<Header, String> {
    let fail = |f: Failure| match f {
        Cut => "the file is cut off in its header".to_string(),
        Corrupt(e) => format!("corrupt header: {e}"),
    };
    let magic = input.array::<4>().map_err(fail)?;
    if &magic != MAGIC {
        return Err("not a kaleido binary data file (bad magic)".into());
    }
    let version = input.u16().map_err(fail)?;
    if version != VERSION && version != VERSION_TEACHER {
        return Err(format!(
            "binary data version {version}, this build reads {VERSION} and {VERSION_TEACHER}"
        ));
    }
    let variant = input.header_string().map_err(fail)?;
    let limit = input.header_string().map_err(fail)?;
    let options = input.header_strings().map_err(fail)?;
    let random_plies = input.u32().map_err(fail)?;
    let seed = u64::from_le_bytes(input.array().map_err(fail)?);
    let shard = Shard {
        index: input.u32().map_err(fail)?,
        count: input.u32().map_err(fail)?,
    };
    if shard.index >= shard.count {
        return Err(format!("corrupt header: shard {shard}"));
    }
    let teacher = if version == VERSION_TEACHER {
        Some(Teacher {
            name: input.header_string().map_err(fail)?,
            limit: input.header_string().map_err(fail)?,
            options: input.header_strings().map_err(fail)?,
        })
    } else {
        None
    };
    Ok(Header {
        variant,
        options,
        limit,
        random_plies,
        seed,
        shard,
        teacher,
    })
}

fn read_entry(input: &mut Input) -> Result<Entry, Failure> {
    let len = input.varint()?;
    if len == 0 {
        let [result] = input.array::<1>()?;
        let plies = input.u16()?;
        let game = input.u32()?;
        return Ok(Entry::End(GameEnd {
            game: u64::from(game),
            result: result_of(result as i8)?,
            plies: u32::from(plies),
        }));
    }
    if len > u64::from(u16::MAX) {
        return Err(Corrupt(format!("FEN length {len}")));
    }
    let fen = input.string(len as usize)?;
    let score = i16::from_le_bytes(input.array()?);
    let [result] = input.array::<1>()?;
    let ply = input.u16()?;
    let game = input.u32()?;
    Ok(Entry::Position(Record {
        game: u64::from(game),
        ply: u32::from(ply),
        result: result_of(result as i8)?,
        score: i32::from(score),
        fen,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            variant: "xiangqi".into(),
            options: vec!["Flying=false".into(), "X=1".into()],
            limit: "nodes=5000".into(),
            random_plies: 8,
            seed: 0x0123_4567_89ab_cdef,
            shard: Shard { index: 1, count: 3 },
            teacher: None,
        }
    }

    fn position(game: u64, ply: u32, result: f32, score: i32) -> Entry {
        Entry::Position(Record {
            game,
            ply,
            result,
            score,
            fen: format!(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 {ply}"
            ),
        })
    }

    fn end(game: u64, result: f32, plies: u32) -> Entry {
        Entry::End(GameEnd {
            game,
            result,
            plies,
        })
    }

    fn file() -> BinFile {
        BinFile {
            header: header(),
            entries: vec![
                position(1, 10, 1.0, 35),
                position(1, 11, 1.0, -32767),
                end(1, 1.0, 80),
                end(4, 0.5, 0),
                position(7, 300, 0.0, 32767),
                position(7, 65535, 0.0, 0),
                end(7, 0.0, 65535),
            ],
            complete_len: 0,
        }
    }

    #[test]
    fn a_file_round_trips() {
        let f = file();
        let bytes = f.to_bytes().unwrap();
        let back = BinFile::parse(&bytes, Mode::Strict).unwrap();
        assert_eq!(back.header, f.header);
        assert_eq!(back.entries, f.entries);
        assert_eq!(back.complete_len, bytes.len());
        assert_eq!(back.done().into_iter().collect::<Vec<_>>(), vec![1, 4, 7]);
    }

    #[test]
    fn the_layout_is_as_documented() {
        // Hand-assembled from the README's table: a header without options, then one position
        // and one end entry.
        let h = Header {
            variant: "chess".into(),
            options: Vec::new(),
            limit: "depth=9".into(),
            random_plies: 8,
            seed: 2,
            shard: Shard::ALL,
            teacher: None,
        };
        let mut want: Vec<u8> = b"KLDB\x01\x00\x05\x00chess\x07\x00depth=9\x00\x00".to_vec();
        want.extend_from_slice(&[8, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
        want.extend_from_slice(b"\x03a b");
        want.extend_from_slice(&[0x9c, 0xff, 0xff, 12, 0, 5, 0, 0, 0]); // -100, lost, ply 12, game 5
        want.extend_from_slice(&[0, 0xff, 40, 0, 5, 0, 0, 0]); // end: lost, 40 plies, game 5
        let f = BinFile {
            header: h,
            entries: vec![
                Entry::Position(Record {
                    game: 5,
                    ply: 12,
                    result: 0.0,
                    score: -100,
                    fen: "a b".into(),
                }),
                end(5, 0.0, 40),
            ],
            complete_len: 0,
        };
        assert_eq!(f.to_bytes().unwrap(), want);
    }

    #[test]
    fn a_teacher_makes_version_2_and_version_1_files_still_read() {
        let mut h = header();
        h.shard = Shard::ALL;
        h.options.clear();
        let v1 = BinFile {
            header: h.clone(),
            entries: vec![position(3, 10, 0.5, 12), end(3, 0.5, 30)],
            complete_len: 0,
        };
        let v1_bytes = v1.to_bytes().unwrap();
        assert_eq!(&v1_bytes[4..6], &[1, 0], "no teacher: version 1");
        let mut v2 = v1.clone();
        v2.header.teacher = Some(Teacher {
            name: "sf (SF 1)".into(),
            limit: "depth=8".into(),
            options: vec!["Threads=1".into()],
        });
        let v2_bytes = v2.to_bytes().unwrap();
        // Hand-assembled: version 2, version 1's header fields, then the teacher.
        let header_v1 = header_bytes(&h).unwrap();
        let mut want = b"KLDB\x02\x00".to_vec();
        want.extend_from_slice(&header_v1[6..]);
        want.extend_from_slice(b"\x09\x00sf (SF 1)\x07\x00depth=8\x01\x00\x09\x00Threads=1");
        assert_eq!(&v2_bytes[..want.len()], &want[..]);
        assert_eq!(&v2_bytes[want.len()..], &v1_bytes[header_v1.len()..]);
        for (bytes, file) in [(v1_bytes, v1), (v2_bytes, v2)] {
            let back = BinFile::parse(&bytes, Mode::Strict).unwrap();
            assert_eq!((back.header, back.entries), (file.header, file.entries));
            for cut in 0..bytes.len() {
                let _ = BinFile::parse(&bytes[..cut], Mode::Resume);
            }
        }
    }

    #[test]
    fn long_fens_take_a_two_byte_length() {
        let mut out = Vec::new();
        put_varint(&mut out, 200);
        assert_eq!(out, vec![0xc8, 0x01]);
        let mut f = file();
        f.entries = vec![position(2, 3, 0.5, 1), end(2, 0.5, 9)];
        if let Entry::Position(r) = &mut f.entries[0] {
            r.fen = "x".repeat(300);
        }
        let back = BinFile::parse(&f.to_bytes().unwrap(), Mode::Strict).unwrap();
        assert_eq!(back.entries, f.entries);
    }

    #[test]
    fn scores_are_clamped_and_huge_values_refused() {
        let mut f = file();
        f.entries = vec![position(2, 3, 0.5, 99_999), end(2, 0.5, 9)];
        let back = BinFile::parse(&f.to_bytes().unwrap(), Mode::Strict).unwrap();
        assert_eq!(back.positions().next().unwrap().score, 32767);
        f.entries = vec![position(1 << 33, 3, 0.5, 0)];
        assert!(f.to_bytes().is_err(), "a game number beyond u32");
        f.entries = vec![position(1, 70_000, 0.5, 0)];
        assert!(f.to_bytes().is_err(), "a ply beyond u16");
    }

    #[test]
    fn every_cut_is_an_error_in_strict_mode_and_dropped_on_resume() {
        let bytes = file().to_bytes().unwrap();
        let full = BinFile::parse(&bytes, Mode::Strict).unwrap();
        let first_end = header_bytes(&header()).unwrap().len() + {
            let mut b = Vec::new();
            for e in &file().entries[..3] {
                encode_entry(e, &mut b).unwrap();
            }
            b.len()
        };
        for cut in 0..bytes.len() {
            let strict = BinFile::parse(&bytes[..cut], Mode::Strict);
            let header_len = header_bytes(&header()).unwrap().len();
            // Cutting exactly after an end entry (or the header) leaves a valid shorter file.
            let on_boundary = cut == header_len
                || full.complete_len == cut
                || cut == first_end
                || cut == first_end + 8;
            assert_eq!(strict.is_ok(), on_boundary, "cut at {cut}");
            let resumed = BinFile::parse(&bytes[..cut], Mode::Resume);
            if cut < header_len {
                assert!(resumed.is_err(), "cut at {cut}");
            } else {
                let resumed = resumed.unwrap();
                assert!(resumed.complete_len <= cut);
                let want: Vec<u64> = full
                    .ends()
                    .filter(|g| match g.game {
                        1 => cut >= first_end,
                        4 => cut >= first_end + 8,
                        _ => cut == bytes.len(),
                    })
                    .map(|g| g.game)
                    .collect();
                assert_eq!(resumed.done().into_iter().collect::<Vec<_>>(), want);
                assert!(resumed.positions().all(|r| want.contains(&r.game)));
            }
        }
    }

    #[test]
    fn corrupt_files_are_errors() {
        let bytes = file().to_bytes().unwrap();
        let header_len = header_bytes(&header()).unwrap().len();
        let mut bad_magic = bytes.clone();
        bad_magic[0] = b'X';
        assert!(BinFile::parse(&bad_magic, Mode::Strict).is_err());
        let mut bad_version = bytes.clone();
        bad_version[4] = 9;
        assert!(BinFile::parse(&bad_version, Mode::Resume).is_err());
        // The first position's result byte: after its length byte, FEN and score.
        let fen_len = usize::from(bytes[header_len]);
        let mut bad_result = bytes.clone();
        bad_result[header_len + 1 + fen_len + 2] = 7;
        let e = BinFile::parse(&bad_result, Mode::Strict).unwrap_err();
        assert!(e.contains("result byte 7"), "{e}");
        // A flipped game number: positions of a game that never ends.
        let mut bad_game = bytes.clone();
        bad_game[header_len + 1 + fen_len + 5] ^= 0x40;
        assert!(BinFile::parse(&bad_game, Mode::Strict).is_err());
        // A length that runs past the end, and a non-UTF-8 FEN.
        let mut bad_len = bytes.clone();
        bad_len[header_len] = 0xff;
        bad_len[header_len + 1] = 0x7f;
        assert!(BinFile::parse(&bad_len, Mode::Strict).is_err());
        let mut bad_text = bytes.clone();
        bad_text[header_len + 1] = 0xff;
        assert!(BinFile::parse(&bad_text, Mode::Strict).is_err());
        // Random garbage never panics.
        let mut rng = crate::datagen::Rng::new(5);
        for _ in 0..2000 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(b.len());
                b[i] = rng.next_u64() as u8;
            }
            let _ = BinFile::parse(&b, Mode::Strict);
            let _ = BinFile::parse(&b, Mode::Resume);
        }
    }
}
