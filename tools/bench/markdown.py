"""Formatting for BENCHMARKS.md: tables, sizes, times, verdicts. Pure functions."""

import statistics

KIB = 1024


def md_table(header, rows, align=None):
    """A Markdown table, "|" in a cell escaped; align: "l"/"r" per column (default: l, then r)."""
    n = len(header)
    align = align or ("l" + "r" * (n - 1))
    cells = [[str(c).replace("|", "\\|") for c in r] for r in [header] + list(rows)]
    for r in cells:
        if len(r) != n:
            raise ValueError("row has %d cells, header %d: %r" % (len(r), n, r))
    widths = [max(3, max(len(r[i]) for r in cells)) for i in range(n)]

    def line(r):
        return "| " + " | ".join(c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(r, widths, align)) + " |"

    sep = "|" + "|".join(":" + "-" * (w + 1) if a == "l" else "-" * (w + 1) + ":" for w, a in zip(widths, align)) + "|"
    return "\n".join([line(cells[0]), sep] + [line(r) for r in cells[1:]])


def kib(n):
    return "%.1f KiB" % (n / KIB)


def us_ms(us):
    return "%.2f ms" % (us / 1000.0)


def median(xs):
    return statistics.median(xs) if xs else 0


def verdict(ok):
    return "PASS" if ok else "MISS"


def section_bounds(lines, head):
    """(i, j): lines[i:j] is the section under heading `head`, to the next "## "; or None."""
    if head not in lines:
        return None
    i = lines.index(head)
    j = i + 1
    while j < len(lines) and not lines[j].startswith("## "):
        j += 1
    return i, j


def put_section(path, new, said=None):
    """Put a section (its lines, the first its "## " heading) into the Markdown file at
    `path`, in place of the one with that heading or at the end; `said` under its heading."""
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


def put_table(path, said, table):
    """Put `table` (Markdown text) in place of the table that follows the line `said`."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().rstrip("\n").split("\n")
    k = lines.index(said) + 2  # the line, a blank line, the table
    end = k
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    lines[k:end] = table.split("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
