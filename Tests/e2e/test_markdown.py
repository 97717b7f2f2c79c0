"""A journal entry's Markdown end to end: saved through the real server and served
rendered (cmark-gfm's safe mode, docs/markdown.md), never as live script, with the source
still in the textarea under "Edit entry"; the journal's Markdown export keeps the source."""
import html
import re

import pytest

from test_accounts import setup_admin
from test_day import today_in

XSS = "\n\n".join([
    "**bold** ~~gone~~ www.example.com",
    "<script>alert(1)</script>",
    "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1))",
    "<img src=x onerror=alert(1)>",
    "![c](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "# Title",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "- [x] done\n- [ ] todo",
])


@pytest.fixture(scope="module")
def member():
    from conftest import Dawn
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def test_an_entry_is_served_rendered_and_safe(member):
    dawn, admin = member
    today = today_in()
    admin.open(f"/day/{today}")
    r = admin.post(f"/day/{today}/entry", {"entry": XSS})
    assert (r.status, r.header("Location")) == (303, f"/day/{today}?done=entry-saved#journal"), r.text[:400]

    page = admin.open(f"/day/{today}").text
    rendered = re.search(r'(?s)<div class="entry-text">(.*?)</div>\n<details class="entry-edit">', page)
    assert rendered, page[:2000]
    shown = rendered.group(1)
    assert "<strong>bold</strong>" in shown and "<del>gone</del>" in shown
    assert '<a href="http://www.example.com">www.example.com</a>' in shown
    assert '<a href="">a</a>' in shown and '<a href="">b</a>' in shown
    assert '<img src="" alt="c" />' in shown
    assert "<h3>Title</h3>" in shown and "<h1>" not in shown
    assert "<th>a</th>" in shown and "<td>2</td>" in shown
    assert "<li>☑ done</li>" in shown and "<li>☐ todo</li>" in shown and "<input" not in shown
    for unsafe in ("<script", "onerror", "javascript:", "JaVaScRiPt:", "data:"):
        assert unsafe not in shown, unsafe
    # Nowhere on the page is the entry live markup: the textarea holds the source, escaped.
    assert "<script>alert(1)</script>" not in page and "<img src=x" not in page
    assert "<summary>Edit entry</summary>" in page
    textarea = re.search(r'(?s)<textarea id="entry"[^>]*>(.*?)</textarea>', page).group(1)
    assert html.unescape(textarea) == XSS

    # The Markdown export keeps the source as typed.
    export = admin.get("/export/journal.md").text
    assert "**bold** ~~gone~~ www.example.com" in export
    assert "[a](javascript:alert(1))" in export
