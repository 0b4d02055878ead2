//! Helpers shared by Kaleido's integration tests.
