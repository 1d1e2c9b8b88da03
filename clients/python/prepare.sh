#!/usr/bin/env bash
# Prepares the virtual environment of one Python driver, once per lockfile:
#   clients/python/prepare.sh mcp   → clients/python/mcp/.venv (from clients/python/mcp/requirements.txt)
# The venv is rebuilt only when requirements.txt (pinned, with hashes) changes; its sha256 is kept
# in .venv/.lock-sha256. Prints the venv's python on the last line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
driver="$here/${1:?usage: prepare.sh <driver folder under clients/python>}"
lock="$driver/requirements.txt"
venv="$driver/.venv"
python="${PYTHON:-python3}"
[ -f "$lock" ] || { echo "no lockfile $lock" >&2; exit 2; }
want="$(sha256sum "$lock" | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.lock-sha256" 2>/dev/null)" != "$want" ]; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --require-hashes --only-binary=:all: -r "$lock" >&2
  echo "$want" > "$venv/.lock-sha256"
fi
echo "$venv/bin/python"
