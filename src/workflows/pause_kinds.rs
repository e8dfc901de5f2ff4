//! The kinds of pause a workflow makes and the answer each kind takes, declared once in the
//! workflow's `pause.rs` with [`pause_kinds!`]. The JS package's `Workflows` map (src/api/types.rs)
//! is built from these declarations and the types' derived TypeScript, so a new workflow adds no
//! line of TypeScript anywhere; the native tests read [`PauseKinds::KINDS`].

use super::registry::NoPause;

/// What a workflow's pause type declares about itself (through [`pause_kinds!`]).
pub trait PauseKinds {
    /// Every kind of pause, as its payload's `type`.
    const KINDS: &'static [&'static str];
    /// The TypeScript of the kinds for the `Workflows` map: `{ "kind": { payload: …; answer: … }; … }`,
    /// each payload and answer named by its derived declaration.
    #[cfg(js_api)]
    const TYPESCRIPT: &'static str;
}

/// A workflow that never pauses declares no kind.
impl PauseKinds for NoPause {
    const KINDS: &'static [&'static str] = &[];
    #[cfg(js_api)]
    const TYPESCRIPT: &'static str = "NoInterrupts";
}

/// `pause_kinds!(TailorPause { "question" => QuestionAnswer, "review" => ReviewAnswer })`: the
/// pause enum (tagged by `type`), each kind's tag, and the type the JS API takes as its answer
/// (the answer types derive Tsify; a renamed or missing one fails the build of the package).
/// tests/native/api_types.rs checks every pause a demo run makes against the kinds declared.
#[macro_export]
macro_rules! pause_kinds {
    ($pause:ty { $($kind:literal => $answer:ty),+ $(,)? }) => {
        impl $crate::workflows::PauseKinds for $pause {
            const KINDS: &'static [&'static str] = &[$($kind),+];
            #[cfg(js_api)]
            const TYPESCRIPT: &'static str = const_format::concatcp!(
                "{\n",
                $(
                    "      \"", $kind, "\": { payload: PauseOf<",
                    $crate::workflows::pause_kinds::ts_name(<$pause as tsify::Tsify>::DECL),
                    ", \"", $kind, "\">; answer: ",
                    $crate::workflows::pause_kinds::ts_name(<$answer as tsify::Tsify>::DECL),
                    " };\n",
                )+
                "    }"
            );
        }
    };
}

/// The name a derived declaration (a tsify `DECL`: doc comment, then `export type Name = …` or
/// `export interface Name { … }`) gives its type, at compile time. A declaration of another
/// shape stops the build.
#[cfg(js_api)]
pub const fn ts_name(decl: &'static str) -> &'static str {
    let bytes = decl.as_bytes();
    let mut at = 0;
    let start = loop {
        if at >= bytes.len() {
            panic!("a derived TypeScript declaration without `export type` or `export interface`");
        }
        let line_start = at == 0 || bytes[at - 1] == b'\n';
        if line_start && starts_with(bytes, at, b"export type ") {
            break at + b"export type ".len();
        }
        if line_start && starts_with(bytes, at, b"export interface ") {
            break at + b"export interface ".len();
        }
        at += 1;
    };
    let mut end = start;
    while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
        end += 1;
    }
    let (head, _) = bytes.split_at(end);
    let (_, name) = head.split_at(start);
    match core::str::from_utf8(name) {
        Ok(name) if !name.is_empty() => name,
        _ => panic!("a derived TypeScript declaration without a type name"),
    }
}

#[cfg(js_api)]
const fn starts_with(bytes: &[u8], at: usize, prefix: &[u8]) -> bool {
    if at + prefix.len() > bytes.len() {
        return false;
    }
    let mut i = 0;
    while i < prefix.len() {
        if bytes[at + i] != prefix[i] {
            return false;
        }
        i += 1;
    }
    true
}
