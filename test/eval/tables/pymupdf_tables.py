"""PyMuPDF's table finder on every page of one PDF, for comparison in the table set.

usage: python3 pymupdf_tables.py FILE.pdf  ->  JSON on stdout: [{"page": 1, "rows": [[...]], "html": "..."}]
A cell PyMuPDF reports as None (covered by a merged cell) is left out of the row and the HTML.
"""
import html
import json
import sys

import pymupdf


def main(path):
    found = []
    with pymupdf.open(path) as document:
        for index, page in enumerate(document):
            for table in page.find_tables().tables:
                rows = table.extract()
                cells = [[cell for cell in row if cell is not None] for row in rows]
                body = "".join(
                    "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in cells
                )
                found.append({"page": index + 1, "rows": cells, "html": f"<table>{body}</table>"})
    json.dump(found, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
