#!/usr/bin/python3
"""Certified path report of `ompl_ccd validate --report` and `ompl_ccd plan --report`.

Reads the JSON lines the command wrote (a {"report": {...}} header, one line per edge with its
"clearance" samples, then the {"summary": {...}} line) and draws, with matplotlib, the clearance
profile along the path: FCL's exact distance at the samples, the certified lower bound between
them, the edges marked, the colliding edges shaded red at their time of contact. Writes:
  .png / .svg  the plot, with a table of the edges that are not free under it;
  .html        a page with the summary, the plot (inline SVG) and a table of every edge.

Usage: path_report.py --input REPORT.jsonl --output report.{html,svg,png}
Exit codes: 0 written; 2 bad input (message on stderr); 3 matplotlib missing.
"""

import argparse
import html
import io
import json
import math
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: searchable, small
    import matplotlib.pyplot as plt
except ImportError:
    sys.stderr.write("path_report.py: matplotlib is missing; install Debian's python3-matplotlib "
                     "(scripts/install-deps does).\n")
    sys.exit(3)

VERDICT_COLOURS = {"free": "#2e7d32", "collision": "#c62828", "undecided": "#ef6c00"}
MAX_LABELLED_CONTACTS = 8
LABEL_LEVELS = 4
MAX_TABLE_ROWS = 12


def fail(message):
    sys.stderr.write("path_report.py: " + message + "\n")
    sys.exit(2)


def read_report(path):
    """The header, the edge records (in edge order) and the summary of a JSON-lines report."""
    header, edges, summary = {}, [], None
    try:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as error:
                    fail("%s line %d is not JSON (%s)" % (path, number, error))
                if "report" in record:
                    header = record["report"]
                elif "summary" in record:
                    summary = record["summary"]
                elif "edge" in record:
                    edges.append(record)
    except OSError as error:
        fail("cannot read %s (%s)" % (path, error.strerror))
    if not edges:
        fail("%s holds no edge line" % path)
    return header, edges, summary


def contact_text(edge):
    witness = edge.get("witness")
    if not witness:
        return ""
    return "%s / %s" % (witness["link"], witness["other"])


def bracket_text(edge):
    if edge["verdict"] == "free":
        return "-"
    return "[%.4f, %.4f]" % (edge["toc_lower"], edge["toc_upper"])


def proved_clearance(header, summary):
    """The clearance a certifier proved on every edge it called free (the header's "clearance"; none
    for discrete, which proves nothing)."""
    validator = header.get("validator") or (summary or {}).get("validator")
    clearance = header.get("clearance")
    return clearance if clearance and validator != "discrete" else None


def apply_proof(edges, clearance):
    """On an edge certified free the distance stays above `clearance` (the certifier's proof). The
    profile's own lower bound (the distance at the samples less the most the motion bound lets it
    shrink between them) is looser and may dip below it: raise it to the proved clearance there, so
    that the plot and the tables never show less than the verdict proves. Marks such edges."""
    if clearance is None:
        return
    for edge in edges:
        if edge["verdict"] != "free":
            continue
        for sample in edge.get("clearance") or []:
            if sample["lower"] is not None and sample["lower"] < clearance:
                sample["lower"] = clearance
                edge["raised_to_clearance"] = True


def least(edge, key):
    values = [s[key] for s in edge.get("clearance") or [] if s[key] is not None]
    return min(values) if values else None


def metres(value):
    return "-" if value is None else "%.4f" % value


def title_of(header, summary, edges):
    counts = {v: sum(1 for e in edges if e["verdict"] == v) for v in VERDICT_COLOURS}
    what = header.get("title", "ompl_ccd path report")
    checked_by = header.get("validator") or (summary or {}).get("validator", "?")
    line = "%s - checked by %s: %d edges, %d free, %d in collision, %d undecided" % (
        what, checked_by, len(edges), counts["free"], counts["collision"], counts["undecided"])
    if checked_by == "discrete":
        line += " (sampled, no guarantee)"
    return line


