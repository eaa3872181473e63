"""Processes: end exactly what was started (a process and its descendants, by pid,
found in /proc), collect orphans re-parented to us, and read a line a helper prints
(with a deadline).
"""

import os
import select
import signal
import subprocess
import time

from waiting import WaitTimeout

def become_subreaper():
    """Make this process the reaper of its orphaned descendants (Linux
    PR_SET_CHILD_SUBREAPER): a helper whose parent dies mid-shutdown is re-parented
    here rather than to init (which in a container may never reap it), so it stays
    visible to descendants() and is reaped by reap_orphans()."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except Exception:
        pass


def reap_orphans():
    """Collect exit statuses of children nobody waits for (see become_subreaper).
    Call only when no subprocess.Popen of ours is still running."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _parent_map():
    children = {}
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(')') + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
    return children


def descendants(pid):
    """All live descendants of pid (children first)."""
    children = _parent_map()
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(0), []):
            out.append(c)
            todo.append(c)
    return out


def _alive(pid):
    try:
        with open(f'/proc/{pid}/stat') as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(')') + 2] != 'Z'


def end_tree(proc, grace=3.0):
    """SIGTERM a process we started and all its descendants, SIGKILL what is left
    after `grace` seconds, and reap our direct child."""
    if proc is None:
        return
    pids = [proc.pid] + descendants(proc.pid) if proc.poll() is None else descendants(proc.pid)
    for p in reversed(pids):
        try:
            os.kill(p, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        proc.poll()
        if not any(_alive(p) for p in pids):
            break
        time.sleep(0.02)
    for p in pids:
        if _alive(p):
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass


def read_line(fd, timeout, what):
    """The first line a helper writes to `fd` (e.g. dbus-daemon's address), without
    its newline; raises WaitTimeout after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    buf = b''
    while b'\n' not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise WaitTimeout(f'timed out after {timeout:g} s waiting for {what}')
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                raise RuntimeError(f'{what}: stream closed before a line arrived ({buf!r})')
            buf += chunk
    return buf.split(b'\n', 1)[0].decode().strip()
