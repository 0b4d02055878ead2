//! The chess weights: constants `build.rs` generates from `weights.txt` (one offset per group).
include!(concat!(env!("OUT_DIR"), "/weights/chess/weights.rs"));
