//! Resume export (filled in by the next commit).
