#!/usr/bin/env bash
# Install what the tests need when it is missing: Debian's Chromium (Playwright cannot download
# browsers here), bubblewrap (sandboxing tests) and PostgreSQL 15 (second database backend).
# As root on Debian it installs them with apt-get; otherwise it says what to install and stops.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[kiln] installing test dependencies: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "[kiln] the tests need these Debian packages: ${missing[*]}" >&2
  echo "[kiln] install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
