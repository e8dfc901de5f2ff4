//! Impact ratios as Local Law 144 defines them (to be written).
