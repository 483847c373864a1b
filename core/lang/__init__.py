"""Text tables, one module per source and language: <source>_<lang>.py holds TEXT, a dict
of key -> string. "ui" is the core UI, a game's source is its id. Only the tables of the
current language are loaded (core.i18n), so German and Dutch cost no memory while the
box speaks English. Every table of a source has the same keys (tests/test_text.py)."""
