"""The decoder helper (BEHAVIOUR F5): Iro decodes in a confined child process; when that
process is killed mid-decode, only the tab it was decoding shows "The Image Decoder
Stopped" (Retry decodes it again), the other tabs keep their images, and the next file
opens."""

import os
import signal

from harness import Session, descendants, do_action, fixture_dir, tab_labels, write_quadrants


def _helpers(app):
    """The live iro-decoder processes under this iro."""
    found = []
    for pid in descendants(app.pid):
        try:
            with open(f'/proc/{pid}/comm') as f:
                if f.read().strip() == 'iro-decoder':
                    found.append(pid)
        except OSError:
            continue
    return found


def _status(pid):
    with open(f'/proc/{pid}/status') as f:
        return dict(line.split(':', 1) for line in f.read().splitlines() if ':' in line)


def test_a_helper_killed_mid_decode_costs_one_tab():
    d = fixture_dir()
    first = write_quadrants(os.path.join(d, 'first.png'))
    victim = write_quadrants(os.path.join(d, 'victim.png'))
    after = write_quadrants(os.path.join(d, 'after.png'))
    with Session() as s:
        app = s.launch([first])
        app.frame('first.png')
        app.find('image', 'first.png')
        helpers = app.wait(lambda: _helpers(app), 'an iro-decoder child of iro')
        status = _status(helpers[0])
        assert status['Seccomp'].strip() == '2' and status['NoNewPrivs'].strip() == '1', status

        # Silence the helpers, so the next decode is surely under way when they are killed.
        for pid in helpers:
            os.kill(pid, signal.SIGSTOP)
        second = s.launch([victim])
        second.proc.wait(timeout=30)
        app.wait(lambda: tab_labels(app) == ['first.png', 'victim.png'], 'the victim tab')
        for pid in _helpers(app):
            os.kill(pid, signal.SIGKILL)
        app.find('label', 'The Image Decoder Stopped')
        retry = app.find('push button', 'Retry')
        assert app.alive(), 'iro exited with its helper'
        # Retry decodes it again, in a new helper.
        do_action(retry)
        app.find('image', 'victim.png')

        # The first tab still has its image; the next file opens in a new helper.
        third = s.launch([after])
        third.proc.wait(timeout=30)
        app.wait(lambda: tab_labels(app) == ['first.png', 'victim.png', 'after.png'], 'the third tab')
        app.find('image', 'after.png')
        assert _helpers(app), 'a new helper'
