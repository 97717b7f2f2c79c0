"""The statistics' per-habit figures on a phone, in a real browser (headless Chromium through
Selenium, JavaScript off) against the real `dawn` binary: under 600 px each habit is a card
with every figure and its label, nothing wider than its box; from 600 px (1280 here) the
table as before, whole inside its box. Screenshots at 375 and 1280 px, light and dark.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_stats_cards.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    MEMBER_PASSWORD, add_habit, add_member, color_scheme, days, log_habit, screenshot, sign_in, viewport,
)
from selenium.webdriver.common.by import By  # noqa: E402

LABELS = ["Logged", "Minutes", "Active days", "Streak", "Best", "Strength"]
HABITS = [("Run", "🏃", "#48DBAB"), ("Practise the piano before dinner, every single evening", "🎹", "#A29BFE"),
          ("Read", "📚", "#FECA57")]


def seed(s, admin):
    s.ana = add_member(admin, "ana", "Ana")
    for n, (name, emoji, colour) in enumerate(HABITS):
        habit = add_habit(s.ana, name, emoji, colour, 30)
        for back in range(0, 6 - 2 * n):
            log_habit(s.ana, days(-back, s.today), habit, "07:00", 30)


@pytest.fixture(scope="module")
def driver(site, nojs):
    """Ana, signed in, JavaScript off: the cards are CSS alone."""
    sign_in(nojs, site.base, "ana", MEMBER_PASSWORD)
    return nojs


# Each figure of each habit as the table has it (its text, whether shown or not), and as
# the cards show it: label, value, and whether it is visible and inside its card and the card's section.
FIGURES_JS = """
const section = document.getElementById('habits-heading').closest('section');
const sr = section.getBoundingClientRect();
const table = [...document.querySelectorAll('.habit-stats tbody tr')].map(tr =>
  [tr.querySelector('th').textContent.trim(), ...[...tr.querySelectorAll('td')].map(td => td.textContent.trim())]);
const cards = [...document.querySelectorAll('.habit-card')].map(card => {
  const cr = card.getBoundingClientRect();
  const inside = (e, r) => { const b = e.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && b.left >= r.left - 0.5 && b.right <= r.right + 0.5; };
  return {name: card.querySelector('h3').textContent.trim(), nameInside: inside(card.querySelector('h3'), cr),
          inSection: inside(card, sr), overflow: card.scrollWidth - card.clientWidth,
          figures: [...card.querySelectorAll('dl > div')].map(div => ({
            label: div.querySelector('dt').textContent.trim(), value: div.querySelector('dd').textContent.trim(),
            shown: inside(div.querySelector('dt'), cr) && inside(div.querySelector('dd'), cr)
                   && getComputedStyle(div.querySelector('dd')).visibility === 'visible'}))};
});
const shown = e => e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0;
const scroll = document.querySelector('.habit-table');
return {table, cards, tableShown: shown(scroll), cardsShown: shown(document.querySelector('.habit-cards')),
        sectionOverflow: section.scrollWidth - section.clientWidth,
        scrollOverflow: scroll.scrollWidth - scroll.clientWidth,
        headers: [...document.querySelectorAll('.habit-stats thead th')].map(th => th.textContent.trim()),
        pageWidth: document.documentElement.scrollWidth};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_habit_is_a_card_on_a_phone(site, driver, scheme):
    nojs = driver
    color_scheme(nojs, scheme)
    viewport(nojs, 375, 812)
    nojs.get(site.base + "/stats")
    f = nojs.execute_script(FIGURES_JS)
    assert f["cardsShown"] and not f["tableShown"], f
    assert f["pageWidth"] <= 375 and f["sectionOverflow"] <= 0, f
    assert len(f["table"]) == len(HABITS) == len(f["cards"])
    for row, card in zip(f["table"], f["cards"]):
        assert card["name"] == row[0] and card["nameInside"] and card["inSection"], card
        assert card["overflow"] <= 0, card
        assert [x["label"] for x in card["figures"]] == LABELS, card
        assert [x["value"] for x in card["figures"]] == row[1:], (card, row)
        assert all(x["shown"] and x["value"] for x in card["figures"]), card
    screenshot(nojs, f"stats-375-{scheme}.png")  # the first screen
    nojs.find_element(By.ID, "habits-heading").location_once_scrolled_into_view
    screenshot(nojs, f"stats-cards-375-{scheme}.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_stays_from_600_px(site, driver, scheme):
    nojs = driver
    color_scheme(nojs, scheme)
    for width in [600, 1280]:
        viewport(nojs, width, 900)
        nojs.get(site.base + "/stats")
        f = nojs.execute_script(FIGURES_JS)
        assert f["tableShown"] and not f["cardsShown"], (width, f)
        assert f["headers"] == ["Habit"] + LABELS
        assert f["pageWidth"] <= width, (width, f)
        if width == 1280:
            assert f["scrollOverflow"] <= 0, f  # whole, as before
        assert len(f["table"]) == len(HABITS)
    nojs.find_element(By.ID, "habits-heading").location_once_scrolled_into_view
    screenshot(nojs, f"stats-cards-1280-{scheme}.png")
    viewport(nojs, 599, 900)
    nojs.get(site.base + "/stats")
    f = nojs.execute_script(FIGURES_JS)
    assert f["cardsShown"] and not f["tableShown"], "599 px is a phone's layout"
