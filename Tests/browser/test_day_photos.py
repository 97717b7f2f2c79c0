"""A day with photos in a real browser (headless Chromium through Selenium) against the real
`dawn` binary (uploads re-encoded by libvips): the thumbnails fill a grid that fits 320 px
without scrolling sideways, load lazily with their captions as alt text and link to the full
photo; axe-core clean at 320, 375 and 1280 px, light and dark (screenshots of each).

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_day_photos.py -q -p no:cacheprovider
"""
import os
import struct
import sys
import zlib

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import add_member, assert_accessible, open_page, post_multipart, screenshot  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CAPTIONS = ["The lake at dawn", "Mia's first bike ride", "Grandma's garden"]
COLOURS = [(40, 90, 200), (220, 120, 30), (30, 160, 70)]


def png(width, height, colour):
    """A plain PNG of one colour, made with zlib alone."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(colour) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def seed(s, admin):
    """"ana" adds three photos (one wide, one tall, one square) to today, each captioned."""
    ana = add_member(admin, "ana", "Ana")
    ana.open(f"/day/{s.today}")
    for caption, colour, size in zip(CAPTIONS, COLOURS, [(1200, 800), (600, 900), (700, 700)]):
        r = post_multipart(ana, f"/day/{s.today}/photos", {"caption": caption},
                           [("photo", "picture.png", "image/png", png(*size, colour))])
        assert r.status == 303, r.text[:400]


def test_the_thumbnails_link_to_the_photos_with_their_captions(site, driver):
    open_page(driver, f"{site.base}/day/{site.today}")
    images = driver.find_elements(By.CSS_SELECTOR, ".photo-grid img")
    assert [i.get_attribute("alt") for i in images] == CAPTIONS
    assert all(i.get_attribute("loading") == "lazy" for i in images)
    links = driver.find_elements(By.CSS_SELECTOR, ".photo-grid a")
    driver.get(links[0].get_attribute("href"))
    full = driver.find_element(By.TAG_NAME, "img")
    assert driver.execute_script("return arguments[0].naturalWidth", full) == 1200, "the full photo, not its thumbnail"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 375, 1280])
def test_axe_and_screenshots(site, driver, width, scheme):
    open_page(driver, f"{site.base}/day/{site.today}", width, scheme)
    driver.execute_script("document.getElementById('photos').scrollIntoView({block: 'start'})")
    driver.execute_script("for (const i of document.querySelectorAll('.photo-grid img')) i.loading = 'eager'")
    driver.set_script_timeout(10)
    loaded = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const images = [...document.querySelectorAll('.photo-grid img')];
        Promise.all(images.map(i => i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; })))
            .then(() => done(images.map(i => [i.naturalWidth, i.getBoundingClientRect().width])));
    """)
    assert len(loaded) == 3 and all(natural > 0 for natural, _ in loaded), loaded
    assert all(shown >= 80 for _, shown in loaded), f"each thumbnail at least 80 px wide: {loaded}"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "no sideways scrolling"
    assert_accessible(driver, f"a day with photos at {width} px ({scheme})")
    screenshot(driver, f"day-photos-{width}-{scheme}.png")
