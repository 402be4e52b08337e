#!/usr/bin/env bash
# Fresh-clone set-up times: `npm ci`, then the first `npm start` (which builds) until it prints
# 'Ready'. Clones the committed HEAD; BENCH_FROM=worktree copies the working tree instead
# (tracked and untracked files, minus what .gitignore ignores). npm's cache (~/.npm) is shared,
# so `npm ci` is timed with a warm cache, as on a developer's machine after the first install.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/setup-bench-XXXXXX")"
stack_pid=''
cleanup() {
  if [ -n "$stack_pid" ] && kill -0 "$stack_pid" 2>/dev/null; then
    kill -INT -- "-$stack_pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$stack_pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$stack_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

if [ "${BENCH_FROM:-clone}" = worktree ]; then
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test -e "{}" && echo "{}"' | tar -cf - -T -) | tar -xf - -C "$work"
  source_label='working tree'
else
  git clone --quiet --no-hardlinks "$repo" "$work"
  source_label="clone of $(git -C "$repo" rev-parse --short HEAD)"
fi
cd "$work"

t0=$(now)
npm ci --no-audit --no-fund --loglevel=error >"$work/npm-ci.log" 2>&1 || { cat "$work/npm-ci.log"; exit 1; }
t1=$(now)

port=$(free_port); api_port=$(free_port)
log="$work/start.log"
t2=$(now)
# own process group, so the stop below is a terminal's Ctrl-C
setsid env PORT="$port" API_PORT="$api_port" DATA_DIR="$work/data" npm start >"$log" 2>&1 < /dev/null &
stack_pid=$!
ready=''
for _ in $(seq 1 1200); do
  if grep -q 'Ready in' "$log"; then ready=yes; break; fi
  kill -0 "$stack_pid" 2>/dev/null || break
  sleep 0.25
done
t3=$(now)
if [ -z "$ready" ]; then
  echo 'npm start did not reach Ready:'; cat "$log"; exit 1
fi

echo "Fresh set-up times ($source_label, $(nproc) cores, Node $(node --version))"
echo "  npm ci                       $(elapsed "$t0" "$t1") s"
echo "  first npm start to 'Ready'   $(elapsed "$t2" "$t3") s  (includes the build; start.mjs reports: $(grep -o 'Ready in [0-9.]* s' "$log"))"
