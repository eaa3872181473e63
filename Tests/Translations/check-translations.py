#!/usr/bin/env python3
"""Checks Iro's translations (BEHAVIOUR E5) against the code as it is now:

- every Swift file that calls tr/trn/trc/trNoop is in po/POTFILES, and every listed file exists;
- the template made from them (po/extract-strings.sh) has no Swift interpolation in a msgid,
  which xgettext would take literally and no translation could match;
- every language in po/LINGUAS compiles with its formats checked (msgfmt --check), and,
  merged with that template, has no untranslated, fuzzy or obsolete message;
- every translated menu item keeps a mnemonic (“_Open” → “開く(_O)”).

Prints one line per check and "translations: N passed, M failed".
"""
import pathlib
import re
import subprocess
import sys
import tempfile

repo = pathlib.Path(__file__).resolve().parents[2]
po = repo / "po"
results = []


def check(name, problems):
    results.append(not problems)
    print(("PASS " if not problems else "FAIL ") + name)
    for problem in problems[:20]:
        print("    " + problem)


def run(*command):
    return subprocess.run(command, cwd=repo, capture_output=True, text=True)


def listed(path):
    return [line.split("#")[0].strip() for line in path.read_text().splitlines() if line.split("#")[0].strip()]


calls = re.compile(r"\b(tr|trn|trc|trNoop)\(")
potfiles = listed(po / "POTFILES")
callers = sorted(
    str(path.relative_to(repo))
    for path in (repo / "Sources").rglob("*.swift")
    if path.name != "Translation.swift" and calls.search(path.read_text())
)
check("every Swift file with translatable strings is in po/POTFILES", [f"{f} is not listed" for f in callers if f not in potfiles])
check("every file po/POTFILES lists exists", [f"{f} does not exist" for f in potfiles if not (repo / f).is_file()])

with tempfile.TemporaryDirectory() as tmp:
    template = pathlib.Path(tmp) / "iro.pot"
    made = run("sh", str(po / "extract-strings.sh"), str(template))
    check("po/extract-strings.sh makes the template", [] if made.returncode == 0 else made.stderr.splitlines())
    text = template.read_text() if template.exists() else ""
    count = len(re.findall(r"^msgid ", text, re.M)) - 1
    check(f"the template has messages ({count})", [] if count > 100 else [f"only {count} messages"])
    check("no msgid holds Swift interpolation", [m for m in re.findall(r'^msgid ".*\\\\\(.*"$', text, re.M)])

    for language in listed(po / "LINGUAS"):
        catalogue = po / f"{language}.po"
        compiled = run("msgfmt", "--check", "-o", "/dev/null", str(catalogue))
        check(f"{language}.po compiles with its formats checked", [] if compiled.returncode == 0 else compiled.stderr.splitlines())
        merged = pathlib.Path(tmp) / f"{language}.po"
        run("msgmerge", "--quiet", "--no-fuzzy-matching", "-o", str(merged), str(catalogue), str(template))
        statistics = run("msgfmt", "--statistics", "-o", "/dev/null", str(merged)).stderr.strip()
        incomplete = re.search(r"fuzzy|untranslated", statistics)
        check(f"{language}.po translates every message of the template ({statistics})", [statistics] if incomplete else [])
        obsolete = run("msgattrib", "--only-obsolete", "--no-wrap", str(merged)).stdout
        check(f"{language}.po has no message the code no longer uses", re.findall(r'^#~ msgid ".+"$', obsolete, re.M))
        pairs = re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', merged.read_text(), re.M)
        check(
            f"{language}.po keeps every mnemonic",
            [f"{a!r} → {b!r}" for a, b in pairs if re.search(r"_[A-Za-z]", a) and not re.search(r"_[A-Za-z]", b)],
        )

passed, failed = results.count(True), results.count(False)
print(f"translations: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
