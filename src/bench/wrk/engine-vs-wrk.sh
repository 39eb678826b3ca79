#!/usr/bin/env bash
# The load engine's throughput benchmark: wrk and the load engine against the same embedded relay (its own JVM), in
# one run, no faults. The engine drives 1,000 virtual clients (closed loop, no think time) with a heap capped at 512 MiB,
# started by ./stormwatch as a user starts it.
# A third leg, bare OkHttp blocking calls on 64 threads (same collector), is a reference: the engine sent that way before
# its event-loop transport, and no client on blocking sockets got past that ceiling here.
# Usage: src/bench/wrk/engine-vs-wrk.sh        (needs `wrk`: apt-get install -y -qq wrk)
# Env: RELAY_PORT (18090), DURATION (10s), CLIENTS (1000), WARMUP (8 s of the engine's run left out of its steady rate: on two
# busy cores the JIT takes that long to compile the hot paths; the report gives the whole run too)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$here"
mvn -B -q -o -DskipTests compile
mvn -B -q -o dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/bench-cp.txt >/dev/null
mkdir -p target/bench-classes
javac -d target/bench-classes -cp "$(cat target/bench-cp.txt)" src/bench/java/dev/stormwatch/bench/PlainOkHttpLoop.java
cp="target/classes:target/bench-classes:$(cat target/bench-cp.txt)"
port=${RELAY_PORT:-18090}
duration=${DURATION:-10s}
clients=${CLIENTS:-1000}
warmup=${WARMUP:-8}
java -cp "$cp" dev.stormwatch.Main relay --port "$port" --capacity 2048 > target/engine-bench-relay.log 2>&1 &
relay_pid=$!
trap 'kill $relay_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/v1/models" && break; sleep 0.2; done
auth='Authorization: Bearer sk-demo'
echo "== machine: $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t2 -c64 -d3s -H "$auth" "http://127.0.0.1:$port/v1/models" > /dev/null   # warm-up (JIT of the relay)
secs=${duration%s}
rounds=${ROUNDS:-2}
# The machine is shared: wrk and the engine take turns, so that each pair meets about the same background load.
for round in $(seq "$rounds"); do
  echo "== round $round: wrk -t2 -c64 -d$duration GET /v1/models; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  wrk -t2 -c64 -d"$duration" -H "$auth" "http://127.0.0.1:$port/v1/models" | tee "target/engine-bench-wrk-$round.txt"
  echo "== round $round: engine, $clients virtual clients, -Xmx512m, $duration + ${warmup}s warm-up; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # Through the launcher, so the engine runs with the JVM options users get (the serial collector for load runs).
  BENCH_KEY=sk-demo STORMWATCH_JAVA_OPTS="-Xmx512m -Xlog:gc:file=target/engine-bench-gc-$round.log" ./stormwatch load \
    --target "http://127.0.0.1:$port/v1" --api-key-env BENCH_KEY --clients "$clients" \
    --duration "$((secs + warmup))s" --seed 1 --report "target/engine-bench-$round.json" 2>/dev/null | grep -E "status_2xx|network_errors|worst p99"
  echo "== round $round: bare OkHttp blocking calls on 64 threads (reference, nothing else); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  java -Xmx512m -XX:+UseSerialGC -cp "$cp" dev.stormwatch.bench.PlainOkHttpLoop "http://127.0.0.1:$port/v1/models" "$clients" "$((secs + warmup))" "$warmup" \
    | tee "target/engine-bench-okhttp-$round.txt"
done
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$warmup" "$rounds" <<'PY'
import json, re, sys
warmup, rounds = int(sys.argv[1]), int(sys.argv[2])
for r in range(1, rounds + 1):
    wrk_rate = float(re.search(r"Requests/sec:\s+([\d.]+)", open(f"target/engine-bench-wrk-{r}.txt").read()).group(1))
    report = json.load(open(f"target/engine-bench-{r}.json"))
    series = next(s for s in report["series"] if s["name"] == "client per second")
    buckets = series["buckets"][:report["planned_duration_ms"] // 1000]
    whole = sum(b["status_2xx"] for b in buckets) / len(buckets)
    steady = sum(b["status_2xx"] for b in buckets[warmup:]) / len(buckets[warmup:])
    errors = sum(b["status_5xx"] + b["network_errors"] + b["status_429"] for b in buckets)
    gc = open(f"target/engine-bench-gc-{r}.log").read()
    heap = max((int(m.group(1)) for m in re.finditer(r"(\d+)M->\d+M", gc)), default=0)
    print(f"round {r}: wrk {wrk_rate:.0f} req/s; engine {steady:.0f} 2xx/s after {warmup} s warm-up "
          f"({whole:.0f}/s whole run), errors {errors}, peak heap before GC {heap} MiB of 512; "
          f"ratio {steady / wrk_rate:.2f} (goal >= 0.5)")
PY
