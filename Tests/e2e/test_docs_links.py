"""The README and docs/ hold together: every relative link and image (README.md, docs/*.md)
leads to a file in the repository, every #anchor to a heading of the page it names, and
the README stays a user's guide (300 lines at most) with the detail in docs/."""
import glob
import os
import re

from conftest import ROOT

MAX_README_LINES = 300
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")


def pages():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def prose_lines(path):
    """The lines outside fenced code blocks, with inline code blanked."""
    inside = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield number, CODE_SPAN.sub("``", line)


def slug(heading):
    """GitHub's anchor for a heading: lowercase, punctuation out, spaces to hyphens."""
    text = re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def raw_headings(path):
    """Headings with their inline code kept (a code span's text is part of the anchor)."""
    inside = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m:
                    yield m.group(1)


def anchors_of(path):
    seen, found = {}, set()
    for heading in raw_headings(path):
        base = slug(heading)
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return found


def links(path):
    for number, line in prose_lines(path):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # https:, mailto: and the like
            yield number, target


def test_every_relative_link_and_anchor_resolves():
    broken = []
    for page in pages():
        for number, target in links(page):
            path, _, anchor = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            name = f"{os.path.relpath(page, ROOT)}:{number}: {target}"
            if not os.path.exists(where):
                broken.append(f"{name} (no such file)")
            elif anchor and where.endswith(".md") and anchor not in anchors_of(where):
                broken.append(f"{name} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_readme_is_a_users_guide():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md is {len(lines)} lines: move detail to docs/"
    text = "\n".join(lines)
    # The set-up block: the two commands, unchanged.
    assert re.search(r"^## Set up$", text, re.MULTILINE)
    assert re.search(r"^deploy/serve\s", text, re.MULTILINE) and re.search(r"^Tests/run-all\s", text, re.MULTILINE)
    # What a self-hoster must find there.
    assert "DAWN_NOTIFY_ALLOW_PRIVATE=1" in text
    for word in ("guardian", "child account", "kitchen screen", "chores", "shared computer", "signing out"):
        assert word in text.lower(), word


def test_every_docs_page_is_linked_from_the_readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    missing = [os.path.relpath(p, ROOT) for p in pages()[1:] if os.path.relpath(p, ROOT) not in text]
    assert not missing, missing
