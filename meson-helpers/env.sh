# Sourced by the run and test scripts: finds Swift and builds the resource bundle
# so a source-tree `iro` has its stylesheet and icons (IRO_GRESOURCE).
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null 2>&1 || { echo "Swift 6.2 or newer is needed (https://swift.org/install)." >&2; exit 1; }
mkdir -p "$repo/.build"
bash "$repo/meson-helpers/compile-resources.sh" "$repo" "$repo/.build/io.github.iroviewer.Iro.gresource"
export IRO_GRESOURCE="$repo/.build/io.github.iroviewer.Iro.gresource"
