#!/usr/bin/env bash
# Writes a CycloneDX SBOM of the production dependency tree (all workspaces) to
# ${1:-sbom.cdx.json}, then runs `npm audit --omit=dev` (fails on high or critical).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-sbom.cdx.json}"
npx --no-install cyclonedx-npm --omit dev --output-format JSON \
  --output-file "$out" --validate
count=$(node -e "console.log(require(require('path').resolve(process.argv[1])).components.length)" "$out")
echo "SBOM: $out ($count components)"
if ! npm audit --omit=dev --audit-level=high; then
  echo "npm audit failed: high/critical advisories above, or the registry has no audit endpoint" >&2
  exit 1
fi
