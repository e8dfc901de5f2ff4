//! The counterfactual bias test (to be written).
