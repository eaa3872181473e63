#!/usr/bin/python3
"""Run Iro's end-to-end tests.

    /usr/bin/python3 Tests/EndToEnd/run_all.py [-k SUBSTRING] [-v]

Finds every `test_*` function in Tests/EndToEnd/test_*.py and runs each in a process
of its own (with its own D-Bus, Xvfb and AT-SPI bus, see harness.Session), so no test
can depend on another and one that hangs is ended after --timeout seconds (a test that
legitimately takes long declares its own limit: `test_x.hang_limit = 120` after it). Prints one
line per test (PASS / FAIL / SKIP with the reason; a FAIL is followed by its details,
indented), then `e2e: N passed, M failed[, K skipped]`. Exit status 1 if any failed.

Environment: IRO_BIN (default .build/debug/iro), IRO_RELEASE_BIN (default
.build/release/iro, for the test of the bare release binary), IRO_E2E_TIMEOUT (per
wait, default 10 s), IRO_E2E_KEEP=1 keeps session folders. Logs, the last screenshot and the accessibility tree of a failed
test are kept in the artifacts folder printed at the end.
"""

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree


def hang_limits(tree):
    """{function: seconds} from `test_x.hang_limit = N` statements of a test module."""
    limits = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute)
                and node.targets[0].attr == 'hang_limit' and isinstance(node.targets[0].value, ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, (int, float))):
            limits[node.targets[0].value.id] = float(node.value.value)
    return limits


def discover(pattern=None):
    """(file, function, ident, hang limit or None) tuples, in file then source order, found
    without importing."""
    tests = []
    for name in sorted(os.listdir(HERE)):
        if not (name.startswith('test_') and name.endswith('.py')):
            continue
        path = os.path.join(HERE, name)
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        limits = hang_limits(tree)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith('test_'):
                ident = f'{name[:-3]}.{node.name}'
                if pattern is None or pattern in ident:
                    tests.append((path, node.name, ident, limits.get(node.name)))
    return tests


def run_one(path, func, result_file):
    """Child side: import the module, call the function, write the outcome."""
    import importlib.util
    import signal
    import harness

    def terminated(signum, frame):
        raise SystemExit(f'ended by signal {signum}')
    # The runner ends a test that overruns with SIGTERM: turn it into an exception so
    # the test's Session still ends what it started.
    signal.signal(signal.SIGTERM, terminated)
    outcome = {'status': 'PASS', 'reason': '', 'details': ''}
    start = time.monotonic()
    try:
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        getattr(module, func)()
    except harness.Skip as e:
        outcome = {'status': 'SKIP', 'reason': str(e), 'details': ''}
    except BaseException as e:  # noqa: BLE001 - report everything, even SystemExit
        first = (str(e).strip().splitlines() or [''])[0]
        outcome = {'status': 'FAIL', 'reason': f'{type(e).__name__}: {first}'[:300],
                   'details': traceback.format_exc()}
    outcome['seconds'] = time.monotonic() - start
    with open(result_file, 'w') as f:
        json.dump(outcome, f)
    return 0


def test_python():
    """The interpreter for the tests: this one if it has pyatspi, else Debian's."""
    try:
        import pyatspi  # noqa: F401
        return sys.executable
    except ImportError:
        return '/usr/bin/python3' if os.access('/usr/bin/python3', os.X_OK) else sys.executable


# libatspi warns once per app that GTK 4.8 has no AT-SPI cache interface: expected.
_NOISE = ('/org/a11y/atspi/cache',)


def quiet(output):
    return '\n'.join(line for line in output.splitlines()
                     if line.strip() and not any(n in line for n in _NOISE))


def indent(text, prefix='    '):
    return ''.join(prefix + line + '\n' for line in text.rstrip().splitlines())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('-k', dest='pattern', help='only tests whose module.function contains this')
    ap.add_argument('-v', '--verbose', action='store_true', help='show output of passing tests too')
    ap.add_argument('--timeout', type=float, default=60, help='seconds before a test is ended')
    ap.add_argument('--list', action='store_true', help='list the tests and exit')
    ap.add_argument('--one', nargs=3, metavar=('FILE', 'FUNC', 'RESULT'), help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.one:
        return run_one(*args.one)

    tests = discover(args.pattern)
    if args.list:
        for _, _, ident, _ in tests:
            print(ident)
        return 0

    import harness
    harness.become_subreaper()
    workdir = tempfile.mkdtemp(prefix='iro-e2e-run-')
    binary = harness.iro_bin()
    if not os.access(binary, os.X_OK):
        print(f'note: no iro binary at {binary}; build it with `swift build --product iro` '
              'or set IRO_BIN', flush=True)

    python = test_python()
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    failed_artifacts = []
    started = time.monotonic()
    for path, func, ident, limit in tests:
        timeout = max(args.timeout, limit or 0)
        result_file = os.path.join(workdir, ident + '.json')
        log_file = os.path.join(workdir, ident + '.log')
        artifacts = os.path.join(workdir, ident)
        env = dict(os.environ, IRO_E2E_ARTIFACTS=artifacts, PYTHONDONTWRITEBYTECODE='1')
        t0 = time.monotonic()
        timed_out = False
        with open(log_file, 'wb') as log:
            child = subprocess.Popen([python, os.path.abspath(__file__), '--one',
                                      path, func, result_file],
                                     stdin=subprocess.DEVNULL, stdout=log,
                                     stderr=subprocess.STDOUT, env=env, cwd=HERE)
            try:
                child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                # Politely first (its Session cleans up), then everything left.
                child.terminate()
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    pass
                harness.end_tree(child)
            except BaseException:
                harness.end_tree(child)
                raise
            finally:
                harness.reap_orphans()
        try:
            with open(result_file) as f:
                outcome = json.load(f)
        except (OSError, ValueError):
            outcome = {'status': 'FAIL', 'details': '',
                       'reason': f'test process died (exit status {child.returncode})'}
        if timed_out:
            outcome['status'] = 'FAIL'
            outcome['reason'] = f'ended after {timeout:g} s (hung?)'
        status = outcome['status']
        counts[status] += 1
        seconds = time.monotonic() - t0
        line = f'{status} {ident} ({seconds:.1f} s)'
        if outcome.get('reason'):
            line += f': {outcome["reason"]}'
        print(line, flush=True)
        with open(log_file, errors='replace') as f:
            output = quiet(f.read())
        if status == 'FAIL':
            text = outcome.get('details', '')
            if output.strip():
                text += '\n-- test output (tail) --\n' + output[-4000:]
            print(indent(text), end='', flush=True)
            failed_artifacts.append(artifacts)
        elif args.verbose and output.strip():
            print(indent(output[-4000:]), end='', flush=True)

    if counts['FAIL']:
        print(f'artifacts of failed tests: {workdir}', flush=True)
    else:
        import shutil
        shutil.rmtree(workdir, ignore_errors=True)
    summary = f'e2e: {counts["PASS"]} passed, {counts["FAIL"]} failed'
    if counts['SKIP']:
        summary += f', {counts["SKIP"]} skipped'
    print(f'# {len(tests)} tests in {time.monotonic() - started:.1f} s', flush=True)
    print(summary, flush=True)
    return 1 if counts['FAIL'] else 0


if __name__ == '__main__':
    sys.exit(main())
