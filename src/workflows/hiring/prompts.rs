//! The user messages of the hiring agents: blocks with nonce-carrying delimiters (see
//! [`crate::workflows::common::envelope`]), parsed back by the offline demo responders with [`block`].
//! Earlier agents' outputs go in as compact JSON ([`crate::workflows::common::json_blocks`]).

pub use crate::workflows::common::envelope::{block, user_message};
pub use crate::workflows::common::json_blocks::{json_block, parse_block, NOT_AVAILABLE};
