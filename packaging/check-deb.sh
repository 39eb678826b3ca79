#!/usr/bin/env bash
# Checks what a Stormwatch .deb holds (packaging/jpackage.sh deb runs it): the launcher, the trimmed runtime, the
# desktop entry with its icon, the command on the PATH, the man pages and the bash completion. Needs dpkg-deb (Debian's
# dpkg package); without it, says so and checks nothing.
set -euo pipefail
deb="${1:?usage: check-deb.sh PACKAGE.deb}"
if ! command -v dpkg-deb > /dev/null; then
  echo "check-deb: dpkg-deb not found (install Debian's dpkg): $deb not checked" >&2
  exit 0
fi
contents="$(dpkg-deb -c "$deb" | awk '{print $6}')"
failed=0
expect() {
  if ! grep -qE "$1" <<< "$contents"; then
    echo "check-deb: $deb lacks $2 ($1)" >&2
    failed=1
  fi
}
expect '^\./opt/stormwatch/bin/Stormwatch$' "the launcher"
expect '^\./opt/stormwatch/lib/app/stormwatch\.jar$' "the app"
expect '^\./opt/stormwatch/lib/runtime/lib/modules$' "the Java runtime"
expect '^\./opt/stormwatch/lib/stormwatch-Stormwatch\.desktop$' "the desktop entry"
expect '^\./opt/stormwatch/lib/Stormwatch\.png$' "the icon"
expect '^\./usr/bin/stormwatch$' "the command on the PATH"
expect '^\./usr/share/man/man1/stormwatch\.1\.gz$' "the man page"
expect '^\./usr/share/man/man1/stormwatch-load\.1\.gz$' "the man page of load"
expect '^\./usr/share/bash-completion/completions/stormwatch$' "the bash completion"
# The runtime is the trimmed one: the compiler and the JDK's tools are not in it.
if grep -qE '^\./opt/stormwatch/lib/runtime/(bin/javac|jmods/)' <<< "$contents"; then
  echo "check-deb: $deb carries a full JDK, not the trimmed runtime" >&2
  failed=1
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
desktop="$tmp/opt/stormwatch/lib/stormwatch-Stormwatch.desktop"
if [[ -f "$desktop" ]]; then
  grep -q '^Exec=/opt/stormwatch/bin/Stormwatch' "$desktop" || { echo "check-deb: the desktop entry does not start the launcher" >&2; failed=1; }
  grep -q '^Icon=/opt/stormwatch/lib/Stormwatch.png' "$desktop" || { echo "check-deb: the desktop entry has no icon" >&2; failed=1; }
fi
modules="$("$tmp/opt/stormwatch/lib/runtime/bin/java" --list-modules 2>/dev/null | sed 's/@.*//' | tr '\n' ' ')"
for module in java.base java.desktop jdk.crypto.ec jdk.unsupported; do
  [[ " $modules " == *" $module "* ]] || { echo "check-deb: the runtime lacks $module" >&2; failed=1; }
done
[[ " $modules " != *" jdk.compiler "* ]] || { echo "check-deb: the runtime carries jdk.compiler" >&2; failed=1; }
if [[ $failed -ne 0 ]]; then
  exit 1
fi
echo "check-deb: $deb holds the launcher, a trimmed runtime ($(wc -w <<< "$modules") modules), the desktop entry and icon, /usr/bin/stormwatch, $(grep -c '^\./usr/share/man/man1/.*\.gz$' <<< "$contents") man pages and the bash completion"
