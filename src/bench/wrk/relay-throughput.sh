#!/usr/bin/env bash
# Measures the relay with wrk (Debian package `wrk`) against a bare JDK HttpServer baseline, in one run.
# Usage: src/bench/wrk/relay-throughput.sh   (after `mvn -q -DskipTests package` or compiling target/classes)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$here"
mvn -B -q -o dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=cp.txt >/dev/null
mkdir -p target/bench-classes
javac -d target/bench-classes src/bench/java/dev/stormwatch/bench/BareJdkHttpServer.java
cp="target/classes:target/bench-classes:$(cat cp.txt)"
relay_port=${RELAY_PORT:-18080}
bare_port=${BARE_PORT:-18081}
java -cp "$cp" dev.stormwatch.Main relay --port "$relay_port" > target/relay-bench.log 2>&1 &
relay_pid=$!
java -cp "$cp" dev.stormwatch.bench.BareJdkHttpServer "$bare_port" > target/bare-bench.log 2>&1 &
bare_pid=$!
trap 'kill $relay_pid $bare_pid 2>/dev/null || true' EXIT
for port in "$relay_port" "$bare_port"; do
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
done
auth='Authorization: Bearer sk-demo'
echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t2 -c64 -d3s -H "$auth" "http://127.0.0.1:$relay_port/v1/models" > /dev/null   # warm-up (JIT)
wrk -t2 -c64 -d3s "http://127.0.0.1:$bare_port/" > /dev/null
echo "== relay GET /v1/models";            wrk -t2 -c64 -d10s -H "$auth" "http://127.0.0.1:$relay_port/v1/models"
echo "== relay POST /v1/chat/completions"; wrk -t2 -c64 -d10s -H "$auth" -s src/bench/wrk/chat.lua "http://127.0.0.1:$relay_port/v1/chat/completions"
echo "== bare JDK HttpServer fixed body";  wrk -t2 -c64 -d10s "http://127.0.0.1:$bare_port/"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
curl -s "http://127.0.0.1:$relay_port/admin/requests?since=999999999" | head -c 300; echo
