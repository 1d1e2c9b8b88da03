#!/usr/bin/env bash
# Builds a stand-in for the official node:20-slim image on a machine that can reach Debian's mirror
# and the npm registry but no image registry: Debian bookworm (debootstrap, minbase variant, trimmed
# like the slim images), the Node.js binary from the npm package node@$NODE_VERSION, and npm
# itself from the npm package npm@$NPM_VERSION (the version that Node.js release bundles), laid out
# as in the official image (/usr/local/bin/node, /usr/local/lib/node_modules/npm).
# The machine's CA bundle ($CA_FILE, default /etc/ssl/certs/ca-certificates.crt, when present) is
# added and named in NODE_EXTRA_CA_CERTS and NPM_CONFIG_CAFILE, so npm and pnpm in a build on this
# base trust what the machine trusts (a machine behind a TLS-inspecting proxy needs that).
# Idempotent: an existing image is reused, and the Debian root file system and the downloads are
# cached in $TOOLSHIFT_CACHE_DIR (default ~/.cache/toolshift). Prints the image name on stdout.
# Needs root (debootstrap) and a running Docker engine.
set -euo pipefail

NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-10.8.2}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
IMAGE=${TOOLSHIFT_BASE_IMAGE_NAME:-toolshift-base:node${NODE_VERSION}-bookworm}
CACHE=${TOOLSHIFT_CACHE_DIR:-$HOME/.cache/toolshift}
CA_FILE=${CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
here=$(cd "$(dirname "$0")" && pwd)

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
  echo "$IMAGE"
  exit 0
fi
mkdir -p "$CACHE"

rootfs_tar="$CACHE/debian-bookworm-minbase.tar"
if [[ ! -f $rootfs_tar ]]; then
  work=$(mktemp -d "$CACHE/debootstrap.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap --variant=minbase bookworm from $MIRROR ..." >&2
  debootstrap --variant=minbase bookworm "$work/rootfs" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 ||
    { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
  # What the slim images leave out: package caches and lists, documentation, manuals, translations.
  rm -rf "$work/rootfs"/var/cache/apt/archives/*.deb "$work/rootfs"/var/lib/apt/lists/* \
    "$work/rootfs"/usr/share/doc/* "$work/rootfs"/usr/share/man/* "$work/rootfs"/usr/share/info/* \
    "$work/rootfs"/usr/share/locale/* "$work/rootfs"/var/log/*.log "$work/rootfs"/var/cache/debconf/*-old
  tar --numeric-owner -C "$work/rootfs" -cf "$rootfs_tar.partial" .
  mv "$rootfs_tar.partial" "$rootfs_tar"
  rm -rf "$work"
  trap - EXIT
fi

# Node.js from npm (shared with the CI's other runtimes), npm as the tarball npm publishes.
node_bin=$(node "$here/../scripts/node-runtimes.mjs" --ensure "$NODE_VERSION")/node
npm_tgz="$CACHE/npm-$NPM_VERSION.tgz"
if [[ ! -f $npm_tgz ]]; then
  (cd "$CACHE" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
fi

stage=$(mktemp -d "$CACHE/base-image.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/usr/local/bin" "$stage/usr/local/lib/node_modules"
cp "$(readlink -f "$node_bin")" "$stage/usr/local/bin/node"
tar -xzf "$npm_tgz" -C "$stage/usr/local/lib/node_modules"
mv "$stage/usr/local/lib/node_modules/package" "$stage/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$stage/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$stage/usr/local/bin/npx"
extra=()
changes=()
if [[ -f $CA_FILE ]]; then
  mkdir -p "$stage/etc/ssl/certs"
  cp "$CA_FILE" "$stage/etc/ssl/certs/ca-certificates.crt"
  extra+=(./etc/ssl/certs/ca-certificates.crt)
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'
    --change 'ENV NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt')
fi
# The Debian archive with node and npm appended, imported as one layer.
full="$stage/rootfs.tar"
cp "$rootfs_tar" "$full"
tar --numeric-owner --owner=0 --group=0 -C "$stage" -rf "$full" ./usr/local/lib/node_modules \
  ./usr/local/bin/node ./usr/local/bin/npm ./usr/local/bin/npx "${extra[@]}"
docker import "${changes[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  --message "debian bookworm minbase + node $NODE_VERSION + npm $NPM_VERSION (toolshift docker/local-base-image.sh)" \
  "$full" "$IMAGE" >/dev/null
echo "$IMAGE"
