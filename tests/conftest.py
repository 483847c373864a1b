"""Shared fixtures: an App on fake hardware, driven by the script runner."""

import os
import sys

import pytest
from hypothesis import settings as hsettings

# Tests never fail on timing (the bench reports speed): no per-example deadline. In CI
# the examples are derandomized, so a red run can be repeated exactly.
hsettings.register_profile("tablebox", deadline=None, derandomize=bool(os.environ.get("CI")))
hsettings.load_profile("tablebox")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from core import i18n  # noqa: E402
from core.app import App  # noqa: E402
from host_sim import fakes, script  # noqa: E402


class Box:
    """An App on fake hardware with a script runner: box.do("OK", "DOWN", ...)."""

    def __init__(self, storage=None, seed=1, start_ms=0):
        self.display = fakes.Display()
        self.leds = fakes.Leds()
        self.storage = storage if storage is not None else fakes.MemStorage()
        self.app = App(self.display, self.leds, self.storage, seed)
        self.runner = script.Runner(self.app, start_ms)

    def do(self, *steps):
        for s in steps:
            err = self.runner.do(s)
            assert err is None, err
        return self

    def lines(self):
        return list(self.app.frame.lines)

    def text(self):
        return " | ".join(self.app.frame.lines)


@pytest.fixture
def box():
    i18n.set_lang("en")
    yield Box()
    i18n.set_lang("en")


@pytest.fixture
def make_box():
    i18n.set_lang("en")
    yield Box
    i18n.set_lang("en")
