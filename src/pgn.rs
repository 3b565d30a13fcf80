//! PGN reading and writing (being built).
