//! The hexagonal Sonic weights: constants `build.rs` generates from `weights.txt` (one offset per
//! group).
include!(concat!(
    env!("OUT_DIR"),
    "/weights/sonic_hexagonal/weights.rs"
));
