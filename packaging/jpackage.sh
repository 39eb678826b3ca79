#!/usr/bin/env bash
# Builds a self-contained Stormwatch for this OS with the JDK's jpackage: a Java runtime and the app in one folder,
# nothing else to install. Default: an app image (target/package/Stormwatch); pass a jpackage --type (deb, rpm, dmg,
# msi...) to build an installer instead, where this OS has that packager's tools.
#
# The runtime is trimmed with jlink to the modules the app uses (jdeps on the jar, plus the few it loads by name).
# A deb also gets /usr/bin/stormwatch, the man pages and the bash completion in their usual places, and its contents
# are checked (packaging/check-deb.sh) before it is called built.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
type="${1:-app-image}"
strip_colour() { sed $'s/\x1b\\[[0-9;]*m//g'; }
version="$(mvn -B -q help:evaluate -Dexpression=project.version -DforceStdout 2>/dev/null | strip_colour \
  | sed 's/-SNAPSHOT//')"
# STORMWATCH_REUSE_BUILD=1 packs the jar and man pages already in target/ (after a `mvn package`) without rebuilding.
if [[ "${STORMWATCH_REUSE_BUILD:-}" != "1" ]]; then
  mvn -B -q -DskipTests package 2>&1 | strip_colour
fi
rm -rf target/package target/package-input target/package-runtime
mkdir -p target/package-input
cp target/stormwatch.jar target/package-input/

# jdeps sees what the code names; EC keys for TLS to real providers (jdk.crypto.ec) are loaded by name at run time.
# Left out on purpose: jdk.localedata (the window speaks English; dates and numbers use the root locale's forms).
modules="$(jdeps --print-module-deps --ignore-missing-deps --multi-release 17 target/stormwatch.jar)"
modules="$modules,jdk.crypto.ec"
echo "runtime modules: $modules"
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 \
  --output target/package-runtime

icon=src/main/resources/dev/stormwatch/app/stormwatch.png
linux=()
if [[ "$type" == "deb" || "$type" == "rpm" ]]; then
  # The desktop entry (a .desktop file with the icon, installed into the menu by the package's scripts).
  linux=(--linux-package-name stormwatch --linux-shortcut --linux-menu-group "Development;Network;"
         --linux-app-category devel --linux-deb-maintainer "stormwatch@localhost")
fi
jpackage --type "$type" \
  --name Stormwatch \
  --app-version "$version" \
  --description "See what an OAuth client and a retrying API client do when a provider is overloaded." \
  --vendor "Stormwatch" \
  --icon "$icon" \
  --input target/package-input \
  --main-jar stormwatch.jar \
  --main-class dev.stormwatch.Main \
  --runtime-image target/package-runtime \
  --java-options "-Xmx1g" \
  ${linux[@]+"${linux[@]}"} \
  --dest target/package

if [[ "$type" == "deb" ]]; then
  # jpackage (JDK 17) installs only under /opt: add the command, man pages and completion where a shell finds them.
  deb="$(ls target/package/*.deb)"
  tree=target/package/deb-tree
  rm -rf "$tree"
  dpkg-deb -R "$deb" "$tree"
  mkdir -p "$tree/usr/bin" "$tree/usr/share/man/man1" "$tree/usr/share/bash-completion/completions"
  ln -s /opt/stormwatch/bin/Stormwatch "$tree/usr/bin/stormwatch"
  for page in target/man/man1/*.1; do
    gzip -9n < "$page" > "$tree/usr/share/man/man1/$(basename "$page").gz"
  done
  cp target/stormwatch_completion "$tree/usr/share/bash-completion/completions/stormwatch"
  chmod -R u+rwX,go+rX,go-w "$tree/usr"
  fakeroot dpkg-deb -Zxz --build "$tree" "$deb" > /dev/null
  rm -rf "$tree"
  packaging/check-deb.sh "$deb"
fi
echo "built: $(ls -d target/package/*)"
if [[ "$type" == "app-image" ]]; then
  echo "size: $(du -sh target/package/Stormwatch | cut -f1)"
fi
