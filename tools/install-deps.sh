#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install what wqport needs to build and test, from Debian's packages.
# Does nothing when everything is already installed, so it is cheap to
# run before every build.  Uses sudo when not run as root.
set -eu

PKGS="cmake make gcc libclang-14-dev clang-14 coccinelle python3 linux-headers-amd64 patch git diffutils sparse bear"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
