#!/usr/bin/env bash
# Fetches the OASIS SARIF 2.1.0 JSON Schema (shipped inside the npm package
# @microsoft/jest-sarif) into target/sarif/, for the test that validates our SARIF output.
set -euo pipefail
dest="${1:-$(dirname "$0")/../../target/sarif}"
mkdir -p "$dest"
[ -s "$dest/sarif-2.1.0-rtm.5.json" ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null)
tar -xzf "$work"/*.tgz -C "$work" package/lib/schemas/sarif-2.1.0-rtm.5.json
# copy then rename: tests that run at the same time never read a half-written schema
cp "$work/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$dest/.sarif.$$.tmp"
mv "$dest/.sarif.$$.tmp" "$dest/sarif-2.1.0-rtm.5.json"
