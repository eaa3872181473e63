# Sourced by the run and test scripts: finds the repository and Swift (at /opt/swift or
# on PATH). Nothing here needs a package installed: install-deps.sh runs after it.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null 2>&1 || { echo "Swift 6.2 or newer is needed (https://swift.org/install)." >&2; exit 1; }
