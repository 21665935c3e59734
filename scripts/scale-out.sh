#!/usr/bin/env bash
# N server processes sharing PostgreSQL and Redis behind a local round-robin proxy, to try a
# scale-out by hand (docs/OPERATIONS.md, "Running N processes"). Example:
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fanspace REDIS_URL=redis://127.0.0.1:6379 \
#   DATA_ENCRYPTION_KEY=$(openssl rand -hex 32) SCALE_PROCESSES=3 SCALE_PORT=3000 scripts/scale-out.sh
# then open http://127.0.0.1:3000 (build the web app first: npm run build -w web).
set -euo pipefail
cd "$(dirname "$0")/../server"
exec node --import tsx src/cli/scale-out.ts
