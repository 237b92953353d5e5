#!/usr/bin/env bash
# Commit subjects stay at most 72 characters (issue 32); the reasoning goes in the body. Checked
# from the first commit written under that rule, so the older history is left as it was.
set -euo pipefail
since=94625a7
if ! git cat-file -e "$since^{commit}" 2>/dev/null; then
  echo "Commit subjects not checked: $since is not in this clone's history (shallow clone)."
  exit 0
fi
# Two subjects landed too long and stay in the history: dfae11c (74 characters, before this check
# existed) and 464eb84 (73, from a branch merged without the check run on it).
exempt=$(git log -1 --format=%s dfae11c; git log -1 --format=%s 464eb84)
long=$(git log --format=%s "$since..HEAD" | grep -vxF "$exempt" | awk 'length > 72' || true)
if [ -n "$long" ]; then
  echo "Commit subjects over 72 characters:"
  echo "$long"
  exit 1
fi
echo "Every commit subject since $since is at most 72 characters."
