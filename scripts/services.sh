#!/usr/bin/env bash
# Starts and stops the real services the tests use: PostgreSQL and Redis, each a private instance
# on a free port bound to 127.0.0.1, with its data in a fresh temporary folder.
#
#   scripts/services.sh start [postgres] [redis]   # default: both
#   scripts/services.sh stop
#   scripts/services.sh restart postgres            # pg_ctl restart -m fast (every session ends)
#   scripts/services.sh restart redis keep|drop [DOWN_SECONDS]
#                                                   # keep: SHUTDOWN SAVE and load the snapshot;
#                                                   # drop: SHUTDOWN NOSAVE, start empty
#
# `restart` is for fault tests: it restarts a service of the env file on the same port, with the
# same options. Redis is started without persistence, so `keep` is a clean restart that writes its
# snapshot on the way down, and `drop` is a restart that lost everything (a crash, a new machine).
#
# `start` installs what is missing with apt (one `apt-get update`, then `apt-get install`), starts
# the services, waits until they accept connections and writes their URLs to the env file:
#
#   TOOLWRIGHT_PG_URL=postgres://postgres@127.0.0.1:<port>/toolwright
#   TOOLWRIGHT_REDIS_URL=redis://127.0.0.1:<port>
#
# `stop` stops them (by their pid files, never by name) and deletes their data and the env file.
# `start` while the services of the env file are running does nothing.
#
# Environment:
#   TOOLWRIGHT_SERVICES_ENV      the env file (default <repo>/.ci/services.env); tests that start
#                                their own instance pass a private path here
#   TOOLWRIGHT_SERVICES_INSTALL  0: never install; exit 3 when a binary is missing (what a test
#                                run uses, so that `pnpm test` never runs apt on its own)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
env_file=${TOOLWRIGHT_SERVICES_ENV:-$repo/.ci/services.env}
install=${TOOLWRIGHT_SERVICES_INSTALL:-1}
readonly missing_binary_status=3

log() { printf 'services: %s\n' "$*" >&2; }
fail() {
  log "$*"
  exit 1
}

# The newest installed PostgreSQL's bin folder (Debian keeps them out of PATH), or empty.
find_postgres_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
    echo "$dir"
  elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  fi
}

# Installs the apt packages named, after one `apt-get update`, quietly.
apt_install() {
  if [ "$install" = 0 ]; then
    log "missing: $* (TOOLWRIGHT_SERVICES_INSTALL=0, not installing)"
    exit "$missing_binary_status"
  fi
  command -v apt-get >/dev/null 2>&1 || fail "missing: $*, and there is no apt-get to install it"
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  log "installing $* with apt"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# `$1` free TCP ports on 127.0.0.1, chosen by the kernel.
free_ports() {
  node -e '
    const net = require("node:net");
    const count = Number(process.argv[1]);
    const servers = Array.from({ length: count }, () => net.createServer());
    Promise.all(servers.map((server) => new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))))
      .then(() => {
        console.log(servers.map((server) => server.address().port).join(" "));
        for (const server of servers) server.close();
      });
  ' "$1"
}

# Runs a command as the PostgreSQL owner: `postgres` when we are root (it refuses to run as root).
as_postgres_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Polls a readiness command for up to 30 s.
wait_until() {
  local what=$1
  shift
  for _ in $(seq 1 300); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  fail "$what did not accept connections within 30 s"
}

read_env_value() {
  sed -n "s/^$1=//p" "$env_file" 2>/dev/null | tail -n 1
}

# Whether every service recorded in the env file still runs.
services_running() {
  [ -f "$env_file" ] || return 1
  local root
  root=$(read_env_value TOOLWRIGHT_SERVICES_ROOT)
  [ -n "$root" ] && [ -d "$root" ] || return 1
  local pid_file
  for pid_file in "$root/redis.pid" "$root/postgres/data/postmaster.pid"; do
    if [ -f "$pid_file" ]; then
      kill -0 "$(head -n 1 "$pid_file")" 2>/dev/null || return 1
    fi
  done
}

launch_redis() {
  local root=$1 port=$2
  mkdir -p "$root/redis"
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
    --dir "$root/redis" --pidfile "$root/redis.pid" --logfile "$root/redis.log" >/dev/null 9>&-
  wait_until "Redis on port $port" redis-cli -h 127.0.0.1 -p "$port" ping
}

start_redis() {
  local root=$1 port=$2
  launch_redis "$root" "$port"
  echo "TOOLWRIGHT_REDIS_URL=redis://127.0.0.1:$port" >>"$env_file.tmp"
}

start_postgres() {
  local root=$1 port=$2 bin=$3
  local data="$root/postgres/data" sockets="$root/postgres/sockets"
  mkdir -p "$root/postgres" "$sockets"
  [ "$(id -u)" = 0 ] && chown -R postgres: "$root/postgres"
  as_postgres_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C \
    --no-sync --no-instructions >"$root/initdb.log" 2>&1 ||
    fail "initdb failed, see $root/initdb.log"
  as_postgres_owner "$bin/pg_ctl" -D "$data" -l "$root/postgres/server.log" -W -s \
    -o "-p $port -k $sockets -c listen_addresses=127.0.0.1" start 9>&- ||
    fail "PostgreSQL did not start, see $root/postgres/server.log"
  wait_until "PostgreSQL on port $port" "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres toolwright
  echo "TOOLWRIGHT_PG_URL=postgres://postgres@127.0.0.1:$port/toolwright" >>"$env_file.tmp"
}

