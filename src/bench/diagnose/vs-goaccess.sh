#!/usr/bin/env bash
# Benchmark (not a test), issue 12: `stormwatch diagnose` against GoAccess on the same nginx access log.
#
# Generates a LINES-line (default 2,000,000) nginx `combined` log of a storm (40 clients, 30% answered 429),
# then times, side by side in one run, each tool as a whole process parsing the same file:
#   goaccess FILE --log-format=COMBINED -o report.json
#   java -Xmx512m -jar target/stormwatch.jar diagnose --format nginx --log-format combined FILE --json
# and prints both wall times, their ratio, and each process's peak resident memory.
#
# Needs: goaccess (Debian package `goaccess`), a JDK 17, awk, GNU time (/usr/bin/time, package `time`), and
# target/stormwatch.jar (`mvn -DskipTests package`). Run from the repository's root:
#   src/bench/diagnose/vs-goaccess.sh [LINES]
# Set BENCH_DIR to keep the generated files somewhere else than a fresh temporary folder.
set -euo pipefail

lines=${1:-2000000}
jar=target/stormwatch.jar
[ -f "$jar" ] || { echo "no $jar: run 'mvn -DskipTests package' first" >&2; exit 2; }
command -v goaccess >/dev/null || { echo "goaccess is not installed (apt-get install goaccess)" >&2; exit 2; }
work=${BENCH_DIR:-$(mktemp -d)}
log="$work/access.log"

if [ ! -s "$log" ] || [ "$(wc -l < "$log")" -ne "$lines" ]; then
  echo "generating $lines lines into $log" >&2
  awk -v n="$lines" 'BEGIN {
    srand(12);
    split("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", mon, " ");
    t = 1764583200;  # 2026-12-01T10:00:00Z; the log spans n/300 seconds
    for (i = 0; i < n; i++) {
      c = int(rand() * 40);
      ts = t + int(i / 300);
      s = ts % 60; m = int(ts / 60) % 60; h = int(ts / 3600) % 24;
      status = rand() < 0.3 ? 429 : 200;
      bytes = status == 200 ? 512 + int(rand() * 2048) : 0;
      uri = (rand() < 0.5 ? "/v1/chat/completions" : "/v1/models/m" int(rand() * 500)) "?user=" c;
      printf "10.0.%d.%d - - [01/Dec/2026:%02d:%02d:%02d +0000] \"%s %s HTTP/1.1\" %d %d \"-\" \"client-%d/1.0 (storm)\"\n",
        int(c / 250), c % 250, h, m, s, (rand() < 0.7 ? "POST" : "GET"), uri, status, bytes, c;
    }
  }' > "$log"
fi
size=$(du -h "$log" | cut -f1)
echo "log: $log ($lines lines, $size)" >&2

measure() { # label, command...: prints "label seconds max_rss_kib"
  local label=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$work/$label.rss" "$@" > "$work/$label.out" 2> "$work/$label.err"
  t1=$(date +%s.%N)
  echo "$label $(echo "$t1 - $t0" | bc) $(tail -1 "$work/$label.rss")"
}

g=$(measure goaccess goaccess "$log" --log-format=COMBINED -o "$work/goaccess-report.json")
s=$(measure stormwatch java -Xmx512m -jar "$jar" diagnose --format nginx --log-format combined "$log" --json)
gt=$(echo "$g" | cut -d' ' -f2); gr=$(echo "$g" | cut -d' ' -f3)
st=$(echo "$s" | cut -d' ' -f2); sr=$(echo "$s" | cut -d' ' -f3)
requests=$(grep -o '"requests":[0-9]*' "$work/stormwatch.out" | head -1 | cut -d: -f2)
echo "lines:              $lines ($size)"
printf 'goaccess:           %.2f s, peak RSS %d MiB\n' "$gt" $((gr / 1024))
printf 'stormwatch diagnose: %.2f s, peak RSS %d MiB (-Xmx512m), %s requests read\n' "$st" $((sr / 1024)) "$requests"
printf 'ratio (stormwatch / goaccess): %.2f  (below 1 means stormwatch is faster)\n' "$(echo "$st / $gt" | bc -l)"
