#!/usr/bin/env bash
# Faults under load across the split stack (issue 50): starts a stack of its own (scripts/stack.sh), runs
# stack-faults.js through its load balancer and, while it runs,
#
#   at  30 s  kill -9 api1, and start it again at 50 s
#   at 100 s  stop the workers (SIGTERM), start them again 30 s later
#   at 170 s  restart Redis (shutdown, start again 5 s later)
#
# then waits for the workers to store what was queued and prints, per fault, the requests and the failed ones and
# the p95 of each kind before (20 s), during (the fault and 5 s after) and after (the next 20 s), and events
# accepted, stored (distinct ids in ClickHouse) and counted (the hourly sets). Stops the stack at the end.
#
#   bash load-tests/stack-faults.sh            # RATE (10 visits/s), STACK_BOOKS (300), STACK_PORT (28080)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="${FAULTS_DIR:-$(mktemp -d)}"
mkdir -p "$WORK" && chmod 755 "$WORK" # the postgres user keeps its cluster in here
export STACK_DIR="$WORK/stack" STACK_PORT="${STACK_PORT:-28080}"
export SEARCH_RATE_LIMIT_ANON=1000000 EVENTS_RATE_LIMIT_ANON=1000000 LOG_LEVEL=warn
LB="http://127.0.0.1:$STACK_PORT"
CH="http://127.0.0.1:$((STACK_PORT + 5))/?database=bookstrut"
say() { printf '[faults] %s\n' "$*" >&2; }
stack() { bash scripts/stack.sh "$@"; }
trap 'stack stop >/dev/null 2>&1 || true' EXIT

say "load at start: $(uptime)"
stack start --detach
say "load with the stack up: $(uptime)"
# Warm-up: the first idea search loads each replica's query embedder.
for port in $((STACK_PORT + 1)) $((STACK_PORT + 2)); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/search/podcast?firstField=a%20whale&secondField=a%20captain&thirdField=the%20sea"
done

: >"$WORK/faults.tsv"
mark() { printf '%s\t%s\n' "$1" "$(date +%s%3N)" >>"$WORK/faults.tsv"; }
at() { # wait until SECONDS since the run began
  local t0=$1 s=$2
  while [ $(($(date +%s) - t0)) -lt "$s" ]; do sleep 0.2; done
}

BASE_URL="$LB" DURATION="${DURATION:-230s}" load-tests/run.sh stack-faults.js --quiet \
  --out "json=$WORK/k6.json" --summary-export "$WORK/summary.json" >"$WORK/k6.log" 2>&1 &
k6pid=$!
t0=$(date +%s)
mark run-start
at "$t0" 30
mark kill-start
stack kill api1
at "$t0" 50
stack start-part api1
mark kill-end
at "$t0" 100
mark workers-start
stack stop-part workers
at "$t0" 130
stack start-part workers
mark workers-end
at "$t0" 170
mark redis-start
stack stop-part redis
sleep 5
stack start-part redis
mark redis-end
k6rc=0
wait "$k6pid" || k6rc=$?
mark run-end
tail -n 40 "$WORK/k6.log" >&2
say "k6 exited $k6rc (thresholds: $([ "$k6rc" = 0 ] && echo passed || echo 'not all passed'))"

# What was queued reaches ClickHouse within seconds of the run; wait until the count stops moving.
stored_now() {
  curl -fsS "$CH" --data-binary "SELECT uniqExact(id) FROM events WHERE type IN ('play','description_click','purchase_click','profile_click') FORMAT TSV"
}
last=-1
for _ in $(seq 1 60); do
  now="$(stored_now)"
  [ "$now" = "$last" ] && break
  last="$now"
  sleep 2
done
counted="$(curl -fsS "$CH" --data-binary "SELECT uniqExactMerge(events) FROM events_hourly WHERE type IN ('play','description_click','purchase_click','profile_click') FORMAT TSV")"
say "load at the end: $(uptime)"

python3 - "$WORK" "$last" "$counted" <<'PY'
import json, sys
work, stored, counted = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
marks = dict(line.split('\t') for line in open(f'{work}/faults.tsv').read().split('\n') if line)
marks = {k: int(v) for k, v in marks.items()}
points = []
for line in open(f'{work}/k6.json'):
    p = json.loads(line)
    if p.get('type') != 'Point' or p['metric'] not in ('http_req_duration',):
        continue
    tags = p['data'].get('tags', {})
    name = tags.get('name')
    if name not in ('idea', 'keyword', 'page', 'events'):
        continue
    t = p['data']['time']
    # RFC 3339 with sub-second digits and an offset: to epoch milliseconds.
    from datetime import datetime
    ms = int(datetime.fromisoformat(t.replace('Z', '+00:00')).timestamp() * 1000)
    status = int(tags.get('status') or 0)
    ok = (status == 202) if name == 'events' else (status == 200)
    points.append((ms, name, p['data']['value'], ok))
summary = json.load(open(f'{work}/summary.json'))
accepted = int(summary['metrics'].get('events_accepted', {}).get('count', 0))

def p95(values):
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, int(round(0.95 * (len(v) - 1))))]

def window(a, b):
    sel = [p for p in points if a <= p[0] < b]
    row = {'requests': len(sel), 'failed': sum(1 for p in sel if not p[3])}
    for name in ('idea', 'keyword', 'page', 'events'):
        row[name] = p95([p[2] for p in sel if p[1] == name and p[3]])
    return row

faults = [('kill -9 api1, restart', 'kill'), ('workers stopped 30 s', 'workers'), ('Redis restarted', 'redis')]
print('| fault | window | requests | failed | p95 idea ms | p95 keyword ms | p95 page ms | p95 events ms |')
print('|---|---|---|---|---|---|---|---|')
fmt = lambda v: '–' if v is None else f'{v:.0f}'
for title, key in faults:
    s, e = marks[f'{key}-start'], marks[f'{key}-end']
    for label, (a, b) in (('before (20 s)', (s - 20000, s)), (f'during ({(e - s + 5000) / 1000:.0f} s)', (s, e + 5000)), ('after (20 s)', (e + 5000, e + 25000))):
        r = window(a, b)
        print(f"| {title} | {label} | {r['requests']} | {r['failed']} | {fmt(r['idea'])} | {fmt(r['keyword'])} | {fmt(r['page'])} | {fmt(r['events'])} |")
whole = window(marks['run-start'], marks['run-end'] + 1)
print(f"\nwhole run: {whole['requests']} requests, {whole['failed']} failed; events accepted {accepted}, stored {stored}, counted {counted}")
PY
