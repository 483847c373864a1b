"""Formatting for BENCHMARKS.md: tables, sizes, times, verdicts. Pure functions."""

import statistics

KIB = 1024


def md_table(header, rows, align=None):
    """A Markdown table; align: one of "l"/"r" per column (default: first l, rest r).
    A "|" inside a cell is escaped."""
    n = len(header)
    align = align or ("l" + "r" * (n - 1))
    cells = [[str(c).replace("|", "\\|") for c in r] for r in [header] + list(rows)]
    for r in cells:
        if len(r) != n:
            raise ValueError("row has %d cells, header %d: %r" % (len(r), n, r))
    widths = [max(3, max(len(r[i]) for r in cells)) for i in range(n)]

    def line(r):
        out = []
        for i, c in enumerate(r):
            out.append(c.ljust(widths[i]) if align[i] == "l" else c.rjust(widths[i]))
        return "| " + " | ".join(out) + " |"

    sep = "|" + "|".join(
        (":" + "-" * (widths[i] + 1)) if align[i] == "l" else ("-" * (widths[i] + 1) + ":")
        for i in range(n)
    ) + "|"
    return "\n".join([line(cells[0]), sep] + [line(r) for r in cells[1:]])


def kib(n):
    return "%.1f KiB" % (n / KIB)


def us_ms(us):
    """Microseconds as milliseconds, two decimals."""
    return "%.2f ms" % (us / 1000.0)


def stats(xs):
    """(count, mean, min, max) of a list of numbers ((0, 0.0, 0, 0) when empty)."""
    return (len(xs), sum(xs) / len(xs), min(xs), max(xs)) if xs else (0, 0.0, 0, 0)


def median(xs):
    return statistics.median(xs) if xs else 0


def verdict(ok):
    return "PASS" if ok else "MISS"


def section_bounds(lines, head):
    """(i, j): the section under heading `head` is lines[i:j] (its "## " heading first,
    up to the next "## " heading), or None when the lines have no such heading."""
    if head not in lines:
        return None
    i = lines.index(head)
    j = i + 1
    while j < len(lines) and not lines[j].startswith("## "):
        j += 1
    return i, j


def put_section(path, new, said=None):
    """Put a section (its lines, the first its "## " heading) into the Markdown file at
    `path`, in place of the one with the same heading (or at the file's end); `said`, a
    line such as the commit it was measured on, goes under its heading."""
    if said:
        new = new[:2] + [said, ""] + new[2:]
    with open(path, encoding="utf-8") as f:
        lines = f.read().rstrip("\n").split("\n")
    at = section_bounds(lines, new[0])
    if at:
        lines[at[0] : at[1]] = new
    else:
        lines += [""] + new
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")
