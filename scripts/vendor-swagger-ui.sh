#!/usr/bin/env bash
# Copies Swagger UI from the pinned npm package (node_modules/swagger-ui-dist,
# see package.json) into swagger-ui/assets and records its version and
# SHA-256 sums. Run after changing the pin and `npm install`.
set -euo pipefail
cd "$(dirname "$0")/.."
src=node_modules/swagger-ui-dist
dst=swagger-ui/assets
[ -f "$src/package.json" ] || { echo "error: $src is missing: run npm ci" >&2; exit 1; }
files=(swagger-ui-bundle.js swagger-ui-standalone-preset.js swagger-ui.css)
for f in "${files[@]}" LICENSE NOTICE; do cp "$src/$f" "$dst/$f"; done
node -p "require('./$src/package.json').version" > "$dst/VERSION"
(cd "$dst" && sha256sum "${files[@]}" > SHA256SUMS)
echo "vendored swagger-ui-dist $(cat "$dst/VERSION")"
