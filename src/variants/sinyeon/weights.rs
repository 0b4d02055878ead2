//! The Sin-yeon-sang-gi weights: constants `build.rs` generates from `weights.txt`.
include!(concat!(env!("OUT_DIR"), "/weights/sinyeon/weights.rs"));
