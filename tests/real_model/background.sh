#!/usr/bin/env bash
# The real-model suite's install (tests/real_model/install.sh) run in the background, so that a
# cold `make test` builds llama.cpp's server (about 8 minutes of both cores) on the CPU the other
# suites leave idle instead of before them: compiling our crate is long stretches of one busy
# core, the in-browser model spec uses one thread. At the lowest priority (nice 19) it takes
# almost nothing from a suite that wants both cores, so their timings do not change. A warm
# machine has it installed already and the install returns at once.
#   background.sh start   starts it (own process group), returns at once
#   background.sh wait    waits for it, prints how long, exits with its status (and its log's
#                         tail if it failed)
#   background.sh stop    stops it if it still runs (a suite failed: nothing will need it)
set -uo pipefail
cd "$(dirname "$0")/../.."
DIR=${CARGO_TARGET_DIR:-target}/local-model
LOG=target/test-logs/local-model-install.log
PID_FILE=$DIR/.background-install.pid
STATUS_FILE=$DIR/.background-install.status

case ${1:-} in
  start)
    mkdir -p "$DIR" "$(dirname "$LOG")"
    rm -f "$STATUS_FILE"
    # setsid: a process group of its own, so `stop` ends cmake and the compilers with it.
    setsid nice -n 19 bash -c "bash tests/real_model/install.sh > '$LOG' 2>&1; echo \$? > '$STATUS_FILE'" &
    echo $! > "$PID_FILE"
    ;;
  wait)
    # Not started (tests/suites.sh run on its own): install in the foreground.
    test -f "$PID_FILE" || exec bash tests/real_model/install.sh
    start=$SECONDS
    while [ ! -f "$STATUS_FILE" ]; do
      if ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        sleep 1
        [ -f "$STATUS_FILE" ] && break
        # Stopped before it ended (an earlier run's `stop`): install in the foreground.
        rm -f "$PID_FILE"
        exec bash tests/real_model/install.sh
      fi
      sleep 2
    done
    status=$(cat "$STATUS_FILE")
    echo "local model install: waited $(( SECONDS - start )) s for it (log: $LOG)"
    rm -f "$PID_FILE"
    if [ "$status" != 0 ]; then
      echo "the local model's install failed (exit $status):"; tail -30 "$LOG"
      exit "$status"
    fi
    # A no-op when the pins are installed; it also covers a status left from an earlier start.
    exec bash tests/real_model/install.sh
    ;;
  stop)
    test -f "$PID_FILE" && [ ! -f "$STATUS_FILE" ] && kill -- -"$(cat "$PID_FILE")" 2>/dev/null
    rm -f "$PID_FILE"
    exit 0
    ;;
  *) echo "usage: $0 start|wait|stop" >&2; exit 2 ;;
esac
