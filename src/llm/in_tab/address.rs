//! Where the in-tab model "is": a leaf, so the provider layer's limits can recognise it without
//! depending on the model itself.

/// The base URL the app gives the in-tab model: not a network address (nothing is ever sent to
/// it), recognisable in settings and errors.
pub const TAB_BASE_URL: &str = "tab://model/v1";
