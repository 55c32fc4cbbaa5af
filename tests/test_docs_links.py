"""Every relative link of every Markdown file of the project resolves: the file it names exists
and, for a link to `#an-anchor` (in the same file or another Markdown file), a heading there
makes that anchor, as GitHub makes them. Links to the web, and GitHub's own pages reached by
climbing out of the repository (`../../releases`), are not files and are left alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "venv", "dist", "build", "node_modules", ".pytest_cache"}
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def markdown_files() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.md")
        if not SKIP_DIRS & set(path.relative_to(ROOT).parts[:-1])
        and not any(part.endswith(".egg-info") for part in path.parts)
    )


def links(text: str) -> list[str]:
    """The link targets of a Markdown text, outside code blocks and code spans."""
    prose = CODE.sub("", FENCE.sub("", text))
    return [match[1] for match in LINK.finditer(prose)]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip()).lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    for line in text.splitlines():
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading[1])
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def problems(path: Path) -> list[str]:
    wrong = []
    for target in links(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:...
            continue
        file_part, _, anchor = target.partition("#")
        where = (path.parent / file_part).resolve() if file_part else path
        if not where.is_relative_to(ROOT):
            continue  # GitHub's own pages (../../releases), not files of the repository
        if not where.exists():
            wrong.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            wrong.append(f"{target}: no heading makes #{anchor}")
    return wrong


def test_the_project_has_its_documents():
    names = {path.relative_to(ROOT).as_posix() for path in markdown_files()}
    assert {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/architecture.md"} <= names


def test_the_readme_is_for_players():
    """Short and without history: no dates, no figures table (docs/measurements.md has them)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 250
    assert not re.findall(r"20\d\d-[01]\d-[0-3]\d", text)
    assert "docs/measurements.md" in text and "| target |" not in text


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path: Path):
    assert not problems(path), problems(path)


def test_the_check_sees_a_broken_link_and_anchor(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "other.md").write_text("# A title: with `code`\n\n## Twice\n\n## Twice\n")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](other.md) [ok](other.md#a-title-with-code) [ok](other.md#twice-1) "
        "[web](https://example.org/x) [up](../../releases) `[code](nowhere.md)`\n\n"
        "```\n[fenced](nowhere.md)\n```\n"
        "[bad](missing.md) [bad anchor](other.md#nope) ![img](pic.png)\n"
    )
    assert problems(page) == [
        "missing.md: no such file",
        "other.md#nope: no heading makes #nope",
        "pic.png: no such file",
    ]
