#!/usr/bin/env python3
"""Check that every repository path named in the docs exists.

Usage: python3 scripts/check-doc-paths.py [FILE.md ...]

Reads README.md, ARCHITECTURE.md and docs/*.md (or the files given) and
fails (exit 1), listing file:line and the path, for each path that does not
exist in the working tree. Standard library only; run from anywhere.

What counts as a path:
  - a token (backticked or plain) that starts with one of the top-level
    folders: engine/ core/ league/ tune/ tablegen/ nnue-free-eval/ benches/
    scripts/ data/ docs/ .ci/ .github/, and is not itself inside a longer
    path or a URL (the character before it is not a letter, digit, '/', '.',
    '-', '_' or ':');
  - a top-level file named on its own: README.md, ARCHITECTURE.md,
    Cargo.toml, Cargo.lock.
What is stripped before the check:
  - trailing punctuation (. , ; : ) ] ' " `);
  - a ':LINE' or ':LINE-LINE' suffix and a '::item' suffix (a Rust item), in
    fact everything from the first ':';
  - '{a,b}' is expanded and each alternative checked.
What is skipped (false positives):
  - tokens with a placeholder: a word of capitals only, such as NAME, FILE,
    PATH, OLD, NEW, N, K (the known capitalised files README.md,
    ARCHITECTURE.md, Cargo.toml and Cargo.lock excepted), or with '$', '<'
    or '>' (shell variables, <placeholders>): these name files a user
    creates or chooses;
  - anything under target/ (build output);
  - a path glued to what comes before it, such as `01fa23f:tune/x.rs` (git's
    name for a file in a commit: the way to name a file that is gone) or a
    URL.
A token with '*' passes when the glob matches at least one path.
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TOP_DIRS = [
    "engine", "core", "league", "tune", "tablegen", "nnue-free-eval",
    "benches", "scripts", "data", "docs", ".ci", ".github",
]
TOP_FILES = ["README.md", "ARCHITECTURE.md", "Cargo.toml", "Cargo.lock"]

# A candidate token: path characters, possibly with {a,b} groups.
TOKEN = re.compile(r"[A-Za-z0-9_.\-/*:$<>]+(?:\{[^}\s]*\}[A-Za-z0-9_.\-/*:$<>]*)*")
# A character that, just before a token, makes it part of something longer.
GLUED = re.compile(r"[A-Za-z0-9/._:\-]")
PLACEHOLDER = re.compile(r"(?<![A-Za-z])[A-Z][A-Z0-9_]*(?![a-z])")
TRAILING = ".,;:)]'\"`"


def candidates(line):
    """Yield the repository paths named in one line of text."""
    for m in TOKEN.finditer(line):
        start = m.start()
        if start > 0 and GLUED.match(line[start - 1]):
            continue
        tok = m.group(0)
        is_dir_path = any(tok.startswith(d + "/") for d in TOP_DIRS)
        is_top_file = tok.split(":", 1)[0].rstrip(TRAILING) in TOP_FILES
        if not (is_dir_path or is_top_file):
            continue
        tok = tok.split(":", 1)[0].rstrip(TRAILING)
        if not tok:
            continue
        yield tok


def skipped(tok):
    if tok.startswith("target/"):
        return True
    if any(c in tok for c in "$<>"):
        return True
    rest = tok
    for name in TOP_FILES:
        rest = rest.replace(name, "")
    return PLACEHOLDER.search(rest) is not None


def expand_braces(tok):
    m = re.search(r"\{([^{}]*)\}", tok)
    if not m:
        return [tok]
    out = []
    for alt in m.group(1).split(","):
        out.extend(expand_braces(tok[: m.start()] + alt + tok[m.end():]))
    return out


def exists(path):
    full = os.path.join(ROOT, path)
    if "*" in path or "?" in path:
        return bool(glob.glob(full))
    return os.path.exists(full)


def doc_files(argv):
    if argv:
        return argv
    files = ["README.md", "ARCHITECTURE.md"]
    files += sorted(os.path.relpath(p, ROOT)
                    for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return files


def main(argv):
    missing = []
    checked = 0
    for doc in doc_files(argv):
        full = doc if os.path.isabs(doc) else os.path.join(ROOT, doc)
        if not os.path.exists(full):
            missing.append((doc, 0, doc))
            continue
        with open(full, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                for tok in candidates(line):
                    if skipped(tok):
                        continue
                    for path in expand_braces(tok):
                        checked += 1
                        if not exists(path):
                            missing.append((doc, lineno, path))
    for doc, lineno, path in missing:
        print(f"{doc}:{lineno}: {path} does not exist")
    if missing:
        print(f"{len(missing)} of {checked} paths named in the docs do not exist")
        return 1
    print(f"all {checked} paths named in the docs exist")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
