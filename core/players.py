"""Player setup: how many play (within the game's range), then their short names.

setup_players(app, lo, hi, on_done) shows a number picker for the count, then a list of
names (each editable with TextEntry) ending in "Start". The last names used are kept in
storage (names.json) so the same table does not type them again every evening.
"""

import json

from core.i18n import t
from core.ui import Menu, NumberPicker

NAME = "names.json"


def _remembered(storage):
    try:
        names = json.loads(storage.get(NAME).decode())
        return [str(n)[:8] for n in names if n][:10]
    except (AttributeError, ValueError, TypeError):
        return []


def setup_players(app, lo, hi, on_done):
    names = _remembered(app.storage) if app.storage else []

    def counted(n):
        while len(names) < n:
            names.append(t("pl.default", len(names) + 1))
        chosen = names[:n]

        def label(i):
            return lambda: "{} {}".format(i + 1, chosen[i])

        items = [label(i) for i in range(n)] + [t("pl.start")]

        def select(i):
            if i == n:
                if app.storage:  # the next screen first, the flash after
                    data = json.dumps(chosen + names[n:]).encode()
                    app.after(lambda: app.storage.put(NAME, data))
                on_done(list(chosen))
            else:
                from core.textentry import TextEntry  # only while names are edited

                app.push(TextEntry(t("pl.name", i + 1), chosen[i], lambda s: rename(i, s)))

        def rename(i, s):
            chosen[i] = s
            app.pop()

        app.push(Menu(t("pl.names"), items, select, index=n))

    initial = len(names) if lo <= len(names) <= hi else lo
    app.push(NumberPicker(t("pl.count"), lo, hi, initial, counted))
