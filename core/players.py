"""Player setup: how many play (within the game's range), then their short names.

setup_players(app, lo, hi, on_done) shows a number picker for the count, then a list of
names ending in "Start". A name is picked from the names remembered (names.json: the
last table's, in seat order, then the older ones, most recent first) or typed new
(TextEntry), so the same table does not type them again every evening. Where the box
serves phones (app.phones), "Phones…" under "Start" pairs them (core.pairing).
"""

import json

from core.i18n import t
from core.ui import Menu, NumberPicker

NAME = "names.json"
KEEP = 16  # names remembered


def _remembered(storage):
    try:
        names = json.loads(storage.get(NAME).decode())
        return [str(n)[:8] for n in names if n][:KEEP]
    except (AttributeError, ValueError, TypeError):
        return []


def setup_players(app, lo, hi, on_done):
    # placeholders ("P2") are no names: never remembered, never offered, each seat's own
    defaults = [t("pl.default", k + 1) for k in range(hi)]
    names = [x for x in _remembered(app.storage) if x not in defaults] if app.storage else []

    def counted(n):
        chosen = names[:n] + defaults[len(names) : n]

        def label(i):
            return lambda: "{} {}".format(i + 1, chosen[i])

        def named():  # whose name is their own (a placeholder's word changes with the language)
            return [x not in defaults for x in chosen]

        items = [label(i) for i in range(n)] + [t("pl.start")]
        if app.phones:  # a host that serves the players' phones (core.pairing)
            items.append(t("pl.phones"))

        def select(i):
            if i == n + 1:
                from core.pairing import pair

                pair(app, chosen, named())
            elif i == n:
                if app.seats:
                    app.seats.seat_names(chosen, named())
                if app.storage:  # the next screen first, the flash after
                    seen = []
                    for x in chosen + names:  # the table's names first, then the older ones, once each
                        if x not in seen and x not in defaults:
                            seen.append(x)
                    data = json.dumps(seen[:KEEP]).encode()
                    app.after(lambda: app.storage.put(NAME, data))
                on_done(list(chosen))
            else:
                offer(i)

        def offer(i):
            """The names no other seat has, most recent first, then "New name…"; the
            cursor on this seat's name (OK keeps it), or on "New name…" for a seat still
            without one."""
            free = [x for x in names if x not in chosen or x == chosen[i]]

            def picked(k):
                if k < len(free):
                    chosen[i] = free[k]
                    app.pop()
                    return
                from core.textentry import TextEntry  # only while a name is typed

                app.push(TextEntry(t("pl.name", i + 1), "", lambda s: typed(i, s)))

            at = free.index(chosen[i]) if chosen[i] in free else len(free)
            app.push(Menu(t("pl.name", i + 1), free + [t("pl.new")], picked, index=at))

        def typed(i, s):
            chosen[i] = s
            if s not in names:
                names.insert(0, s)
            app.pop()  # the entry
            app.pop()  # the names offered

        app.push(Menu(t("pl.names"), items, select, index=n))

    initial = len(names) if lo <= len(names) <= hi else lo
    app.push(NumberPicker(t("pl.count"), lo, hi, initial, counted))
