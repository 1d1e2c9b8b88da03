#!/usr/bin/env bash
# Makes a Docker engine available to the image and testcontainers tests, on loopback only: when none
# answers, installs docker.io (and debootstrap, for docker/local-base-image.sh) with apt-get and
# starts `dockerd --bridge=none --iptables=false --ip6tables=false` in the background. No default
# bridge is created (containers would get private-range addresses); containers use host networking.
# The engine keeps running after this script (its pid in $TOOLSHIFT_CACHE_DIR/dockerd.pid, log in
# dockerd.log), so later runs find it up.
# Exit 0 when an engine answers; exit 3 with a one-line reason when it cannot be had here (not root,
# no apt-get, dockerd does not come up): the Docker tests then skip, saying why.
set -uo pipefail

CACHE=${TOOLSHIFT_CACHE_DIR:-$HOME/.cache/toolshift}
mkdir -p "$CACHE"

unavailable() {
  echo "docker: unavailable: $1"
  exit 3
}

if docker info >/dev/null 2>&1; then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  unavailable "no engine answers and starting one needs root"
fi
if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || unavailable "no engine, and no apt-get to install docker.io"
  install() { DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io debootstrap; }
  if ! install >"$CACHE/apt-get.log" 2>&1; then
    apt-get update >>"$CACHE/apt-get.log" 2>&1
    install >>"$CACHE/apt-get.log" 2>&1 || unavailable "apt-get install docker.io failed (see $CACHE/apt-get.log)"
  fi
fi
setsid dockerd --bridge=none --iptables=false --ip6tables=false >"$CACHE/dockerd.log" 2>&1 </dev/null &
echo $! >"$CACHE/dockerd.pid"
for _ in $(seq 120); do
  if docker info >/dev/null 2>&1; then
    exit 0
  fi
  sleep 0.5
done
unavailable "dockerd did not answer within 60 s (see $CACHE/dockerd.log)"
