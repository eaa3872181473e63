#!/usr/bin/env python3
"""The shape docs/ARCHITECTURE.md ("The document model") promises, checked in the sources:
one owner for each tab's document, views that keep no copy of its state, a window that
delegates its features. Prints one line per check and "shape: N passed, M failed"."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2]
sources = root / "Sources"
swift = sorted(sources.rglob("*.swift"))
MODIFIERS = r"(?:(?:private|fileprivate|internal|public|weak|unowned|lazy|static|nonisolated|final)(?:\(set\))?\s+)*"
MEMBER = re.compile(r"^    " + MODIFIERS + r"(let|var)\s+(\w+)(.*)$")


def stored_properties(path: pathlib.Path) -> list[str]:
    """Instance properties with storage declared at the top level of the file's first type."""
    names = []
    for line in path.read_text().splitlines():
        found = MEMBER.match(line)
        if not found or re.match(r"^    (?:\w+\s+)*static\s", line):
            continue
        rest = found.group(3)
        computed = "{" in rest and "=" not in rest.split("{")[0]
        if not computed:
            names.append(found.group(2))
    return names


def files(pattern: str) -> list[pathlib.Path]:
    return [p for p in swift if re.fullmatch(pattern, p.name)]


def lines_matching(regex: str, paths) -> list[str]:
    hits = []
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip().startswith("//"):
                continue
            if re.search(regex, line):
                hits.append(f"{path.relative_to(root)}:{number}")
    return hits


def outside(folders_or_files: list[str]) -> list[pathlib.Path]:
    return [p for p in swift if not any(str(p.relative_to(sources)).startswith(f) for f in folders_or_files)]


checks = []


def check(name: str, ok: bool, detail: str) -> None:
    checks.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")


view_files = files(r"DocumentView(\+.*)?\.swift")
view_props = stored_properties(sources / "IroUI/Document/DocumentView.swift")
check("DocumentView stores at most 12 properties", len(view_props) <= 12, f"{len(view_props)}: {', '.join(view_props)}")
view_lines = sum(len(p.read_text().splitlines()) for p in view_files)
check("DocumentView is at most 350 lines with its extensions", view_lines <= 350, f"{view_lines} in {len(view_files)} files")
window_props = stored_properties(sources / "IroUI/Window/DocumentWindow.swift")
check("DocumentWindow stores at most 20 properties", len(window_props) <= 20, f"{len(window_props)}")
tasks = lines_matching(r"\bTask\s*\{", view_files)
check("no Task in DocumentView", not tasks, ", ".join(tasks) or "none")
levels = lines_matching(r"canvas\.pyramid|replacePyramid", outside(["IroUI/ImageCanvas/", "IroUI/DocumentModel/"]))
check("the levels are read and replaced only by the canvas and the model", not levels, ", ".join(levels) or "none")
hue = lines_matching(r"hueControl\.value\s*=|hueControl\.reset\(\)", outside(["IroUI/Overlay/HueControl.swift", "IroUI/DocumentModel/"]))
check("the hue is not written through a slider", not hue, ", ".join(hue) or "none")
monitors = sorted({h.split(":")[0] for h in lines_matching(r"gdk_display_get_monitors", swift)})
check("monitors are listed in one file", len(monitors) <= 1, ", ".join(monitors) or "none")
silent = lines_matching(r"\btry\?", swift)
check("no try? (a failure is logged where it is caught)", not silent, ", ".join(silent) or "none")
canvas_props = set(stored_properties(sources / "IroUI/ImageCanvas/ImageCanvas.swift"))
copies = sorted(canvas_props & {"zoom", "quarterTurns", "hue", "offset", "scrollOffset", "pendingOffset"})
check("the canvas keeps no copy of the view it shows (zoom, scroll, turn, hue)", not copies, ", ".join(copies) or "none")
renderer_props = set(stored_properties(sources / "IroUI/ImageCanvas/CanvasRenderer.swift"))
check("the renderer keeps no copy of the hue", "hue" not in renderer_props, "stores hue" if "hue" in renderer_props else "none")
saved = lines_matching(r"saveView", swift)
check("no view is saved into the document: it is held there", not saved, ", ".join(saved) or "none")

passed = sum(checks)
print(f"shape: {passed} passed, {len(checks) - passed} failed")
sys.exit(0 if passed == len(checks) else 1)
