//! Helpers shared by Kaleido's integration tests.

pub mod binary;
