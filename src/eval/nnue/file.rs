//! The network file: what `tuning train` writes, the binary embeds and `EvalFile` loads.
//!
//! Little-endian throughout:
//!
//! | bytes | field |
//! |---|---|
//! | 6 | magic `KNNUE\n` |
//! | 2 | format version, 2 (version 1 files, without the next byte's field, still read) |
//! | 1 + n | feature set name: its length, then UTF-8 |
//! | 4 | input features |
//! | 4 | hidden width |
//! | 2 + 2 + 2 | `QA`, `QB`, `SCALE` the file was quantised for |
//! | 1 | what the output adds to: 0 nothing, 1 the hand-written evaluation (`Network::on_hand`) |
//! | 2 × features × hidden | feature weights (i16), one column of `hidden` per feature |
//! | 2 × hidden | feature biases (i16) |
//! | 2 × 2 × hidden | output weights (i16, within ±127): side to move's half, then the other side's |
//! | 4 | output bias (i32) |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! A file that is cut, corrupt, of another version or quantisation is an error, never a panic.

use super::{Network, MAX_HIDDEN, MAX_OUTPUT_WEIGHT, QA, QB, SCALE};

const MAGIC: &[u8; 6] = b"KNNUE\n";
const VERSION: u16 = 2;
/// The first version, without the `on_hand` byte.
const VERSION_1: u16 = 1;
/// More features than any game's set has: a bound for allocation on a corrupt header.
const MAX_FEATURES: usize = 1 << 20;

/// FNV-1a 64, the checksum of the network file and of the trainer's checkpoint.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Network {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.feature_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.feature_set.len() as u8);
        out.extend_from_slice(self.feature_set.as_bytes());
        out.extend_from_slice(&(self.features as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for q in [QA, QB, SCALE] {
            out.extend_from_slice(&(q as u16).to_le_bytes());
        }
        out.push(self.on_hand as u8);
        for list in [
            &self.feature_weights,
            &self.feature_bias,
            &self.output_weights,
        ] {
            for w in list.iter() {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        let check = fnv1a(&out);
        out.extend_from_slice(&check.to_le_bytes());
        out
    }

    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 8
            || bytes[bytes.len() - 8..] != fnv1a(&bytes[..bytes.len() - 8]).to_le_bytes()
        {
            return Err(if bytes.starts_with(MAGIC) {
                "network file is cut or corrupt (checksum)".into()
            } else {
                "not a Kaleido network file".into()
            });
        }
        let mut r = Reader::new(&bytes[..bytes.len() - 8], "network file");
        if r.take(MAGIC.len())? != MAGIC {
            return Err("not a Kaleido network file".into());
        }
        let version = r.u16()?;
        if version != VERSION && version != VERSION_1 {
            return Err(format!(
                "network file version {version}, this build reads {VERSION_1} and {VERSION}"
            ));
        }
        let name_len = r.take(1)?[0] as usize;
        let feature_set = std::str::from_utf8(r.take(name_len)?)
            .map_err(|_| "network file: feature set name is not UTF-8")?
            .to_string();
        let features = r.u32()? as usize;
        let hidden = r.u32()? as usize;
        if features == 0 || features > MAX_FEATURES || hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "network file: {features} features x {hidden} hidden is out of range"
            ));
        }
        let quantisation = [r.u16()?, r.u16()?, r.u16()?];
        if quantisation != [QA as u16, QB as u16, SCALE as u16] {
            return Err(format!(
                "network file quantised as QA, QB, SCALE = {quantisation:?}, this build uses {:?}",
                [QA, QB, SCALE]
            ));
        }
        let on_hand = match version {
            VERSION_1 => false,
            _ => match r.take(1)?[0] {
                0 => false,
                1 => true,
                other => return Err(format!("network file: unknown base {other}")),
            },
        };
        let feature_weights = r.i16s(features * hidden)?;
        let feature_bias = r.i16s(hidden)?;
        let output_weights = r.i16s(2 * hidden)?;
        if output_weights.iter().any(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(format!(
                "network file: an output weight beyond ±{MAX_OUTPUT_WEIGHT}"
            ));
        }
        let output_bias = i32::from_le_bytes(r.array()?);
        if !r.is_at_end() {
            return Err("network file: bytes after the output bias".into());
        }
        Ok(Network {
            feature_set,
            features,
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            on_hand,
        })
    }
}

/// A cursor over a little-endian file's bytes (the network file's, the trainer's checkpoint's):
/// a read past the end is an error naming the file, never a panic.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    /// Reads `bytes` from the start; `what` names the file in errors ("network file").
    pub fn new(bytes: &'a [u8], what: &'static str) -> Reader<'a> {
        Reader { bytes, at: 0, what }
    }
    /// Whether every byte has been read.
    pub fn is_at_end(&self) -> bool {
        self.at == self.bytes.len()
    }
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| format!("{} is cut short", self.what))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    pub fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    pub fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    pub fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let size = n.checked_mul(2);
        let raw = self.take(size.ok_or_else(|| format!("{}: size overflow", self.what))?)?;
        Ok(raw
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}
