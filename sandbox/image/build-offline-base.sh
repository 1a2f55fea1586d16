#!/usr/bin/env bash
# Build the offline base image of the proact workspace from Debian packages: no registry needed.
# usage: build-offline-base.sh TAG [MIRROR]   (needs root, debootstrap and the docker CLI)
# The mirror defaults to the first Debian mirror apt is configured with, else deb.debian.org.
set -euo pipefail
tag="${1:?usage: build-offline-base.sh TAG [MIRROR]}"
mirror="${2:-$(grep -hoE '(URIs:|deb) +https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
  | grep -oE 'https?://[^ ]+' | head -n 1 || true)}"
mirror="${mirror:-http://deb.debian.org/debian}"
packages=python3,bash,coreutils,grep,sed,findutils,gawk,diffutils,procps,file,less
command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install debootstrap)" >&2; exit 3; }
[ "$(id -u)" = 0 ] || { echo "debootstrap needs root" >&2; exit 3; }
root="$(mktemp -d /tmp/proact-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "debootstrap bookworm from $mirror ($packages)" >&2
debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" >&2
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import --change 'CMD ["/bin/bash"]' - "$tag" >&2
echo "$tag"