def draw_profile(ax, edges, first_contact, clearance=None):
    """Clearance profile against the path parameter s = edge index + t. A collision's X is its
    first contact in first-contact mode; in decide mode only a configuration in contact (the first
    contact lies in the TOC bracket, before it or at it)."""
    top = 0.0
    exact_s, exact_d = [], []
    labels = []  # (x, level) of the contact labels drawn
    for index, edge in enumerate(edges):
        samples = edge.get("clearance") or []
        s = [index + sample["t"] for sample in samples]
        # null: infinite (nothing that could be hit): not drawn
        lower = [float("nan") if sample["lower"] is None else sample["lower"] for sample in samples]
        for x, sample in zip(s, samples):
            if sample["distance"] is not None:
                exact_s.append(x)
                exact_d.append(sample["distance"])
                top = max(top, sample["distance"])
        if len(samples) > 1:
            # lower[k] holds from sample k to sample k + 1: a staircase (the last sample's own
            # distance, at t = 1, would only be a spike on the edge boundary)
            lower[-1] = lower[-2]
            ax.fill_between(s, 0, lower, step="post", color="#1565c0", alpha=0.25, linewidth=0)
            ax.step(s, lower, where="post", color="#1565c0", linewidth=1.2,
                    label="certified lower bound" if index == 0 else None)
        exact_s.append(float("nan"))  # no line across edge boundaries
        exact_d.append(float("nan"))
        verdict = edge["verdict"]
        if verdict != "free":
            colour = VERDICT_COLOURS.get(verdict, "grey")
            ax.axvspan(index, index + 1, color=colour, alpha=0.12, linewidth=0)
        if verdict == "collision":
            contact = index + edge["toc_upper"]
            ax.axvline(contact, color=VERDICT_COLOURS["collision"], linewidth=2)
            ax.plot([contact], [0], marker="X", markersize=12, color=VERDICT_COLOURS["collision"],
                    clip_on=False, zorder=5)
            # a label at the lowest level free of the labels near it; none when all are taken (the
            # table under the plot lists every contact)
            near = {level for x, level in labels if abs(x - contact) < 0.16 * len(edges)}
            free = [level for level in range(LABEL_LEVELS) if level not in near]
            if free and len(labels) < MAX_LABELLED_CONTACTS:
                labels.append((contact, free[0]))
                right = contact > 0.75 * len(edges)  # near the right end: the label to the left
                ax.annotate("edge %d: %s at t=%.3f\n%s" % (edge["edge"], "first contact" if first_contact else "in contact",
                                                             edge["toc_upper"], contact_text(edge)),
                            xy=(contact, 0), xytext=(-8 if right else 8, 24 + 34 * free[0]), textcoords="offset points",
                            ha="right" if right else "left", color=VERDICT_COLOURS["collision"], fontsize=9,
                            fontweight="bold", zorder=6,
                            bbox=dict(boxstyle="round,pad=0.2", facecolor="white",
                                      edgecolor=VERDICT_COLOURS["collision"], alpha=0.9))
    ax.plot(exact_s, exact_d, color="black", linewidth=1, marker=".", markersize=3,
            label="exact distance (FCL, at the samples)")
    if clearance is not None:
        top = max(top, clearance)
        ax.axhline(clearance, color="#2e7d32", linestyle="--", linewidth=1.2,
                   label="required clearance %g m (proved on the free edges)" % clearance)
    for boundary in range(len(edges) + 1):
        ax.axvline(boundary, color="grey", linestyle=":", linewidth=0.8)
    ax.set_xlim(0, len(edges))
    ax.set_ylim(0, top * 1.15 if top > 0 else 1.0)
    ax.set_xlabel("path parameter (edge index + t along the edge)")
    ax.set_ylabel("distance to the nearest obstacle or link (m)")
    step = max(1, int(math.ceil(len(edges) / 30.0)))
    shown = list(range(0, len(edges), step))
    edge_axis = ax.secondary_xaxis("top")
    edge_axis.set_xticks([i + 0.5 for i in shown], ["e%d" % edges[i]["edge"] for i in shown], fontsize=8)
    for tick, i in zip(edge_axis.get_xticklabels(), shown):
        tick.set_color(VERDICT_COLOURS.get(edges[i]["verdict"], "black"))
    handles, labels = ax.get_legend_handles_labels()
    # the shading of the verdicts the path has (a path certified free needs no such entry)
    shaded = {"collision": "edge in collision (line, X: first contact)" if first_contact else
              "edge in collision (line, X: a configuration in contact)", "undecided": "edge undecided"}
    for verdict, text in shaded.items():
        if any(edge["verdict"] == verdict for edge in edges):
            handles.append(plt.Rectangle((0, 0), 1, 1, color=VERDICT_COLOURS[verdict], alpha=0.3))
            labels.append(text)
    ax.legend(handles, labels, loc="upper right", fontsize=8, framealpha=0.9)


def table_rows(edges):
    return [["e%d" % e["edge"], e["verdict"], bracket_text(e), contact_text(e) or "-",
             metres(least(e, "lower")), metres(least(e, "distance"))] for e in edges]


TABLE_COLUMNS = ["edge", "verdict", "TOC bracket", "contact (link / other)", "certified min (m)",
                 "sampled min (m)"]


