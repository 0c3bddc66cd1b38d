"""Small HTML helpers: a page around a body, tables, badges. Everything escaped here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

SYMBOLS = {
    "error": "\u2716 contradiction",
    "warning": "\u25b2 gap or ambiguity",
    "info": "\u25cf note",
    "proved": "\u2714 proved",
    "refuted": "\u2716 refuted",
    "unknown": "? unknown",
    "pass": "\u2714 passes",
    "fail": "\u2716 fails",
    "equivalent": "= equivalent",
    "differs": "\u2260 differs",
    "undecided": "? not shown either way",
    "plays-differently": "\u2260 plays differently",
    "changes": "\u2260 changes the game",
    "unsafe": "\u2716 unsafe",
    "invalid": "\u2716 invalid",
    "not-playable": "\u25cf not played",
}
"""A symbol and a word for every verdict: colour is never the only signal."""

CLASSES = {
    "proved": "ok",
    "pass": "ok",
    "equivalent": "ok",
    "refuted": "error",
    "fail": "error",
    "differs": "warning",
    "plays-differently": "warning",
    "unknown": "warning",
    "undecided": "warning",
    "changes": "warning",
    "unsafe": "error",
    "invalid": "error",
    "not-playable": "info",
}


def text(value: object) -> str:
    return escape(str(value))


def badge(verdict: str) -> str:
    css = CLASSES.get(verdict, verdict)
    return f'<span class="badge {css}">{escape(SYMBOLS.get(verdict, verdict))}</span>'


def table(
    headers: Sequence[str], rows: Iterable[Sequence[str]], numeric: frozenset[int] = frozenset()
) -> str:
    """A table; cells are HTML already (use `text` for plain values)."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="num">{cell}</td>' if i in numeric else f"<td>{cell}</td>"
            for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    inner = f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
    return f'<div class="scroll"><table>{inner}</table></div>'


def page(title: str, body: str, *, depth: int = 0, stamp: str = "") -> str:
    """A whole page: `depth` is how many folders below the site's root it sits."""
    up = "../" * depth
    nav = (
        f'<nav><a href="{up}index.html">All editions</a>'
        f'<a href="{up}compare.html">Comparison</a></nav>'
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} \u2014 unospec review</title>
<link rel="stylesheet" href="{up}style.css">
</head>
<body>
<header>{nav}<h1>{escape(title)}</h1></header>
<main>
{body}
</main>
<footer>Made by unospec {escape(stamp)}. No script, nothing fetched: this folder is the
whole report.</footer>
</body>
</html>
"""


def picture_html(file: str, alt: str, caption: str, folder: str = "img") -> str:
    """A picture from the site's `folder` (`img/`, or a folder of plots; pages sit one folder
    down), linked to itself so a reader can open it full size."""
    src = f"../{escape(folder)}/{escape(file)}"
    return (
        f'<figure><a href="{src}"><img src="{src}" alt="{escape(alt)}"></a>'
        f"<figcaption>{escape(caption)} Select it to open it full size.</figcaption></figure>"
    )
