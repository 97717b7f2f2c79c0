"""The repository speaks for itself: comments and docs say what the code does and why, never
which issue or session asked for it ("issue 19", "issues 17 and 18"), which a reader of the
repository cannot follow."""
import os
import re

from conftest import ROOT

FOLDERS = ["Sources", "Views", "Public", "Tests", "docs", "deploy", "bench", ".ci"]
FILES = ["README.md", "Package.swift", "Dockerfile"]
ISSUE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)
TEXT = (".swift", ".c", ".h", ".html", ".css", ".js", ".py", ".md", ".strings", ".sh", ".lua", ".json",
        ".yaml", ".conf", ".service", ".timer", ".modulemap", "")


def text_files():
    for name in FILES:
        yield os.path.join(ROOT, name)
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d not in ("reference", "screenshots", "__pycache__", ".build")]
            for name in files:
                if os.path.splitext(name)[1] in TEXT:
                    yield os.path.join(base, name)


def test_no_comment_or_doc_names_an_issue_by_number():
    found = []
    for path in text_files():
        if os.path.samefile(path, __file__):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                if ISSUE.search(line):
                    found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:120]}")
    assert not found, "\n".join(found)
