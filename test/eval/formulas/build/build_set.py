#!/usr/bin/env python3
"""Builds test/eval/formulas/formulas.json, the formula benchmark's data, from public collections.

Sources (see ../sources.md): the well-known equations in well-known.json (typed for this
benchmark), KaTeX's screenshot test data (test/screenshotter/ss_data.yaml, MIT) and the expected
LaTeX of SymPy's printer tests (sympy/printing/tests/test_latex.py, BSD-3-Clause). A formula is
kept only when KaTeX and MathJax render it, pdflatex typesets it with amsmath under every font
setup of ../latex-fonts.json without an error or a missing glyph, and pandoc converts it to a Word
equation without falling back to TeX text.

usage: build_set.py --sympy-tests FILE --sympy-commit SHA --katex-data FILE --katex-commit SHA
Needs node (with the test package's node_modules), pdflatex and pandoc on PATH. Writes
../formulas.json; the same inputs give the same file.
"""
import argparse
import ast
import json
import re
import subprocess
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
FORMULAS_DIR = HERE.parent
DISPLAY_COUNT = 300
INLINE_COUNT = 100

# Commands about colour, links, boxes, spacing, macros, sizes, tags and other things that test a
# renderer's corners rather than reading math; formulas using them are left out.
EXCLUDED = re.compile(
    r"\\(html\w*|href|url|color|textcolor|colorbox|fcolorbox|rule|kern|mkern|raise|lower|raisebox|"
    r"[hv]?phantom|def|gdef|edef|xdef|let|newcommand|renewcommand|providecommand|tag|char|verb|"
    r"includegraphics|math[lrc]lap|[lrc]lap|smash|TextOrMath|hskip|mskip|hspace|nonumber|notag|label|"
    r"eqref|ref|class|cssId|style|fbox|[bx]?cancel|sout|KaTeX|LaTeX|TeX|relax|expandafter|global|"
    r"begingroup|endgroup|mathchoice|Huge|huge|LARGE|Large|large|small|tiny|footnotesize|scriptsize|"
    r"normalsize|vcenter|hbox|vbox|mbox|limits|nolimits|@\w*|"
    r"begin\{(?:align|gather|multline|equation|split|CD|array|subarray|smallmatrix|darray|dcases|rcases))(?![a-zA-Z])"
)
MATHY = re.compile(r"[\^_]|\\(frac|sqrt|sum|int|prod|lim|begin|binom|over|left)(?![a-zA-Z])")

# Sentences written for this benchmark; {formula} is where the inline formula goes.
SENTENCES = [
    "We assume that {formula} holds throughout this section.",
    "In the second step we substitute {formula} and simplify the remaining terms.",
    "The estimate {formula} follows directly from the previous lemma.",
    "Note that the expression {formula} is well defined for every admissible input.",
    "For the experiments reported here we fixed {formula} in advance.",
    "It is easy to check that {formula} in this case.",
    "Writing {formula} makes the dependence on the parameters explicit.",
    "The quantity {formula} appears again in the discussion below.",
    "Since {formula}, the series converges absolutely.",
    "A short computation shows that {formula} on the whole interval.",
    "Here {formula} denotes the value measured at the start of the trial.",
    "The model predicts {formula} for large samples.",
    "Combining both bounds we obtain {formula} as claimed.",
    "The term {formula} vanishes when the system is at rest.",
    "In the notation of the first chapter this reads {formula}.",
    "We then replace the constant by {formula} and repeat the argument.",
    "Because {formula}, the map is injective.",
    "The table lists the results obtained with {formula} for each group.",
    "Observe that {formula} whenever the denominator is nonzero.",
    "This is the familiar identity {formula} from elementary algebra.",
    "Each sample satisfies {formula} by construction.",
    "The same reasoning gives {formula} for the dual problem.",
    "Students often forget that {formula} only holds under these assumptions.",
    "With {formula} the algorithm stops after a few iterations.",
    "The last column reports {formula} for every configuration.",
]
FOLLOW_UPS = [
    "The remaining cases are treated in the same way.",
    "We return to this point in the next section.",
    "This observation is used repeatedly below.",
    "No further assumptions are needed.",
    "The proof is left to the reader.",
]


def one_line(latex: str) -> str:
    return re.sub(r"\s+", " ", latex).strip()


def sympy_candidates(path: Path) -> list[str]:
    """String constants compared with `==` to a `latex(...)` call, in file order."""
    tree = ast.parse(path.read_text(encoding="utf8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not any(isinstance(op, ast.Eq) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        has_call = any(
            isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.func.id == "latex" for side in sides
        )
        if not has_call:
            continue
        for side in sides:
            if isinstance(side, ast.Constant) and isinstance(side.value, str):
                found.append((side.lineno, side.col_offset, side.value))
    return [text for _, _, text in sorted(found)]


def katex_candidates(path: Path) -> list[str]:
    data = yaml.safe_load(path.read_text(encoding="utf8"))
    found = []
    for value in data.values():
        tex = value.get("tex") if isinstance(value, dict) else value
        if isinstance(tex, str):
            found.append(tex)
    return found


def usable(latex: str) -> bool:
    if "\\\\" in latex and "\\begin" not in latex:
        return False  # a line break outside an environment: KaTeX breaks the line, LaTeX does not
    if re.search(r"\\left\(\s*\\right\)|\\displaystyle|\\quad", latex):
        return False  # sympy's empty argument lists and KaTeX's side-by-side style tests
    return bool(latex) and latex.isascii() and not EXCLUDED.search(latex) and "$" not in latex and "%" not in latex


def check_renderers(items: list[dict]) -> list[dict]:
    result = subprocess.run(
        ["node", str(HERE / "check-renderers.mjs")],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        check=True,
        cwd=HERE,
    )
    return json.loads(result.stdout)


def pdflatex_passes(items: list[dict], preamble: str) -> list[bool]:
    """Typesets every item in one document; an item passes when no error or missing glyph is logged between its markers."""
    body = []
    for index, item in enumerate(items):
        math = f"\\[ {item['latex']} \\]" if item["display"] else f"${item['latex']}$"
        body.append(f"\\typeout{{@@begin {index}}}\n{math}\\par\n\\typeout{{@@end {index}}}")
    document = (
        "\\documentclass{article}\n\\usepackage{amsmath}\n" + preamble + "\n\\tracinglostchars=1\n"
        "\\begin{document}\n" + "\n".join(body) + "\n\\end{document}\n"
    )
    with tempfile.TemporaryDirectory() as work:
        Path(work, "check.tex").write_text(document, encoding="utf8")
        subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error=false", "check.tex"],
            cwd=work,
            capture_output=True,
            timeout=600,
        )
        log = Path(work, "check.log").read_text(encoding="latin-1")
    passes = [False] * len(items)
    for match in re.finditer(r"@@begin (\d+)\n(.*?)@@end \1\n", log, re.S):
        text = match.group(2)
        passes[int(match.group(1))] = not re.search(r"^! |Missing character", text, re.M)
    return passes


