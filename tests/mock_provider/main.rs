//! Mock LLM provider server for native tests, browser tests and Playwright:
//! `cargo run --example mock_provider -- --port 8787` (`--port 0` picks a free port).
//! See `server/mod.rs` for endpoints and the scripting API.

mod server;

fn main() {
    let mut port: u16 = 8787;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => {
                port = args
                    .next()
                    .and_then(|p| p.parse().ok())
                    .expect("--port needs a number")
            }
            "--help" | "-h" => {
                println!("usage: mock_provider [--port PORT]   (0 picks a free port)");
                return;
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).expect("bind 127.0.0.1");
    let address = listener.local_addr().expect("local address");
    println!("mock provider listening on http://{address}");
    server::serve_blocking(listener, server::SharedState::default());
}
