"""The accessibility tree (AT-SPI, through pyatspi): walking it, finding nodes by role
and name, their states and extents, whether one is showing, running its actions, and
dumping a tree as text. Functions of nodes only; App (app.py) finds the app's own
root node and waits for nodes to appear.

Names to match are an exact string, a compiled regex (searched), a predicate, or None
for any. Extents are window-relative: GTK 4.8 cannot give screen coordinates (see
extents and App.screen_extents). pyatspi is imported only when first needed, after the
Session has pointed the environment at its own buses.
"""

import re

def name_matches(value, want):
    """Whether a node's name `value` matches `want` (string, regex, predicate, None)."""
    if want is None:
        return True
    if isinstance(want, re.Pattern):
        return want.search(value or '') is not None
    if callable(want):
        return bool(want(value))
    return value == want


def walk(node, depth_limit=200):
    """Yield node and every descendant (depth first, document order). Stale children
    are skipped."""
    stack = [(node, 0)]
    while stack:
        n, d = stack.pop()
        yield n
        if d >= depth_limit:
            continue
        try:
            count = n.childCount
        except Exception:
            continue
        kids = []
        for i in range(count):
            try:
                c = n.getChildAtIndex(i)
            except Exception:
                c = None
            if c is not None:
                kids.append(c)
        stack.extend((c, d + 1) for c in reversed(kids))


def find_all(root, role=None, name=None):
    """Every node under root (inclusive) with that role (role name such as 'push
    button', or None for any) and name (exact string, compiled regex, predicate, or
    None for any)."""
    out = []
    for n in walk(root):
        try:
            if role is not None and n.getRoleName() != role:
                continue
            if not name_matches(n.name, name):
                continue
        except Exception:
            continue
        out.append(n)
    return out


def ancestors(node):
    out = []
    n = node.parent
    while n is not None:
        out.append(n)
        try:
            if n.getRoleName() == 'application':
                break
        except Exception:
            break
        n = n.parent
    return out


def states(node):
    """Set of state names such as {'visible', 'sensitive', 'showing'}."""
    import pyatspi
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def has_state(node, state):
    return node.getState().contains(state)


def extents(node):
    """(x, y, width, height) of a node, in window coordinates (component interface,
    ATSPI_COORD_TYPE_WINDOW). GTK 4.8 cannot know where its window is on the screen:
    asking for ATSPI_COORD_TYPE_SCREEN returns the same window-relative numbers and
    logs "Screen coordinates not supported" in the app. Use App.screen_extents for
    screen coordinates."""
    import pyatspi
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return e.x, e.y, e.width, e.height


def has_area(node):
    """True if the node has a non-empty allocation. A node in a GtkStack page that
    was never shown reports 0×0, and so does an auto-hidden AdwTabBar (height 0);
    but a page that was shown once and then replaced keeps its old, non-zero
    extents, so this is a necessary, not a sufficient, condition for "on screen"."""
    x, y, w, h = extents(node)
    return w > 0 and h > 0


def in_tree(app, node):
    """True if the node is (still) reachable from the app's root. GTK 4.8 leaves
    widgets that are not visible (gtk_widget_get_visible() false) out of the tree,
    so for controls that are hidden that way, absence is the "not showing" test."""
    return any(n == node for n in walk(app.node()))


def probably_showing(app, frame, node):
    """Best effort without STATE_SHOWING (which GTK 4.8 sets on windows only): the
    node is in the tree, has a non-empty allocation, and overlaps the window.
    Blind to opacity, to overlap by other widgets, and to inactive stack pages
    that were shown before (they keep stale extents): for those, compare
    screenshots (Image.crop / differing_fraction)."""
    if not in_tree(app, node) or not has_area(node):
        return False
    x, y, w, h = extents(node)
    fx, fy, fw, fh = extents(frame)
    return x < fx + fw and y < fy + fh and x + w > fx and y + h > fy


def hit_test(frame, node):
    """Ask the window which accessible is at the centre of `node`
    (GetAccessibleAtPoint): True if it is `node` or inside it, so False when the node
    is covered or in an inactive page. Works for labels and the image canvas; for
    icon buttons GTK 4.8 answers nothing (the pick lands on their unexposed
    GtkImage), so there False means nothing."""
    import pyatspi
    x, y, w, h = extents(node)
    if w <= 0 or h <= 0:
        return False
    hit = frame.queryComponent().getAccessibleAtPoint(x + w // 2, y + h // 2,
                                                      pyatspi.WINDOW_COORDS)
    while hit is not None:
        if hit == node:
            return True
        if hit == frame:
            return False
        hit = hit.parent
    return False


def do_action(node, name=None):
    """Run an action through AT-SPI (index 0, or the action called `name`)."""
    action = node.queryAction()
    index = 0
    if name is not None:
        names = [action.getName(i) for i in range(action.nActions)]
        if name not in names:
            raise AssertionError(f'{describe(node)} has no action {name!r} (has {names})')
        index = names.index(name)
    if action.nActions <= index:
        raise AssertionError(f'{describe(node)} has no actions')
    return action.doAction(index)


def describe(node):
    try:
        return f"{node.getRoleName()} {node.name!r}"
    except Exception as e:
        return f'<stale node: {e}>'


def dump(node, max_lines=400):
    """Indented text of the tree under node (role, name, and states other than the
    usual 'visible sensitive')."""
    lines = []

    def rec(n, d):
        if len(lines) >= max_lines:
            return
        try:
            have = states(n)
            st = sorted(have - {'visible', 'sensitive', 'enabled'})
            if 'sensitive' not in have and n.getRoleName() != 'application':
                st.append('insensitive')
            lines.append('  ' * d + f"{n.getRoleName()} {n.name!r}" +
                         (f" [{' '.join(st)}]" if st else ''))
            for i in range(n.childCount):
                rec(n.getChildAtIndex(i), d + 1)
        except Exception as e:
            lines.append('  ' * d + f'? {e!r}')
    rec(node, 0)
    return '\n'.join(lines)
