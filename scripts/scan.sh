#!/usr/bin/env bash
# Runs Debian's sqlmap (--level 3 --risk 2, authenticated) and wapiti against a local server
# on a fresh data dir with the demo seed. Needs `apt-get install sqlmap wapiti` and a built web
# app (npm run build -w web). Results go to ${SCAN_DIR:-scan-results}/; the summary counts the
# injectable parameters sqlmap found and wapiti's findings by severity.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in sqlmap wapiti; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install $tool)" >&2; exit 2; }
done
out="${SCAN_DIR:-scan-results}"
mkdir -p "$out"
port="${SCAN_PORT:-3199}"
base="http://127.0.0.1:$port"
data="$(mktemp -d)"
PORT=$port DATA_DIR="$data" RATE_LIMIT_ENABLED=false PRESSURE_ENABLED=false LOG_LEVEL=warn \
  node --import tsx server/src/main.ts >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do curl -fs "$base/api/health" >/dev/null && break; sleep 1; done

token=$(curl -fs -H 'content-type: application/json' \
  -d '{"email":"fan@fanspace.test","password":"fanspace-demo"}' "$base/api/auth/login" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')
auth="Authorization: Bearer $token"
creator=$(curl -fs -H "$auth" "$base/api/users/username/maya.lens" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')

# the main read and write routes, each parameter marked for sqlmap with *
targets=(
  "GET|$base/api/posts?limit=10*"
  "GET|$base/api/users?q=maya*&limit=10"
  "GET|$base/api/search?q=travel*"
  "GET|$base/api/users/username/maya.lens*"
  "GET|$base/api/users/$creator*"
  "GET|$base/api/chats?limit=10*"
  "GET|$base/api/notifications?page=1*"
  "GET|$base/api/payments/transactions?page=1*"
  "POST|$base/api/chats|{\"recipientId\":\"$creator*\"}"
  "POST|$base/api/auth/login|{\"email\":\"fan@fanspace.test*\",\"password\":\"x*\"}"
)
: >"$out/sqlmap-summary.txt"
for target in "${targets[@]}"; do
  IFS='|' read -r method url body <<<"$target"
  args=(-u "$url" --method "$method" -H "$auth" --level 3 --risk 2 --batch --flush-session
    --output-dir "$out/sqlmap" --smart --threads 2)
  [ -n "${body:-}" ] && args+=(--data "$body" -H 'Content-Type: application/json')
  log="$out/sqlmap-$(echo "$method $url" | tr -c 'A-Za-z0-9' '_' | cut -c1-80).log"
  sqlmap "${args[@]}" >"$log" 2>&1 || true
  if grep -q "is vulnerable\|sqlmap identified the following injection" "$log"; then
    echo "FINDING $method $url" | tee -a "$out/sqlmap-summary.txt"
  else
    echo "clean   $method $url" | tee -a "$out/sqlmap-summary.txt"
  fi
done

wapiti -u "$base/" -H "$auth" --scope domain -m "sql,xss,exec,file,redirect,crlf,ssrf,permanentxss" \
  --max-scan-time 600 --flush-session -f json -o "$out/wapiti.json" >"$out/wapiti.log" 2>&1 || true
node -e '
  const r = require(require("path").resolve(process.argv[1]));
  const counts = { high: 0, medium: 0, low: 0 };
  for (const [cat, list] of Object.entries(r.vulnerabilities ?? {}))
    for (const v of list) counts[["", "low", "medium", "high"][v.level] ?? "low"] += 1;
  console.log("wapiti findings:", JSON.stringify(counts));
' "$out/wapiti.json" | tee "$out/wapiti-summary.txt"
