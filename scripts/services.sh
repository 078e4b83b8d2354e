#!/usr/bin/env bash
# The production services on this machine, for tests and for trying the production topology:
# a real Temporal server (the Temporal CLI's development server: SQLite persistence, web UI) and
# MinIO, both built from the Go module proxy at pinned versions and cached outside the repository.
#
#   scripts/services.sh build    build what is missing into ~/.cache/kiebitz/bin (minutes once, then nothing)
#   scripts/services.sh start    start both on loopback with data in a temporary folder, wait until they answer
#   scripts/services.sh stop     stop them and remove their data
#   scripts/services.sh env      print the app's environment for them (eval "$(scripts/services.sh env)")
#
# docker-compose.yml uses the same versions (Temporal server 1.29.1 and UI 2.42.1 are what CLI v1.5.1 embeds).
set -euo pipefail

TEMPORAL_VERSION=v1.5.1
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
CACHE=${KIEBITZ_CACHE:-$HOME/.cache/kiebitz}
RUN=${KIEBITZ_SERVICES_DIR:-${TMPDIR:-/tmp}/kiebitz-services}
TEMPORAL_PORT=${TEMPORAL_PORT:-7233}
TEMPORAL_UI_PORT=${TEMPORAL_UI_PORT:-8233}
MINIO_PORT=${MINIO_PORT:-9000}
MINIO_CONSOLE_PORT=${MINIO_CONSOLE_PORT:-9001}
MINIO_USER=kiebitz
MINIO_PASSWORD=kiebitz-local-secret

TEMPORAL_BIN=$CACHE/bin/temporal-$TEMPORAL_VERSION/temporal
MINIO_BIN=$CACHE/bin/minio-$MINIO_VERSION/minio

build() {
  command -v go >/dev/null || { echo "services: Go is not installed; the services cannot be built" >&2; return 1; }
  if [ ! -x "$TEMPORAL_BIN" ]; then
    echo "services: building the Temporal CLI $TEMPORAL_VERSION (about 7 minutes on 2 cores) …" >&2
    GOBIN=$(dirname "$TEMPORAL_BIN") go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION"
  fi
  if [ ! -x "$MINIO_BIN" ]; then
    echo "services: building MinIO $MINIO_VERSION …" >&2
    # go install refuses MinIO's module (its go.mod has replace directives): build in its source tree
    local dir
    dir=$(go mod download -json "github.com/minio/minio@$MINIO_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    mkdir -p "$(dirname "$MINIO_BIN")"
    (cd "$dir" && CGO_ENABLED=0 go build -trimpath -o "$MINIO_BIN" .)
  fi
}

wait_port() {
  for _ in $(seq 1 120); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.5
  done
  echo "services: nothing answers on port $1 (see $RUN/*.log)" >&2
  return 1
}

start() {
  build
  stop >/dev/null 2>&1 || true
  mkdir -p "$RUN/minio"
  "$TEMPORAL_BIN" server start-dev --ip 127.0.0.1 --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --db-filename "$RUN/temporal.db" --log-level warn >"$RUN/temporal.log" 2>&1 &
  echo $! >"$RUN/temporal.pid"
  MINIO_ROOT_USER=$MINIO_USER MINIO_ROOT_PASSWORD=$MINIO_PASSWORD "$MINIO_BIN" server "$RUN/minio" \
    --address "127.0.0.1:$MINIO_PORT" --console-address "127.0.0.1:$MINIO_CONSOLE_PORT" --quiet >"$RUN/minio.log" 2>&1 &
  echo $! >"$RUN/minio.pid"
  wait_port "$TEMPORAL_PORT"
  wait_port "$MINIO_PORT"
  echo "services: Temporal on 127.0.0.1:$TEMPORAL_PORT (UI http://127.0.0.1:$TEMPORAL_UI_PORT), MinIO on 127.0.0.1:$MINIO_PORT" >&2
}

stop() {
  for name in temporal minio; do
    if [ -f "$RUN/$name.pid" ]; then
      kill "$(cat "$RUN/$name.pid")" 2>/dev/null || true
      rm -f "$RUN/$name.pid"
    fi
  done
  rm -rf "$RUN"
}

env_vars() {
  echo "export TEMPORAL_ADDRESS=127.0.0.1:$TEMPORAL_PORT"
  echo "export MINIO_ENDPOINT=http://127.0.0.1:$MINIO_PORT MINIO_ACCESS_KEY=$MINIO_USER MINIO_SECRET_KEY=$MINIO_PASSWORD"
  echo "export KIEBITZ_TEMPORAL_BIN=$TEMPORAL_BIN KIEBITZ_MINIO_BIN=$MINIO_BIN"
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  stop) stop ;;
  env) env_vars ;;
  *) echo "usage: $0 build|start|stop|env" >&2; exit 2 ;;
esac
