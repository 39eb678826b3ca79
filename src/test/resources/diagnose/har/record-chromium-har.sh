#!/usr/bin/env bash
# Re-records chromium-storm.har and chromium-storm.truth.json beside this script with Debian's real Chromium
# (apt-get install chromium), through its DevTools protocol: see ChromiumHarRecorder in src/test/java.
# Run from the repository's root:  src/test/resources/diagnose/har/record-chromium-har.sh
set -euo pipefail
here=src/test/resources/diagnose/har
mvn -q -DskipTests test-compile
mvn -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-cp.txt
java -cp "target/test-classes:target/classes:$(cat target/test-cp.txt)" dev.stormwatch.diagnose.ChromiumHarRecorder \
  "$here/chromium-storm.har" "$here/chromium-storm.truth.json"
echo "wrote $here/chromium-storm.har and $here/chromium-storm.truth.json"
