#!/usr/bin/env bash
# Builds one Go driver: clients/go/prepare.sh go-sdk → clients/go/bin/go-sdk. The module's go.sum pins
# every dependency; Go's module and build caches make a second run a no-op when nothing changed.
set -euo pipefail
cd "$(dirname "$0")"
driver="${1:?usage: prepare.sh <driver folder under clients/go>}"
GOFLAGS=-mod=readonly nice go build -o "bin/$driver" "./$driver" >&2
echo "$PWD/bin/$driver"
