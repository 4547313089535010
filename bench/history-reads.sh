#!/bin/bash
# What `splice history` (and a plain `splice undo`) cost in a workspace with many big transactions:
# a 1 MB file edited N times (N MB of originals in .splice/tx). Interleaved rounds of two builds,
# medians of wall and CPU (user+sys) time, and the bytes each process read (strace).
#   bench/history-reads.sh OLD_DIST NEW_DIST [edits] [rounds]   e.g. bench/history-reads.sh /tmp/dist-before dist 50 10
old=$(realpath "$1"); new=$(realpath "$2"); n=${3:-50}; rounds=${4:-10}
ws=$(mktemp -d /tmp/splice-history-XXXX); mkdir "$ws/.git"; cd "$ws" || exit 1
python3 -c "import sys; sys.stdout.write('v0\n' + ('x' * 99 + '\n') * 10000)" > big.txt
for i in $(seq 0 $((n - 1))); do node "$new/launch.cjs" edit --file big.txt --replace-old "v$i" --replace-new "v$((i + 1))" > /dev/null || exit 1; done
echo "$(ls .splice/tx | wc -l) transactions, $(du -sh .splice/tx | cut -f1) in .splice/tx (load $(cut -d' ' -f1-3 /proc/loadavg))"
times=$(mktemp)
for r in $(seq "$rounds"); do
  for v in old new; do d=$old; [ $v = new ] && d=$new
    /usr/bin/time -f "$v %e %U %S" -a -o "$times" node "$d/launch.cjs" history --limit 20 > /dev/null
  done
done
python3 - "$times" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1])]
for v in ("old", "new"):
    r = [(float(a), float(b) + float(c)) for k, a, b, c in rows if k == v]
    print(f"history {v}: median wall {st.median(x for x, _ in r):.2f} s, cpu {st.median(y for _, y in r):.2f} s ({len(r)} runs)")
PY
if command -v strace > /dev/null; then
  for v in old new; do d=$old; [ $v = new ] && d=$new
    for cmd in history undo; do
      cp -a "$ws" "$ws-$v"; (cd "$ws-$v" && strace -f -e trace=read,pread64 -o "$times.st" node "$d/launch.cjs" $cmd > /dev/null 2>&1)
      echo "$cmd $v: $(awk -F'= ' '/read|pread/ { n = $NF + 0; if (n > 0) s += n } END { print s }' "$times.st") bytes read"; rm -rf "$ws-$v"
    done
  done
fi
rm -rf "$ws" "$times" "$times.st"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
