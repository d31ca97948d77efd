#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install what wqport needs to build and test, from Debian's packages.
# Does nothing when everything is already installed, so it is cheap to
# run before every build.  Uses sudo when not run as root.
set -eu

PKGS="cmake make gcc binutils libclang-14-dev clang-14 coccinelle python3 linux-headers-amd64 patch git diffutils sparse bear"
# the CI-report tests: the SARIF schema validator, the pre-commit framework,
# jq for the GitLab job of the user guide
PKGS="$PKGS python3-jsonschema python3-yaml pre-commit jq"
# the patch-series test: the kernel's scripts/checkpatch.pl (Linux 6.1)
PKGS="$PKGS linux-source-6.1 perl"
# the HTML report's tests render it in a headless browser (--report=DIR)
PKGS="$PKGS chromium"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
command -v npm >/dev/null || missing="$missing npm"

if [ -n "$missing" ]; then
	echo "install-deps: installing:$missing"
	SUDO=""
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# The official SARIF 2.1.0 JSON schema, for the test that validates
# --format=sarif: no Debian package ships it; the npm package
# @microsoft/jest-sarif (MIT) does.  Fetched with npm, checked against the
# hash of the file as published, kept out of the repository.
SCHEMA_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/wqport/sarif"
SCHEMA="$SCHEMA_DIR/sarif-2.1.0-rtm.5.json"
SCHEMA_SHA256=2d99159ae54a3eea97f81781cff48780548657c35949f4b7f25e99a2ba4de4f8
if ! echo "$SCHEMA_SHA256  $SCHEMA" | sha256sum -c --status 2>/dev/null; then
	echo "install-deps: fetching the SARIF 2.1.0 schema (npm @microsoft/jest-sarif)"
	tmp=$(mktemp -d)
	(cd "$tmp" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null &&
		tar xzf microsoft-jest-sarif-1.0.0-beta.0.tgz \
			package/lib/schemas/sarif-2.1.0-rtm.5.json)
	echo "$SCHEMA_SHA256  $tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" |
		sha256sum -c --status
	mkdir -p "$SCHEMA_DIR"
	mv "$tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$SCHEMA"
	rm -rf "$tmp"
fi

# scripts/checkpatch.pl and its data files, out of the 6.1 source tarball
# (the rest of the tree is not needed), for tools/checkpatch-test.py
CP_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/wqport/checkpatch-6.1"
if [ ! -f "$CP_DIR/scripts/checkpatch.pl" ] && [ -f /usr/src/linux-source-6.1.tar.xz ]; then
	echo "install-deps: taking scripts/checkpatch.pl out of linux-source-6.1"
	tmp=$(mktemp -d)
	tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$tmp" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
	mkdir -p "$(dirname "$CP_DIR")"
	mv "$tmp" "$CP_DIR" || rm -rf "$tmp"
fi