start() {
  local want_postgres=0 want_redis=0 name
  [ $# -gt 0 ] || set -- postgres redis
  for name in "$@"; do
    case $name in
      postgres) want_postgres=1 ;;
      redis) want_redis=1 ;;
      *) fail "unknown service: $name (postgres, redis)" ;;
    esac
  done

  if services_running; then
    log "already running ($env_file)"
    return 0
  fi
  [ ! -f "$env_file" ] || stop

  local packages=()
  [ "$want_redis" = 0 ] || command -v redis-server >/dev/null 2>&1 || packages+=(redis-server)
  [ "$want_postgres" = 0 ] || [ -n "$(find_postgres_bin)" ] || packages+=(postgresql)
  [ ${#packages[@]} = 0 ] || apt_install "${packages[@]}"

  local root ports
  root=$(mktemp -d "${TMPDIR:-/tmp}/toolwright-services.XXXXXX")
  chmod 755 "$root"
  read -r -a ports <<<"$(free_ports 2)"
  mkdir -p "$(dirname "$env_file")"
  echo "TOOLWRIGHT_SERVICES_ROOT=$root" >"$env_file.tmp"
  # Written now so that a failure half-way can still be stopped and cleaned up.
  cp "$env_file.tmp" "$env_file"
  [ "$want_redis" = 0 ] || start_redis "$root" "${ports[0]}"
  [ "$want_postgres" = 0 ] || start_postgres "$root" "${ports[1]}" "$(find_postgres_bin)"
  mv "$env_file.tmp" "$env_file"
  log "started ($env_file)"
}

stop() {
  [ -f "$env_file" ] || return 0
  local root
  root=$(read_env_value TOOLWRIGHT_SERVICES_ROOT)
  if [ -n "$root" ] && [ -d "$root" ]; then
    if [ -f "$root/redis.pid" ]; then
      local redis_pid
      redis_pid=$(head -n 1 "$root/redis.pid")
      kill "$redis_pid" 2>/dev/null || true
      for _ in $(seq 1 100); do
        kill -0 "$redis_pid" 2>/dev/null || break
        sleep 0.05
      done
    fi
    if [ -f "$root/postgres/data/postmaster.pid" ]; then
      as_postgres_owner "$(find_postgres_bin)/pg_ctl" -D "$root/postgres/data" -m fast -w -s stop ||
        log "pg_ctl stop failed"
    fi
    rm -rf "$root"
  fi
  rm -f "$env_file" "$env_file.tmp"
  log "stopped"
}

# Waits (up to 10 s) until the process of a pid file has exited.
wait_for_exit() {
  local pid=$1
  for _ in $(seq 1 200); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.05
  done
  fail "process $pid did not exit within 10 s"
}

restart() {
  [ -f "$env_file" ] || fail "no services to restart ($env_file is missing)"
  local root
  root=$(read_env_value TOOLWRIGHT_SERVICES_ROOT)
  [ -n "$root" ] && [ -d "$root" ] || fail "the services' folder is gone"
  case ${1:-} in
    postgres)
      as_postgres_owner "$(find_postgres_bin)/pg_ctl" -D "$root/postgres/data" -m fast -w -s \
        restart 9>&- >/dev/null || fail "pg_ctl restart failed"
      local port
      port=$(read_env_value TOOLWRIGHT_PG_URL | sed -E 's#.*:([0-9]+)/.*#\1#')
      wait_until "PostgreSQL on port $port" "$(find_postgres_bin)/pg_isready" -q -h 127.0.0.1 \
        -p "$port" -U postgres
      ;;
    redis)
      local mode=${2:-drop} down=${3:-0} port pid
      port=$(read_env_value TOOLWRIGHT_REDIS_URL | sed -E 's#.*:([0-9]+)$#\1#')
      pid=$(head -n 1 "$root/redis.pid")
      case $mode in
        keep) redis-cli -h 127.0.0.1 -p "$port" shutdown save >/dev/null 2>&1 || true ;;
        drop)
          redis-cli -h 127.0.0.1 -p "$port" shutdown nosave >/dev/null 2>&1 || true
          ;;
        *) fail "restart redis keep|drop, got: $mode" ;;
      esac
      wait_for_exit "$pid"
      [ "$mode" = keep ] || rm -f "$root/redis/dump.rdb"
      sleep "$down"
      launch_redis "$root" "$port"
      ;;
    *) fail "usage: scripts/services.sh restart postgres | restart redis keep|drop [DOWN_SECONDS]" ;;
  esac
  log "restarted $1"
}

command=${1:-}
[ $# -eq 0 ] || shift
mkdir -p "$(dirname "$env_file")"
# One start or stop at a time per env file (two test runs starting the same services).
exec 9>"$env_file.lock"
flock 9
case $command in
  start) start "$@" ;;
  stop) stop ;;
  restart) restart "$@" ;;
  *) fail "usage: scripts/services.sh start [postgres] [redis] | stop | restart postgres | restart redis keep|drop [DOWN_SECONDS]" ;;
esac