def figure(header, summary, edges, with_table):
    """The plot, and (for .png/.svg) a table of the edges that are not free under it."""
    listed = [e for e in edges if e["verdict"] != "free"] if len(edges) > MAX_TABLE_ROWS else edges
    more = max(0, len(listed) - MAX_TABLE_ROWS)
    listed = listed[:MAX_TABLE_ROWS]
    rows = len(listed) + (1 if more else 0) if with_table else 0
    fig = plt.figure(figsize=(12, 5.5 + 0.28 * (rows + 1) if rows else 5.5))
    grid = fig.add_gridspec(2 if rows else 1, 1, height_ratios=[5.5, 0.28 * (rows + 1)] if rows else [1])
    ax = fig.add_subplot(grid[0])
    draw_profile(ax, edges, header.get("mode") == "first-contact", proved_clearance(header, summary))
    ax.set_title(title_of(header, summary, edges), fontsize=11, pad=22)
    if rows:
        table_ax = fig.add_subplot(grid[1])
        table_ax.axis("off")
        cells = table_rows(listed)
        if more:
            cells.append(["...", "%d more not free" % more, "", "", "", ""])
        table = table_ax.table(cellText=cells, colLabels=TABLE_COLUMNS, loc="upper center", cellLoc="left")
        table.auto_set_font_size(False)
        table.set_fontsize(8)
        for (row, column), cell in table.get_celld().items():
            if row > 0 and column == 1:
                cell.get_text().set_color(VERDICT_COLOURS.get(cells[row - 1][1], "black"))
    fig.tight_layout()
    return fig


def html_page(header, summary, edges, svg):
    def row(cells, tag="td"):
        return "<tr>" + "".join("<%s>%s</%s>" % (tag, c, tag) for c in cells) + "</tr>\n"

    out = ["<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>%s</title>\n" %
           html.escape(header.get("title", "ompl_ccd path report")),
           "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:1em 0}"
           "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left;font-size:90%}"
           ".free{color:#2e7d32}.collision{color:#c62828;font-weight:bold}.undecided{color:#ef6c00}"
           "</style></head><body>\n",
           "<h1>%s</h1>\n" % html.escape(title_of(header, summary, edges))]
    facts = [(k, header[k]) for k in ("robot", "scene", "validator", "mode", "clearance", "planner", "status")
             if k in header]
    if summary:
        facts += [(k, summary[k]) for k in ("edges", "free", "collision", "undecided", "total_time_us",
                                             "median_time_us") if k in summary]
    out.append("<table>" + "".join(row([html.escape(str(k)), html.escape(str(v))]) for k, v in facts) + "</table>\n")
    out.append(svg[svg.index("<svg"):])
    out.append("<h2>Edges</h2>\n<table>\n")
    out.append(row(["edge", "verdict", "TOC bracket", "contact time", "link", "other", "point on link (m)",
                    "point on other (m)", "certified min (m)", "sampled min (m)", "time (us)"], "th"))
    for edge in edges:
        witness = edge.get("witness") or {}
        point = lambda p: "-" if p is None else "(%.4f, %.4f, %.4f)" % tuple(p)
        cells = [str(edge["edge"]), "<span class='%s'>%s</span>" % (edge["verdict"], edge["verdict"]),
                 bracket_text(edge), "%.6f" % witness["time"] if witness else "-",
                 html.escape(witness.get("link", "-")), html.escape(witness.get("other", "-")),
                 point(witness.get("point_a")), point(witness.get("point_b")),
                 metres(least(edge, "lower")), metres(least(edge, "distance")),
                 "%.1f" % edge["time_us"] if "time_us" in edge else "-"]
        out.append(row(cells))
    out.append("</table>\n<p>Certified lower bound: FCL's exact distance at the samples less the most the "
               "robot's motion bound lets it shrink between them ([Zhang2007] Eq. (4), (10)); on an edge "
               "certified free it is at least the required clearance, which the certifier proved (its own "
               "bound is tighter than the profile's, which may dip below the clearance between samples). "
               "TOC bracket: the first time of contact lies in it (t in [0, 1] along the edge).</p>\n"
               "</body></html>\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="JSON lines of the report")
    parser.add_argument("--output", required=True, help="report.html, report.svg or report.png")
    args = parser.parse_args()
    extension = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if extension not in ("html", "svg", "png"):
        fail("--output '%s' must end in .html, .svg or .png" % args.output)
    header, edges, summary = read_report(args.input)
    apply_proof(edges, proved_clearance(header, summary))
    fig = figure(header, summary, edges, with_table=extension != "html")
    try:
        if extension == "html":
            svg = io.StringIO()
            fig.savefig(svg, format="svg")
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(html_page(header, summary, edges, svg.getvalue()))
        else:
            fig.savefig(args.output, dpi=130)
    except OSError as error:
        fail("cannot write %s (%s)" % (args.output, error.strerror))
    return 0


if __name__ == "__main__":
    sys.exit(main())
