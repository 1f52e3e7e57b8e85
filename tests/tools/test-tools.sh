#!/usr/bin/env bash
# Installs, where it can, the outside tools the tests compare Orbat's output with:
#   gettext (msgfmt judges the PO files), Neovim (the LSP client), poppler (reads the PDFs),
#   DejaVu fonts (what orbat-print embeds), translate-toolkit (pofilter), junitparser and
#   check-jsonschema (Python), and the SARIF 2.1.0 schema (npm).
# Outside CI it never fails: what it cannot install is named, and the tests that need it say
# "SKIPPED ..." and pass. Under CI (CI set, as .ci/run does) a missing tool is an error.
set -uo pipefail
cd "$(dirname "$0")/../.."
missing=()
say() { printf 'test-tools: %s\n' "$*" >&2; }

# Debian packages: as root, or through sudo when it asks no password
apt_packages=(gettext neovim poppler-utils fonts-dejavu-core)
need_apt=0
for probe in msgfmt nvim pdfinfo; do command -v "$probe" >/dev/null || need_apt=1; done
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt=1
if [ "$need_apt" = 1 ]; then
  if command -v apt-get >/dev/null; then
    if [ "$(id -u)" = 0 ]; then sudo=(); elif sudo -n true 2>/dev/null; then sudo=(sudo -n); else sudo=(none); fi
    if [ "${sudo[0]:-}" = none ]; then
      missing+=("${apt_packages[*]} (apt-get install needs root)")
    else
      say "installing ${apt_packages[*]} (apt-get)"
      { "${sudo[@]}" apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${apt_packages[@]}" >/dev/null; } ||
        missing+=("${apt_packages[*]} (apt-get failed)")
    fi
  else
    missing+=("gettext, neovim, poppler-utils, DejaVu fonts (no apt-get: use your system's packages)")
  fi
fi

# Python modules (pip; --user when not root)
if ! python3 -c "import translate, junitparser, check_jsonschema" 2>/dev/null; then
  if command -v python3 >/dev/null; then
    user=(); [ "$(id -u)" = 0 ] || user=(--user)
    say "installing translate-toolkit junitparser check-jsonschema (pip)"
    python3 -m pip install --quiet --root-user-action=ignore "${user[@]}" \
      translate-toolkit junitparser check-jsonschema >/dev/null ||
      missing+=("translate-toolkit junitparser check-jsonschema (pip install failed)")
  else
    missing+=("python3 (for pofilter, junitparser, check-jsonschema)")
  fi
fi

# the SARIF schema (npm pack, into target/sarif/)
if command -v npm >/dev/null; then
  bash tests/tools/fetch-sarif-schema.sh 2>/dev/null || missing+=("the SARIF 2.1.0 schema (npm pack failed)")
else
  missing+=("the SARIF 2.1.0 schema (needs npm)")
fi

if [ "${#missing[@]}" = 0 ]; then
  say "every tool the tests compare with is here"
  exit 0
fi
for m in "${missing[@]}"; do say "not installed: $m"; done
if [ -n "${CI:-}" ]; then
  say "CI must check with every tool: failing"
  exit 1
fi
say "the tests that need these say SKIPPED and check nothing with them"
exit 0
