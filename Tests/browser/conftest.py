"""Fixtures every browser test module shares."""
import pytest

from dawnbrowser import make_driver


@pytest.fixture(scope="module")
def nojs():
    """Chromium with JavaScript turned off (each module gets its own)."""
    d = make_driver(javascript=False)
    yield d
    d.quit()
