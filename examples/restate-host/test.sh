#!/usr/bin/env bash
# The Restate example host's tests: installs the pinned Restate server and SDK from the npm
# registry into target/restate/ (once; the versions are checked first), starts restate-server on
# loopback with a temporary base dir, and runs host.test.mjs, which starts the service
# (service.mjs), registers it and drives careergraph runs through Restate's ingress.
# The mock provider's tests run when MOCK_PROVIDER_URL is set and say SKIP otherwise.
# Needs the built package (target/pkg, `make pkg`); CAREERGRAPH_PKG points elsewhere.
# Last line: "restate: N passed, M failed, K skipped".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir="$root/target/restate"
pkg="${CAREERGRAPH_PKG:-$root/target/pkg}"
SDK=1.17.2
SERVER=1.7.12
started=$(date +%s)

[ -f "$pkg/package.json" ] || { echo "no package at $pkg: build it first (make pkg)"; exit 1; }

version_of() { node -p "require('$dir/node_modules/$1/package.json').version" 2>/dev/null; }
mkdir -p "$dir"
cp "$here/package.json" "$dir/package.json"
if [ "$(version_of @restatedev/restate-sdk)" != "$SDK" ] \
  || [ "$(version_of @restatedev/restate-server)" != "$SERVER" ] \
  || [ "$(version_of @restatedev/restate-server-linux-x64)" != "$SERVER" ]; then
  echo "installing @restatedev/restate-sdk@$SDK and @restatedev/restate-server@$SERVER into $dir"
  # No install scripts: restate-server's only one is a telemetry ping (@scarf/scarf).
  (cd "$dir" && rm -f package-lock.json && npm install --ignore-scripts --no-audit --no-fund --loglevel=error) || exit 1
else
  echo "Restate pins already installed in $dir (sdk $SDK, server $SERVER)"
fi
# After npm install, which prunes what package.json does not list.
ln -sfn "$pkg" "$dir/node_modules/careergraph"
# The example's own files next to node_modules, so `import "careergraph"` resolves as in a host.
mkdir -p "$dir/app"
cp "$here"/*.mjs "$dir/app/"

server="$dir/node_modules/@restatedev/restate-server-linux-x64/bin/restate-server"
[ -x "$server" ] || { echo "no restate-server binary at $server"; exit 1; }

work=$(mktemp -d /tmp/careergraph-restate.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  # The service the tests start (and restart) writes its pid here, and so does the server.
  [ -f "$work/service.pid" ] && kill -9 "$(cat "$work/service.pid")" 2>/dev/null
  if [ -f "$work/restate-server.pid" ]; then
    server_pid=$(cat "$work/restate-server.pid")
    kill "$server_pid" 2>/dev/null
    for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  fi
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  # The logs of the last run stay in target/restate/logs/.
  mkdir -p "$dir/logs" && cp "$work"/*.log "$dir/logs/" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_ports() { node -e '
  const net = require("node:net");
  (async () => { const servers = [];
    for (let i = 0; i < Number(process.argv[1]); i++) servers.push(await new Promise((ok) => { const s = net.createServer().listen(0, "127.0.0.1", () => ok(s)); }));
    console.log(servers.map((s) => s.address().port).join(" ")); servers.forEach((s) => s.close()); })();' "$1"; }
read -r ingress admin fabric service <<<"$(free_ports 4)"

# An invocation idle for 3 s (waiting on an answer) is suspended, as it would be after 1 min by
# default: the suspension test waits longer than that. The server's settings are exported, so that
# host.test.mjs can kill it and start it again on the same base dir (the restart test): its pid is
# kept in a file, which the cleanup reads.
export RESTATE_DISABLE_TELEMETRY=true RESTATE_LOG_DISABLE_ANSI_CODES=true RESTATE_WORKER__INVOKER__INACTIVITY_TIMEOUT=3s
export RESTATE_INGRESS__BIND_PORT=$ingress RESTATE_ADMIN__BIND_PORT=$admin
export RESTATE_SERVER_BIN="$server" RESTATE_BASE_DIR="$work/restate-data" RESTATE_FABRIC_PORT=$fabric
export RESTATE_SERVER_LOG="$work/restate-server.log" RESTATE_SERVER_PID_FILE="$work/restate-server.pid"
"$server" --no-logo --base-dir "$RESTATE_BASE_DIR" --node-name test \
  --bind-ip 127.0.0.1 --bind-port "$fabric" --listen-mode tcp >"$RESTATE_SERVER_LOG" 2>&1 &
echo $! > "$RESTATE_SERVER_PID_FILE"
disown $! # the restart test kills it: no "Killed" job report from this shell
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$admin/health" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$admin/health" >/dev/null || { echo "restate-server did not start:"; tail -30 "$RESTATE_SERVER_LOG"; exit 1; }
echo "restate-server $SERVER on 127.0.0.1 (ingress :$ingress, admin :$admin) up in $(( $(date +%s) - started )) s"

tap="$work/tap"
RESTATE_INGRESS="http://127.0.0.1:$ingress" RESTATE_ADMIN="http://127.0.0.1:$admin" \
SERVICE_PORT=$service SERVICE_ENTRY="$dir/app/service.mjs" SERVICE_PID_FILE="$work/service.pid" \
SERVICE_LOG="$work/service.log" CAREERGRAPH_ROOT="$root" \
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "$@" "$dir/app/host.test.mjs" &
pids+=($!)
wait $!
status=$?
if [ "$status" != 0 ]; then
  echo "--- service log (last 40 lines)"; tail -40 "$work/service.log" 2>/dev/null
  echo "--- restate-server log (last 40 lines)"; tail -40 "$work/restate-server.log"
fi
count() { sed -n "s/^# $1 //p" "$tap"; }
echo "restate test.sh took $(( $(date +%s) - started )) s"
echo "restate: $(count pass) passed, $(count fail) failed, $(count skipped) skipped"
exit "$status"
