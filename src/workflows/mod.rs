//! Career workflows, one module per seed design document.

pub mod common;
pub mod hiring;
pub mod resume_review;
pub mod resume_tailoring;
pub mod sample;
