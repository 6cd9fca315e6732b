#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed, for the browser tests (packages/console): Playwright's
# own browser download is not reachable from here, so the tests drive the distribution's build
# through playwright-core with `executablePath`.
#
#   scripts/chromium.sh            # install with apt when missing, then print its path
#
# Like scripts/services.sh: one `apt-get update`, then `apt-get install` of `chromium`, only when
# no Chromium is found. Prints the executable's path on stdout (everything else goes to stderr).
#
# Environment:
#   TOOLWRIGHT_CHROMIUM          a Chromium to use instead of looking for one (missing when it is
#                                not an executable: nothing else is looked for)
#   TOOLWRIGHT_SERVICES_INSTALL  0: never install; exit 3 when Chromium is missing
set -euo pipefail

install=${TOOLWRIGHT_SERVICES_INSTALL:-1}
readonly missing_binary_status=3

log() { printf 'chromium: %s\n' "$*" >&2; }

find_chromium() {
  # A Chromium named explicitly is the only one: when it is not there, Chromium is missing
  # (another one found instead would hide the mistake).
  if [ -n "${TOOLWRIGHT_CHROMIUM:-}" ]; then
    if [ -x "$TOOLWRIGHT_CHROMIUM" ]; then echo "$TOOLWRIGHT_CHROMIUM"; fi
    return
  fi
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then
      echo "$candidate"
      return
    fi
  done
}

path=$(find_chromium)
if [ -z "$path" ]; then
  if [ "$install" = 0 ]; then
    log "missing (TOOLWRIGHT_SERVICES_INSTALL=0, not installing)"
    exit "$missing_binary_status"
  fi
  command -v apt-get >/dev/null 2>&1 || {
    log "missing, and there is no apt-get to install it"
    exit 1
  }
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  log "installing chromium with apt"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    chromium fonts-dejavu-core >/dev/null
  path=$(find_chromium)
  [ -n "$path" ] || {
    log "apt-get installed chromium, but no executable was found"
    exit 1
  }
fi
log "$("$path" --version 2>/dev/null || echo "$path")"
echo "$path"
