#!/usr/bin/env bash
# Benchmark (not a test), issue 12: the smallest heap in which `stormwatch diagnose` reads a whole nginx log.
#
# Generates the LINES-line (default 800,000) log of LargerThanHeapTest (real-length lines: Chrome's User-Agent and a
# referrer with its query; 280 clients, a quarter answered 429), then runs
#   java -XmxNm -cp CLASSPATH dev.stormwatch.Main diagnose --format nginx --json FILE
# with N halved between a heap that fails and one that passes, down to STEP MiB (default 2), and prints the smallest
# N that read every line. Run it at two sizes: the difference of the two minimums over the difference of the lines is
# what the diagnosis keeps per request.
#
# Needs a JDK 17 and the compiled classes with their class path, from the repository's root:
#   mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
#   src/bench/diagnose/min-heap.sh [LINES]
# CLASSPATH overrides the class path (for example target/stormwatch.jar); BENCH_DIR keeps the log somewhere else
# than a fresh temporary folder; LOW and HIGH bound the search (default 8 and 128 MiB). PER_SECOND (default 100) and
# CLIENTS (default: 280, from the addresses 10.0.0-6.0-39) shape another storm: CLIENTS=1 PER_SECOND=1000 is one busy
# client, whose last two minutes the client-side throttling (DG7) holds.
set -euo pipefail

lines=${1:-800000}
step=${STEP:-2}
cp=${CLASSPATH:-target/classes:$(cat target/cp.txt)}
work=${BENCH_DIR:-$(mktemp -d)}
per_second=${PER_SECOND:-100}
clients=${CLIENTS:-0}
log="$work/big-$lines-$per_second-$clients.log"

if [ ! -s "$log" ]; then
  awk -v n="$lines" -v r="$per_second" -v clients="$clients" 'BEGIN {
    agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    for (i = 0; i < n; i++) {
      s = int(i / r);
      a = clients == 0 ? i % 7 : int((i % clients) / 250); b = clients == 0 ? i % 40 : (i % clients) % 250;
      printf "10.0.%d.%d - - [01/Dec/2026:%02d:%02d:%02d +0000] \"GET /v1/models/m%d?page=%d HTTP/1.1\" %d 1234 \"https://app.example/dashboard/%d?tab=usage&range=7d&utm_source=newsletter\" \"%s\"\n",
        a, b, 10 + int(s / 3600), int(s / 60) % 60, s % 60, i % 500, i % 3, (i % 4 == 0 ? 429 : 200), i % 50, agent;
    }
  }' > "$log"
fi
echo "log: $log ($lines lines, $(du -h "$log" | cut -f1))" >&2

passes() { # heap in MiB
  java -Xmx"$1"m -cp "$cp" dev.stormwatch.Main diagnose --format nginx --json "$log" > "$work/out.json" \
      2> "$work/err.txt" && grep -q "\"requests\":$lines," "$work/out.json"
}

low=${LOW:-8}
high=${HIGH:-128}
passes "$high" || { echo "fails even at $high MiB: $(tail -3 "$work/err.txt")" >&2; exit 1; }
while [ $((high - low)) -gt "$step" ]; do
  mid=$(((low + high) / 2))
  if passes "$mid"; then high=$mid; echo "  $mid MiB: read" >&2; else low=$mid; echo "  $mid MiB: failed" >&2; fi
done
echo "lines: $lines  smallest heap that read them all: $high MiB (fails at $low MiB)"
