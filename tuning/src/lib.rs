//! Evaluation tuning for Kaleido: self-play data generation (`datagen`, text or binary files,
//! sharded or not), a teacher engine's scores for them (`relabel`, `fit-scale`), tools on binary
//! files (`merge`, `shuffle`, `dedup`), Texel tuning (`tune`) of each game's weight file and
//! network training (`train`). No rules live here: positions, searches, evaluation traces and
//! network features all come from the engine library (`Session`).

pub mod binary;
pub mod data;
pub mod datagen;
pub mod relabel;
pub mod scale;
pub mod teacher;
pub mod tools;
pub mod train;
pub mod tune;
