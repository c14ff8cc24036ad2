// Package render writes tables (results.Table) in the five forms of sabench-stats, and
// table files: one file per table (WriteTableDir), one file of several tables
// (WriteTableFileWith), each written atomically, and a CSV file's sidecar (its tables'
// titles, columns, notes and provenance).
//
// Every table (results.Table) renders as terminal text (tablewriter v1), GitHub Markdown,
// LaTeX (booktabs), CSV and JSON; all five are deterministic and byte-stable.
//
// Two families of output, on purpose:
//   - Display forms (text, Markdown, LaTeX) round to the column's decimals, show percentages
//     in points, print intervals as "63.4 [59.8, 66.9]", signed columns with an explicit sign
//     ("+4.4 [+1.1, +7.9]"; a value that rounds to zero is "0.0", never "-0.0"), and empty
//     cells as an em dash ("---" in LaTeX).
//   - Data forms (CSV, JSON) keep full precision as Python's float repr (percentages are in
//     points, so they match the displayed numbers), split an interval into three fields
//     x, x_lo, x_hi and a count pair into x and x_total, and write empty values as ""
//     (CSV) or null (JSON).
//
// Percent columns take proportions (0.634) and show points (63.4). A non-finite number (NaN
// from an empty denominator, ±Inf) is an empty value, since neither JSON nor a reader of a
// table can use it.
//
// Per form:
//   - Text: a caption line "ID: Title", the box-drawn table, one line per note. A rule
//     separates row groups. Character widths are measured with East Asian ambiguous
//     characters narrow whatever the locale, so the bytes do not depend on the environment.
//     Highlighted cells are not marked.
//   - Markdown: a bold caption paragraph, a padded pipe table with alignment markers, each
//     note as a paragraph. GitHub tables have no row rules, so groups are not shown; bold
//     cells are **bold**. Text is escaped for | * _ ` ~ < > $ \ and inline links.
//   - LaTeX: a table float with \caption (the title), \label{tab:ID}, a booktabs tabular
//     with \midrule between groups, \textbf for highlighted cells and the notes in
//     \footnotesize, left-aligned under the table. Text is escaped (& % $ # _ { } ~ ^ \ < > |);
//     Greek letters and a few symbols common in headers (Δ, τ, ρ, κ, ±, ≤, −) become math;
//     other non-ASCII letters pass through as UTF-8 (the default input encoding of LaTeX
//     since 2018); names with characters pdflatex cannot set (CJK, Cyrillic) pass through
//     too and are flagged by [LaTeXLacks]. Layout ([LaTeXOptions], the CLI's --latex-width and --latex-env): by
//     default a table is fitted to \columnwidth by a small macro in the output, which TeX
//     runs: the largest of normal, \small and \footnotesize type that fits, else
//     \footnotesize scaled down to at most 7/8 (7 pt type); before that, headers wider than
//     their values wrap (and, as a last resort, turn 90°); a table too wide for a
//     two-column article's column even so is a table*; one longer than a page is a
//     longtable. Columns align on the decimal point without siunitx (see latexCol). The
//     first line names the packages it needs: booktabs, graphicx, longtable.
//   - CSV: encoding/csv (RFC 4180 quoting, "\n" line ends), a header of field names, a
//     leading "group" field when rows are grouped; a text field a spreadsheet would run as
//     a formula gets a leading apostrophe (csvText). No title or notes: a stamped table's
//     title, columns, notes and provenance go to a sidecar, T2.csv.meta.json (Sidecar).
//   - JSON: {"table", "title", "columns", "rows", "notes"} in that order, then "meta" for a
//     stamped table; each column lists its key, header, kind, decimals and data fields; each
//     row is an object keyed by field (with "group" first when rows are grouped).
package render
