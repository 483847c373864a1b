"""Box settings kept across power-off: language, contrast, screen sleep, vote reveal.

load(storage) -> (settings, kept) never fails: a missing or unreadable file gives the
defaults; an unreadable one is kept aside as settings.bad (settings.bad1, ... never
overwriting one) and `kept` names it, so the box can say so. Unknown or out-of-range
values are replaced one by one. save(storage, s) writes settings.json atomically
through the storage adapter.
"""

import json

NAME = "settings.json"

# key -> allowed values; the first is the default.
CHOICES = (
    ("lang", ("en", "de", "nl")),
    ("contrast", (128, 255, 64, 16)),
    ("sleep", (120, 300, 600, 60, 0)),  # seconds of idle before the screen sleeps; 0 = never
    ("reveal", (0, 1)),  # 1: after a secret vote, also show who voted what
)


def defaults():
    s = {}
    for key, values in CHOICES:
        s[key] = values[0]
    return s


def load(storage):
    s = defaults()
    raw = storage.get(NAME) if storage else None
    if raw is None:
        return s, None
    try:
        saved = json.loads(raw)
        if not isinstance(saved, dict):
            raise ValueError("not an object")
    except ValueError:
        from core.saves import keep_aside

        return s, keep_aside(storage, NAME, "settings.bad")
    for key, values in CHOICES:
        if saved.get(key) in values:
            s[key] = saved[key]
    return s, None


def save(storage, s):
    # Keys in CHOICES order, not dict order: the file is the same bytes on every runtime.
    if storage:
        parts = ['"{}":{}'.format(key, json.dumps(s[key])) for key, _ in CHOICES]
        storage.put(NAME, ("{" + ",".join(parts) + "}").encode())
