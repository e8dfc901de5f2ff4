//! Career workflows, one module per seed design document.

pub mod sample;
