//! Whether a screening treats people alike: the impact ratios New York City's Local Law 144 asks
//! a bias audit to publish ([`impact`]), and a counterfactual test that scores variants of one
//! resume differing in a single protected attribute ([`counterfactual`]). Plain computations over
//! scores and self-reported categories: no model, no workflow.

pub mod counterfactual;
pub mod impact;
