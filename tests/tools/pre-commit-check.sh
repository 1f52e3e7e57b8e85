#!/usr/bin/env bash
# Runs the real pre-commit on this repository's hook (.pre-commit-hooks.yaml, id
# orbat-validate) from a scratch git repository, as a user's repository would use it: a clean
# game folder must pass, a broken one must fail with its finding printed. pre-commit installs
# the hook with `cargo install --bins --path .` at this repository's root (its `language:
# rust`), which is why the root is a package. Uses the committed HEAD (pre-commit clones it).
#
#   bash tests/tools/pre-commit-check.sh
#
# Installs pre-commit with pip when it is missing. CARGO_TARGET_DIR defaults to this
# repository's target/ so the hook's build reuses what CI built already.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
python3 -c "import pre_commit" 2>/dev/null ||
  python3 -m pip install --quiet --root-user-action=ignore pre-commit
# as a module: found whether or not pip's script folder is on PATH
pre_commit() { python3 -m pre_commit "$@"; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"

mkdir "$work/scratch"
cd "$work/scratch"
git init -q
git config user.email ci@example.invalid
git config user.name ci
# the configuration README.md shows, with this repository, this commit and the scratch
# repository's game folder put in
awk '/^```yaml$/ {block = ""; inside = 1; next} inside && /^```$/ {if (block ~ /id: orbat-validate/) {printf "%s", block; exit} inside = 0; next} inside {block = block $0 "\n"}' \
  "$repo/README.md" |
  sed -e "s|<this repository>|$repo|" -e "s|<a tag or commit>|$rev|" -e "s|path/to/your/games|scenarios|" \
    >.pre-commit-config.yaml
grep -q "id: orbat-validate" .pre-commit-config.yaml || { echo "README.md shows no pre-commit configuration"; exit 1; }
mkdir scenarios
cp -r "$repo/tests/fixtures/valid/minimal" scenarios/minimal
git add -A
git commit -qm "a clean game"

fail() {
  cat "$2"
  echo "pre-commit check FAILED: $1"
  exit 1
}

# a clean game folder: the hook installs, runs and passes
pre_commit run --all-files >clean.log 2>&1 || fail "the clean folder did not pass" clean.log
grep -Eq "^orbat-validate\.+Passed" clean.log || fail "no Passed line for the hook" clean.log

# a broken one (a link to a space that does not exist): the hook fails and prints the finding
cp -r "$repo/tests/fixtures/invalid/R002_1" scenarios/broken
git add -A
if pre_commit run --all-files >broken.log 2>&1; then
  fail "the broken folder passed" broken.log
fi
grep -Eq "^orbat-validate\.+Failed" broken.log || fail "no Failed line for the hook" broken.log
grep -q "error\[R002\]" broken.log || fail "the finding was not printed" broken.log
grep -q "scenarios/broken/map.ron" broken.log || fail "the file was not named" broken.log
echo "pre-commit $(pre_commit --version | cut -d' ' -f2): the clean folder passed; the broken one failed, printing R002 in scenarios/broken/map.ron"
