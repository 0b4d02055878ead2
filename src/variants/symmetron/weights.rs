//! The Symmetron weights: constants `build.rs` generates from `weights.txt` (one offset per group).
include!(concat!(env!("OUT_DIR"), "/weights/symmetron/weights.rs"));
