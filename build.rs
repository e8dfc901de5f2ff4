//! Names one build condition so the code need not spell it out at every use: `js_api`, the JS API
//! of the npm package (the `api` feature on wasm32). Only then are its TypeScript declarations
//! derived by tsify, whose derive needs wasm-bindgen, a browser-only dependency here (Cargo.toml).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(js_api)");
    let api = std::env::var_os("CARGO_FEATURE_API").is_some();
    let wasm32 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if api && wasm32 {
        println!("cargo::rustc-cfg=js_api");
    }
    // Features and target are part of what makes cargo run this again; nothing else is read.
    println!("cargo::rerun-if-changed=build.rs");
}
