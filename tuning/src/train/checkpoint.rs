//! The trainer's checkpoint: everything a run needs to continue exactly where it stopped — the
//! float weights, Adam's moments and step count, the finished epochs and their losses — and the
//! settings and data it belongs to (a rerun with others is refused). The shuffling generator needs
//! no state of its own: each epoch's order is drawn from `--seed` and the epoch's number.
//!
//! Little-endian: magic `KTRAINCK`, version u32, fingerprint (u32 length, UTF-8), epoch u32,
//! Adam step u64, parameter count u64, then the parameters, first moments and second moments
//! (f32 each), the epoch log (u32 rows of epoch u32 and three f64), and FNV-1a 64 of all before.

use super::EpochLog;
use kaleido::eval::nnue::file::{fnv1a, Reader};
use std::path::Path;

const MAGIC: &[u8; 8] = b"KTRAINCK";
const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The settings and data, in words (see `Trainer::fingerprint`).
    pub fingerprint: String,
    /// Epochs finished.
    pub epoch: u32,
    /// Adam steps taken (batches).
    pub step: u64,
    pub params: Vec<f32>,
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub history: Vec<EpochLog>,
}

impl Checkpoint {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 12 * self.params.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.fingerprint.len() as u32).to_le_bytes());
        out.extend_from_slice(self.fingerprint.as_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        out.extend_from_slice(&self.step.to_le_bytes());
        out.extend_from_slice(&(self.params.len() as u64).to_le_bytes());
        for list in [&self.params, &self.m, &self.v] {
            for x in list.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out.extend_from_slice(&(self.history.len() as u32).to_le_bytes());
        for e in &self.history {
            out.extend_from_slice(&e.epoch.to_le_bytes());
            for x in [e.train, e.validation, e.positions_per_second] {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        let check = fnv1a(&out);
        out.extend_from_slice(&check.to_le_bytes());
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let body_len = bytes
            .len()
            .checked_sub(8)
            .ok_or("checkpoint is cut short")?;
        let (body, check) = bytes.split_at(body_len);
        if !body.starts_with(MAGIC) {
            return Err("not a trainer checkpoint".into());
        }
        if check != fnv1a(body).to_le_bytes() {
            return Err("checkpoint is cut or corrupt (checksum)".into());
        }
        let mut r = Reader::new(body, "checkpoint");
        r.take(MAGIC.len())?; // The magic, checked above.
        let version = u32::from_le_bytes(r.array()?);
        if version != VERSION {
            return Err(format!(
                "checkpoint version {version}, this build reads {VERSION}"
            ));
        }
        let len = u32::from_le_bytes(r.array()?) as usize;
        let fingerprint = String::from_utf8(r.take(len)?.to_vec())
            .map_err(|_| "checkpoint fingerprint is not UTF-8")?;
        let epoch = u32::from_le_bytes(r.array()?);
        let step = u64::from_le_bytes(r.array()?);
        let n = usize::try_from(u64::from_le_bytes(r.array()?)).map_err(|_| "too many weights")?;
        let mut floats = || -> Result<Vec<f32>, String> {
            let raw = r.take(n.checked_mul(4).ok_or("checkpoint size overflow")?)?;
            Ok(raw
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        };
        let (params, m, v) = (floats()?, floats()?, floats()?);
        let rows = u32::from_le_bytes(r.array()?);
        let mut history = Vec::new();
        for _ in 0..rows {
            history.push(EpochLog {
                epoch: u32::from_le_bytes(r.array()?),
                train: f64::from_le_bytes(r.array()?),
                validation: f64::from_le_bytes(r.array()?),
                positions_per_second: f64::from_le_bytes(r.array()?),
            });
        }
        if !r.is_at_end() {
            return Err("checkpoint: bytes after the epoch log".into());
        }
        Ok(Checkpoint {
            fingerprint,
            epoch,
            step,
            params,
            m,
            v,
            history,
        })
    }

    pub fn read(path: &Path) -> Result<Checkpoint, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Checkpoint::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes through a temporary file and a rename, so that a run stopped while writing leaves
    /// the previous checkpoint whole.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_atomically(path, &self.to_bytes())
    }
}

/// Writes `bytes` to `path` through `path.tmp` and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_round_trips_and_a_damaged_one_is_refused() {
        let c = Checkpoint {
            fingerprint: "chess-768 hidden=4".into(),
            epoch: 3,
            step: 17,
            params: vec![0.5, -1.25, f32::MIN_POSITIVE],
            m: vec![0.0, 1e-9, -3.0],
            v: vec![1.0, 2.0, 3.0],
            history: vec![EpochLog {
                epoch: 1,
                train: 0.05,
                validation: 0.06,
                positions_per_second: 1234.5,
            }],
        };
        let bytes = c.to_bytes();
        assert_eq!(Checkpoint::from_bytes(&bytes), Ok(c));
        for cut in [0, 7, 8, 20, bytes.len() - 1] {
            assert!(
                Checkpoint::from_bytes(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert!(Checkpoint::from_bytes(&flipped).is_err());
    }
}
