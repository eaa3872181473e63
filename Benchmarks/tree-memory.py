#!/usr/bin/env python3
"""Peak memory of a process and every process under it (Iro and its decoder helpers),
sampled every 10 ms until SIGTERM, then printed as "PSS_MiB RSS_MiB": the largest sum of
their proportional set sizes (pages shared between them, such as the memfds of pixels a
helper hands Iro and the libraries both map, counted once in all) and, for comparison,
the largest sum of their resident sizes (shared pages counted in each).

    Benchmarks/tree-memory.py PID
    Benchmarks/tree-memory.py --now PID     (the sizes at once, not the peak)
"""
import os
import signal
import sys
import time


def tree(root):
    children = {}
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as stat:
                parent = int(stat.read().rsplit(')', 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def sizes(pid):
    pss = rss = 0
    try:
        with open(f'/proc/{pid}/smaps_rollup') as rollup:
            for line in rollup:
                if line.startswith('Pss:'):
                    pss = int(line.split()[1])
                elif line.startswith('Rss:'):
                    rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def main():
    if sys.argv[1] == '--now':
        root = int(sys.argv[2])
        totals = [sum(pair) for pair in zip(*(sizes(pid) for pid in tree(root)))] or [0, 0]
        print(f'{totals[0] / 1024:.0f} {totals[1] / 1024:.0f}')
        return
    root = int(sys.argv[1])
    peak = [0, 0]
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    while not stop and os.path.exists(f'/proc/{root}'):
        totals = [sum(pair) for pair in zip(*(sizes(pid) for pid in tree(root)))] or [0, 0]
        peak = [max(a, b) for a, b in zip(peak, totals)]
        time.sleep(0.01)
    print(f'{peak[0] / 1024:.0f} {peak[1] / 1024:.0f}')


main()
