# Sourced by tests/suites.sh and tests/parse-bench/run.sh: a hash of what the release build (dist/)
# is built from, so both rebuild it only when one of these changed (stamp target/.release-inputs).
build_inputs_hash() {
  find src build.rs Cargo.toml Cargo.lock index.html Trunk.toml web/build-wasm.sh web/style.css web/boot.js web/favicon.svg web/pkg web/import web/local-model web/package-lock.json \
    -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}
