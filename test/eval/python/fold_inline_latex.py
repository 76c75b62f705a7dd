"""Folds the inline formulas of texts into Unicode the way OmniDocBench's text metric does.

Reads a JSON array of strings on stdin and writes the array of folded strings to stdout. A span
`$...$` or `\\(...\\)` whose body (once the escapes `\\\\ \\_ \\& \\% \\^` are dropped) still holds a
backslash, `^` or `_` is replaced by pylatexenc's plain-text reading of that body, trimmed; other
spans (a price such as `$10 or $`) stay as they are. The benchmark applies this to reference and
prediction alike before comparing their letters and digits.
"""
import json
import re
import sys

from pylatexenc.latex2text import LatexNodes2Text

INLINE = re.compile(r"\$(.*?)\$|\\\((.*?)\\\)")
ESCAPE = re.compile(r"\\([\\_&%^])")
MARKUP = set("\\^_")


def fold(text: str, reader: LatexNodes2Text) -> str:
    pieces = []
    last = 0
    for span in INLINE.finditer(text):
        body = span.group(1) if span.group(1) is not None else span.group(2)
        body = ESCAPE.sub("", body)
        if not MARKUP.intersection(body):
            continue
        if body.endswith("\\"):
            body += " "
        try:
            plain = reader.latex_to_text(body).strip()
        except Exception:  # pylatexenc gives up on malformed LaTeX: the span then stays as written
            continue
        pieces.append(text[last : span.start()])
        pieces.append(plain)
        last = span.end()
    pieces.append(text[last:])
    return "".join(pieces)


def main() -> None:
    reader = LatexNodes2Text()
    texts = json.load(sys.stdin)
    json.dump([fold(text, reader) for text in texts], sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
