#!/usr/bin/env bash
# The split stack (scripts/stack.sh, issue 50) started for real with a small catalogue, and one replica killed under
# traffic:
#
#   npm run build && bash scripts/tests/stack.test.sh
#
# 1. starts the stack (PostgreSQL, Redis, ClickHouse servers of its own, two api replicas, workers, HAProxy) on free
#    ports with the twelve classics and a copy of the client build, in a scratch folder;
# 2. checks that both replicas serve through the balancer;
# 3. imports one more book through the command line while the stack serves, and finds it by idea search through each
#    replica directly: the vectors reach both from the import's announcement on Redis;
# 4. sends events and keyword searches through the balancer (scripts/tests/stack-traffic.mjs) and kills api1 with
#    SIGKILL in the middle: every request must end answered (the balancer sends a failed connection on to api2; a
#    browser sends a failed request again with the same event ids), api2 answers everything after the kill, and
#    every accepted event is in ClickHouse exactly once (stored ids and the hourly counts);
# 5. replaces the client build under the running replica: its pages still name the scripts it started with, and
#    those load;
# 6. stops the stack: nothing it started is left running.
# About a minute here. Needs MODELS_DIR (the embedding model) and root or the stores installed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
say() { printf '[stack-test] %s (%d s)\n' "$*" "$SECONDS"; }
fail() {
  printf '[stack-test] FAIL: %s\n' "$*" >&2
  exit 1
}

[ -f services/api/dist/server.js ] || fail "no built api: run npm run build first"
[ -f client/dist/index.html ] || fail "no client build: run npm run build first"
if [ -z "${MODELS_DIR:-}" ] && [ ! -d "$ROOT/../shared/models" ] && [ -d /work/shared/models ]; then
  export MODELS_DIR=/work/shared/models
fi

WORK="$(mktemp -d)"
# Readable by the postgres user, so the stack keeps its PostgreSQL in here (else it would use /var/lib/bookstrut-stack).
chmod 755 "$WORK"
export STACK_DIR="$WORK/stack"
# Eight free ports in a row from a random base (the balancer, two replicas, PostgreSQL, Redis, ClickHouse's three).
STACK_PORT="$(python3 - <<'PY'
import random, socket
for _ in range(200):
    base = random.randrange(20000, 60000)
    try:
        socks = []
        for p in range(base, base + 8):
            s = socket.socket(); s.bind(("127.0.0.1", p)); socks.append(s)
        print(base); break
    except OSError:
        pass
    finally:
        for s in socks: s.close()
PY
)"
export STACK_PORT STACK_CATALOGUE="$ROOT/data-samples/classics.jsonl" STACK_CLIENT_DIST="$WORK/client/dist"
export SEARCH_RATE_LIMIT_ANON=1000000 EVENTS_RATE_LIMIT_ANON=1000000 LOG_LEVEL=warn
LB="http://127.0.0.1:$STACK_PORT"
API1="http://127.0.0.1:$((STACK_PORT + 1))"
API2="http://127.0.0.1:$((STACK_PORT + 2))"
CH="http://127.0.0.1:$((STACK_PORT + 5))/?database=bookstrut"

