# SPDX-License-Identifier: GPL-2.0-only
"""Locate (and on first use extract) Debian's linux-source-6.1 tree.

Shared by bench-tree.py and bench-fix.py.  The tree is, in order: the
directory given on the command line, $WQPORT_KSRC, or
~/.cache/wqport/linux-source-6.1, extracted on first use from
/usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1).
"""

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

KSRC_NAME = "linux-source-6.1"
KSRC_TARBALL = "/usr/src/%s.tar.xz" % KSRC_NAME
CACHE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "wqport")


def _default_say(msg):
    print("ksrc: %s" % msg, file=sys.stderr, flush=True)


def default_tree():
    env = os.environ.get("WQPORT_KSRC")
    if env:
        return env
    return os.path.join(CACHE_DIR, KSRC_NAME)


def extract_tree(dest, say=_default_say):
    """Extract the Debian tarball to `dest` via a temporary directory.

    The tree appears under its final name only once it is complete, so
    an interrupted extraction never leaves a half tree behind.
    """
    parent = os.path.dirname(dest)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".extract-", dir=parent)
    say("extracting %s into %s (once; this takes a minute)"
        % (KSRC_TARBALL, dest))
    try:
        if shutil.which("tar"):
            subprocess.run(["tar", "xf", KSRC_TARBALL, "-C", tmp], check=True)
        else:
            with tarfile.open(KSRC_TARBALL) as tf:
                try:
                    tf.extractall(tmp, filter="data")
                except TypeError:  # Python without extraction filters
                    tf.extractall(tmp)
        top = os.path.join(tmp, KSRC_NAME)
        if not os.path.isdir(top):
            entries = os.listdir(tmp)
            if len(entries) != 1:
                raise RuntimeError("unexpected layout in %s: %s"
                                   % (KSRC_TARBALL, entries[:5]))
            top = os.path.join(tmp, entries[0])
        os.rename(top, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def resolve_tree(arg, say=_default_say):
    """The kernel tree to use, extracting it if needed; None on failure
    (the reason has been said)."""
    tree = arg or default_tree()
    if os.path.isdir(tree):
        return tree
    if arg or os.environ.get("WQPORT_KSRC"):
        say("%s: no such directory" % tree)
        return None
    if not os.path.isfile(KSRC_TARBALL):
        say("no kernel tree at %s and no %s" % (tree, KSRC_TARBALL))
        say("get it with: apt-get install %s   (or pass --tree DIR, or set "
            "WQPORT_KSRC)" % KSRC_NAME)
        return None
    try:
        extract_tree(tree, say)
    except (OSError, RuntimeError, subprocess.CalledProcessError,
            tarfile.TarError) as e:
        say("extraction failed: %s" % e)
        return None
    return tree


def list_c_files(tree):
    """All regular *.c files below `tree`, as grep -r sees them (no
    symlinks followed)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(tree):
        dirnames.sort()
        for name in filenames:
            if name.endswith(".c"):
                path = os.path.join(dirpath, name)
                if not os.path.islink(path):
                    found.append(path)
    return found
