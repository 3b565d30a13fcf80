//! The search engine (being built: see the engine branch).