def pandoc_passes(items: list[dict]) -> list[bool]:
    """pandoc's Word writer warns `Could not convert TeX math ...` for what it leaves as TeX."""
    markdown = "\n\n".join(f"$${item['latex']}$$" if item["display"] else f"a ${item['latex']}$ b" for item in items)
    with tempfile.TemporaryDirectory() as work:
        result = subprocess.run(
            ["pandoc", "-f", "markdown", "-t", "docx", "-o", str(Path(work, "check.docx"))],
            input=markdown,
            capture_output=True,
            text=True,
            check=True,
        )
    warnings = re.sub(r"\s+", "", result.stderr)
    return [re.sub(r"\s+", "", item["latex"]) not in warnings for item in items]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sympy-tests", type=Path, required=True)
    parser.add_argument("--sympy-commit", required=True)
    parser.add_argument("--katex-data", type=Path, required=True)
    parser.add_argument("--katex-commit", required=True)
    args = parser.parse_args()

    well_known = json.loads((HERE / "well-known.json").read_text(encoding="utf8"))
    sources = {
        "well-known": {"display": well_known["display"], "inline": well_known["inline"]},
        "katex": {"display": katex_candidates(args.katex_data), "inline": []},
        "sympy": {"display": [], "inline": []},
    }
    for latex in sympy_candidates(args.sympy_tests):
        sources["sympy"]["display"].append(latex)
        sources["sympy"]["inline"].append(latex)

    candidates: list[dict] = []
    seen: set[tuple[str, bool]] = set()
    for source, lists in sources.items():
        for display in (True, False):
            for raw in lists["display" if display else "inline"]:
                latex = one_line(raw)
                if not usable(latex):
                    continue
                if source != "well-known":
                    if display and not (20 <= len(latex) <= 220 and len(MATHY.findall(latex)) >= 3):
                        continue
                    if not display and not (4 <= len(latex) <= 40 and MATHY.search(latex) and "\\begin" not in latex):
                        continue
                key = (re.sub(r"\s+", "", latex), display)
                if key in seen:
                    continue
                seen.add(key)
                candidates.append({"latex": latex, "display": display, "source": source})

    renders = check_renderers([{"latex": item["latex"], "display": item["display"]} for item in candidates])
    candidates = [item for item, ok in zip(candidates, renders) if ok["katex"] and ok["mathjax"]]
    fonts = json.loads((FORMULAS_DIR / "latex-fonts.json").read_text(encoding="utf8"))
    for preamble in fonts.values():
        candidates = [item for item, ok in zip(candidates, pdflatex_passes(candidates, preamble)) if ok]
    candidates = [item for item, ok in zip(candidates, pandoc_passes(candidates)) if ok]

    display = [item for item in candidates if item["display"]]
    used = {re.sub(r"\s+", "", item["latex"]) for item in display[:DISPLAY_COUNT]}
    inline = [item for item in candidates if not item["display"] and re.sub(r"\s+", "", item["latex"]) not in used]
    if len(display) < DISPLAY_COUNT or len(inline) < INLINE_COUNT:
        raise SystemExit(f"only {len(display)} display and {len(inline)} inline formulas passed")

    origin = {
        "well-known": "well-known.json",
        "katex": f"KaTeX/KaTeX@{args.katex_commit}:test/screenshotter/ss_data.yaml",
        "sympy": f"sympy/sympy@{args.sympy_commit}:sympy/printing/tests/test_latex.py",
    }
    out = {
        "display": [
            {"id": f"d{index + 1:03d}", "latex": item["latex"], "source": origin[item["source"]]}
            for index, item in enumerate(display[:DISPLAY_COUNT])
        ],
        "inline": [
            {
                "id": f"i{index + 1:03d}",
                "latex": item["latex"],
                "sentence": SENTENCES[index % len(SENTENCES)] + " " + FOLLOW_UPS[index % len(FOLLOW_UPS)],
                "source": origin[item["source"]],
            }
            for index, item in enumerate(inline[:INLINE_COUNT])
        ],
    }
    (FORMULAS_DIR / "formulas.json").write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf8")
    counts = {name: sum(1 for item in out["display"] + out["inline"] if item["source"] == path) for name, path in origin.items()}
    print(f"{len(display)} display and {len(inline)} inline passed; kept {DISPLAY_COUNT} and {INLINE_COUNT}; by source {counts}")


if __name__ == "__main__":
    main()
