#!/usr/bin/env bash
# Builds a self-contained Stormwatch for this OS with the JDK's jpackage: a Java runtime and the app in one folder,
# nothing else to install. Default: an app image (target/package/Stormwatch); pass a jpackage --type (deb, rpm, dmg,
# msi...) to build an installer instead, where this OS has that packager's tools.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
type="${1:-app-image}"
version="$(mvn -B -q help:evaluate -Dexpression=project.version -DforceStdout | sed 's/-SNAPSHOT//')"
mvn -B -q -DskipTests package
rm -rf target/package target/package-input
mkdir -p target/package-input
cp target/stormwatch.jar target/package-input/
jpackage --type "$type" \
  --name Stormwatch \
  --app-version "$version" \
  --description "See what an OAuth client and a retrying API client do when a provider is overloaded." \
  --vendor "Stormwatch" \
  --input target/package-input \
  --main-jar stormwatch.jar \
  --main-class dev.stormwatch.Main \
  --java-options "-Xmx1g" \
  --dest target/package
echo "built: $(ls -d target/package/*)"
