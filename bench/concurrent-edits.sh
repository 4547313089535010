#!/bin/bash
# 8 concurrent `splice edit`s of one file through two hard links, N times: every edit must land,
# every exit be 0, the link stay. Stresses the scan before every write (it reads other processes'
# journal entries while they commit) and the locks. Load makes races likelier.
#   bench/concurrent-edits.sh [dist dir] [iterations]     e.g. bench/concurrent-edits.sh dist 100
D=$(realpath "${1:-dist}"); n=${2:-20}; fails=0
cache=$(mktemp -d /tmp/splice-race-cache-XXXX)
for it in $(seq "$n"); do
  ws=$(mktemp -d /tmp/splice-race-XXXX); mkdir "$ws/.git"
  for i in 0 1 2 3 4 5 6 7; do echo "m$i=0"; done > "$ws/a.txt"; ln "$ws/a.txt" "$ws/b.txt"
  for i in 0 1 2 3 4 5 6 7; do
    f=a.txt; [ $((i % 2)) = 1 ] && f=b.txt
    (cd "$ws" && SPLICE_CACHE_DIR=$cache SPLICE_TRUST=1 node "$D/launch.cjs" edit --file $f --replace-old "m$i=0" --replace-new "m$i=1" --lock-timeout 30 > "$ws/out$i" 2>&1; echo $? > "$ws/rc$i") &
  done
  wait
  if grep -q "=0" "$ws/a.txt" || [ "$(stat -c %i "$ws/a.txt")" != "$(stat -c %i "$ws/b.txt")" ] || grep -qv '^0$' "$ws"/rc*; then
    fails=$((fails + 1)); echo "FAIL $ws: $(tr '\n' ' ' < "$ws/a.txt") exits: $(cat "$ws"/rc* | tr '\n' ' ')"
  else rm -rf "$ws"; fi
done
rm -rf "$cache"
echo "$fails failures of $n (load $(cut -d' ' -f1-3 /proc/loadavg))"
