#!/usr/bin/env bash
# Runs Debian's sqlmap (--level 3 --risk 2, authenticated) and wapiti against a local server
# on a fresh data dir with the demo seed. Needs `apt-get install sqlmap wapiti` and a built web
# app (npm run build -w web). Results go to ${SCAN_DIR:-scan-results}/ (git-ignored); the
# summary counts the injectable parameters sqlmap found, wapiti's findings by severity and the
# requests each tool sent (counted in the server's request log).
#
# sqlmap is told the back end is PostgreSQL (--dbms, both databases the app runs on speak it):
# the payloads for MySQL, Oracle, MSSQL... would only cost time. Time bounds (a full run is
# ~30 min on a shared 2-core machine):
#   SQLMAP_TARGET_TIMEOUT  seconds per sqlmap target before it is stopped (default 240;
#                          a stopped target is reported as "TIMEOUT", never as clean)
#   WAPITI_MAX_SCAN_TIME   wapiti --max-scan-time (default 600)
#   WAPITI_MAX_ATTACK_TIME wapiti --max-attack-time per module (default 90)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in sqlmap wapiti; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install $tool)" >&2; exit 2; }
done
[ -f web/dist/index.html ] || { echo "build the web app first: npm run build -w web" >&2; exit 2; }
out="${SCAN_DIR:-scan-results}"
rm -rf "$out"
mkdir -p "$out"
port="${SCAN_PORT:-4340}"
base="http://127.0.0.1:$port"
data="$(mktemp -d)"
# info level: every request is logged once ("request completed"), which is how requests are counted
PORT=$port HOST=127.0.0.1 DATA_DIR="$data" RATE_LIMIT_ENABLED=false PRESSURE_ENABLED=false \
  LOG_LEVEL=info node --import tsx server/src/main.ts >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
# migrations + demo seed: minutes on a machine shared with other builds
for _ in $(seq 1 600); do curl -fs "$base/api/health" >/dev/null && break; sleep 1; done
curl -fs "$base/api/health" >/dev/null || { echo "the server did not start, see $out/server.log" >&2; exit 1; }
served() { grep -c '"msg":"request completed"' "$out/server.log" || true; }
errors5xx() { grep -c '"statusCode":5[0-9][0-9]' "$out/server.log" || true; }

token=$(curl -fs -H 'content-type: application/json' \
  -d '{"email":"fan@fanspace.test","password":"fanspace-demo"}' "$base/api/auth/login" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')
auth="Authorization: Bearer $token"
creator=$(curl -fs -H "$auth" "$base/api/users/username/maya.lens" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')
[ -n "$token" ] && [ -n "$creator" ] || { echo "could not log in to the demo server" >&2; exit 1; }

# the main read and write routes, each parameter marked for sqlmap with *
targets=(
  "GET|$base/api/posts?limit=10*"
  "GET|$base/api/users?q=maya*&limit=10"
  "GET|$base/api/search?q=travel*"
  "GET|$base/api/users/username/maya.lens*"
  "GET|$base/api/users/$creator*"
  "GET|$base/api/chats?limit=10*"
  "GET|$base/api/notifications?page=1*"
  "GET|$base/api/users/me/transactions?page=1*"
  "POST|$base/api/chats|{\"recipientId\":\"$creator*\"}"
  "POST|$base/api/auth/login|{\"email\":\"fan@fanspace.test*\",\"password\":\"x*\"}"
)
started=$(date +%s)
before=$(served)
: >"$out/sqlmap-summary.txt"
for target in "${targets[@]}"; do
  IFS='|' read -r method url body <<<"$target"
  args=(-u "$url" --method "$method" -H "$auth" --level 3 --risk 2 --batch --flush-session
    --output-dir "$out/sqlmap" --threads 4 --timeout 15 --retries 1 --dbms PostgreSQL --ignore-code 401)
  [ -n "${body:-}" ] && args+=(--data "$body" -H 'Content-Type: application/json')
  log="$out/sqlmap-$(echo "$method $url" | tr -c 'A-Za-z0-9' '_' | cut -c1-80).log"
  t0=$(date +%s)
  status=0
  timeout "${SQLMAP_TARGET_TIMEOUT:-240}" sqlmap "${args[@]}" >"$log" 2>&1 || status=$?
  took=$(($(date +%s) - t0))
  if grep -q "is vulnerable\|sqlmap identified the following injection" "$log"; then
    verdict=FINDING
  elif [ "$status" = 124 ]; then
    verdict=TIMEOUT
  elif grep -q "do not appear to be injectable" "$log"; then
    verdict=clean
  else
    verdict=ERROR
  fi
  printf '%-8s %4ss  %s %s\n' "$verdict" "$took" "$method" "$url" | tee -a "$out/sqlmap-summary.txt"
done
sqlmap_requests=$(($(served) - before))
sqlmap_seconds=$(($(date +%s) - started))

started=$(date +%s)
before=$(served)
starts=()
for target in "${targets[@]}"; do
  IFS='|' read -r method url _ <<<"$target"
  [ "$method" = GET ] && starts+=(-s "${url//\*/}")
done
wapiti -u "$base/" "${starts[@]}" -H "$auth" --scope domain \
  -m "blindsql,cookieflags,crlf,csp,exec,file,http_headers,permanentxss,redirect,sql,ssrf,xss,xxe,methods" \
  --max-scan-time "${WAPITI_MAX_SCAN_TIME:-600}" --max-attack-time "${WAPITI_MAX_ATTACK_TIME:-90}" \
  --flush-session -f json -o "$out/wapiti.json" >"$out/wapiti.log" 2>&1 || true
wapiti_requests=$(($(served) - before))
wapiti_seconds=$(($(date +%s) - started))

{
  echo "sqlmap $(sqlmap --version 2>/dev/null | head -1): ${#targets[@]} targets, $sqlmap_requests requests, ${sqlmap_seconds}s," \
    "$(grep -c '^FINDING' "$out/sqlmap-summary.txt" || true) findings," \
    "$(grep -c '^TIMEOUT\|^ERROR' "$out/sqlmap-summary.txt" || true) incomplete"
  node -e '
    const r = require(require("path").resolve(process.argv[1]));
    const names = ["info", "low", "medium", "high", "critical"];
    const counts = Object.fromEntries(names.map((n) => [n, 0]));
    const what = {};
    for (const [cat, list] of Object.entries(r.vulnerabilities ?? {}))
      for (const v of list) {
        counts[names[Number(v.level)] ?? "info"] += 1;
        what[cat] = (what[cat] ?? 0) + 1;
      }
    const anomalies = Object.values(r.anomalies ?? {}).reduce((n, l) => n + l.length, 0);
    console.log(`wapiti ${r.infos?.version ?? ""}: ${process.argv[2]} requests, ${process.argv[3]}s,`,
      "findings", JSON.stringify(counts), "by category", JSON.stringify(what), "anomalies", anomalies);
  ' "$out/wapiti.json" "$wapiti_requests" "$wapiti_seconds"
  echo "server 5xx responses during the scans: $(errors5xx)"
} | tee "$out/summary.txt"