started=false
cleanup() {
  local rc=$?
  if [ "$started" = true ]; then
    if [ "$rc" -ne 0 ]; then
      for log in "$STACK_DIR"/logs/{api1,api2,workers}.log; do
        [ -s "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
      done
    fi
    bash scripts/stack.sh stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK" 2>/dev/null || true
  exit "$rc"
}
trap cleanup EXIT

# The replicas serve a copy of the client build, so this test can replace it under them (step 5). Its server
# bundle imports its packages by name: they are found through node_modules links, as above client/dist.
mkdir -p "$WORK/client"
ln -s "$ROOT/node_modules" "$WORK/node_modules"
[ -d client/node_modules ] && ln -s "$ROOT/client/node_modules" "$WORK/client/node_modules"
cp -r client/dist "$WORK/client/dist"
[ -d client/dist-server ] && cp -r client/dist-server "$WORK/client/dist-server"

say "1. starting the split stack on ports $STACK_PORT-$((STACK_PORT + 7))"
started=true
bash scripts/stack.sh start --detach >"$WORK/start.log" 2>&1 || {
  cat "$WORK/start.log" >&2
  fail "the stack did not start (above)"
}
mapfile -t pids < <(cat "$STACK_DIR"/run/*.pid)

say "2. both replicas answer through the balancer"
served=""
for _ in $(seq 1 8); do
  served+="$(curl -fsS -o /dev/null -D - "$LB/api/v1/health" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-served-by"{print $2}') "
done
[[ "$served" == *api1* && "$served" == *api2* ]] || fail "the balancer did not use both replicas: $served"

say "3. a book imported while the stack serves is found through each replica"
cat >"$WORK/new-book.jsonl" <<'JSON'
{"id": "stack-test-lighthouse", "title": "The Keeper of Gannet Rock", "author": "A. Test", "year": 2020, "genres": ["Fiction"], "description": "A lighthouse keeper on a storm-beaten rock rescues a drowning stranger and hides him from the men who come looking.", "ideas": ["A lonely lighthouse keeper on a rock in the sea", "Rescuing a stranger from a shipwreck in a storm", "Hiding a fugitive from his pursuers"]}
JSON
(
  export NODE_ENV=production DATA_DIR="$STACK_DIR/data" DATABASE_URL="postgres://postgres@127.0.0.1:$((STACK_PORT + 3))/bookstrut"
  export REDIS_URL="redis://127.0.0.1:$((STACK_PORT + 4))" REDIS_PREFIX=bookstrut RUN_WORKERS=false
  export CLICKHOUSE_URL="http://default@127.0.0.1:$((STACK_PORT + 5))/bookstrut"
  node services/api/dist/cli/catalog-import.js "$WORK/new-book.jsonl" --wait
) >"$WORK/import.log" 2>&1 || {
  cat "$WORK/import.log" >&2
  fail "the import failed"
}
q='firstField=a%20lighthouse%20keeper%20alone%20on%20a%20rock&secondField=saving%20a%20man%20from%20a%20shipwreck&thirdField=hiding%20a%20fugitive'
found_in() { curl -fsS "$1/api/v1/search/podcast?$q" | grep -q 'The Keeper of Gannet Rock'; }
# The import announced the vectors before it exited; each replica loads them on the announcement (the 30 s
# catch-up is far off). Two seconds, the aim of issue 50, as a bound on a loaded machine: measured, not timed.
for replica in "$API1" "$API2"; do
  deadline=$((SECONDS + 10))
  until found_in "$replica"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$replica does not find the imported book by its ideas"
    sleep 0.2
  done
done

say "4. traffic through the balancer; api1 killed with SIGKILL in the middle"
node scripts/tests/stack-traffic.mjs "$LB" 12 "$WORK/traffic.json" >"$WORK/traffic.log" 2>&1 &
traffic=$!
# A few seconds of traffic on both replicas (leastconn shares the lanes out), then the kill.
sleep 5
bash scripts/stack.sh kill api1
killed_at_ms="$(date +%s%3N)"
wait "$traffic" || {
  cat "$WORK/traffic.log" >&2
  fail "the traffic driver failed"
}
cat "$WORK/traffic.log"
node - "$WORK/traffic.json" "$CH" "$killed_at_ms" <<'JS'
const { readFileSync } = require('node:fs')
const [file, ch, killedAtArg] = process.argv.slice(2)
const killedAt = Number(killedAtArg)
const { accepted, requests } = JSON.parse(readFileSync(file, 'utf8'))
const fail = (m) => { console.error(`[stack-test] FAIL: ${m}`); process.exit(1) }
const ends = requests.filter((r) => r.status > 0 && r.status < 500)
const failed = requests.filter((r) => r.status === 0 || r.status >= 500)
const byReplica = {}
for (const r of ends) byReplica[r.servedBy] = (byReplica[r.servedBy] ?? 0) + 1
console.log(`[stack-test]   ${requests.length} attempts, ${failed.length} failed and sent again; answered by ${JSON.stringify(byReplica)}`)
// Every request ended answered: the number of final answers is the number of requests made (first attempts).
const first = requests.filter((r) => r.attempt === 1).length
if (ends.length !== first) fail(`${first - ends.length} requests never got an answer`)
for (const r of ends) if (r.status !== 202 && r.status !== 200) fail(`a ${r.kind} was answered ${r.status}`)
if (!byReplica.api1) fail('api1 answered nothing before it was killed')
if (!byReplica.api2) fail('api2 answered nothing')
// Sent after the kill: each one answered, by api2 (a request that was on api1 when it died is sent on by the
// balancer or, failing that, again by the client).
const late = ends.filter((r) => r.at > killedAt)
if (late.length === 0) fail('no request was answered after api1 was killed')
if (late.some((r) => r.servedBy !== 'api2')) fail('a request sent after the kill was answered by another than api2')
const lateFailed = failed.filter((r) => r.at > killedAt).length
console.log(`[stack-test]   after the kill: ${late.length} answered by api2, ${lateFailed} attempts failed and sent again`)
;(async () => {
  const ids = accepted.map((id) => `'${id}'`).join(',')
  const query = async (sql) => (await (await fetch(ch, { method: 'POST', body: sql })).text()).trim()
  const countStored = () => query(`SELECT uniqExact(id) FROM events WHERE id IN (${ids}) FORMAT TSV`)
  // The workers write batches within about a second; wait for them (bounded), then compare.
  let stored = 0
  for (let i = 0; i < 100 && stored < accepted.length; i++) {
    stored = Number(await countStored())
    if (stored < accepted.length) await new Promise((r) => setTimeout(r, 200))
  }
  if (stored !== accepted.length) fail(`${accepted.length} events accepted, ${stored} stored`)
  const counted = Number(
    await query(
      "SELECT uniqExactMerge(events) FROM events_hourly WHERE type IN ('play','description_click','purchase_click','profile_click') FORMAT TSV",
    ),
  )
  if (counted !== accepted.length) fail(`${accepted.length} events accepted, ${counted} counted`)
  console.log(`[stack-test]   ${accepted.length} events accepted, ${stored} stored, ${counted} counted (each once)`)
})()
JS
unset killed_at_ms

say "5. the client build replaced under the running replica"
before="$(curl -fsS "$LB/faq")"
mapfile -t scripts < <(grep -o 'src="/assets/[^"]*"' <<<"$before" | sed 's/^src="\///; s/"$//')
[ "${#scripts[@]}" -gt 0 ] || fail "the page names no script"
rm -rf "$WORK/client/dist" "$WORK/client/dist-server"
mkdir -p "$WORK/client/dist"
printf '<!doctype html><html><head><script type="module" src="/assets/next.js"></script></head><body><div id="root"></div></body></html>' \
  >"$WORK/client/dist/index.html"
after="$(curl -fsS "$LB/membership")"
grep -q "src=\"/${scripts[0]}\"" <<<"$after" || fail "after the build was replaced, a page no longer names ${scripts[0]}"
for s in "${scripts[@]}"; do
  curl -fsS -o /dev/null "$LB/$s" || fail "after the build was replaced, /$s does not load"
done

say "6. stopping: nothing the stack started is left"
bash scripts/stack.sh stop >/dev/null 2>&1
started=false
for pid in "${pids[@]}"; do
  if kill -0 "$pid" 2>/dev/null; then fail "process $pid ($(tr '\0' ' ' </proc/"$pid"/cmdline | cut -c1-80)) still runs"; fi
done
say "ok"
