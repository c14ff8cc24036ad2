// Package results holds the table model of sabench-stats and its five renderers.
//
// A [Table] is a list of typed columns and rows of typed cells: text, counts, numbers with
// fixed decimals, percentages, intervals (an estimate with a lower and upper bound, such as a
// paired difference with its 95% CI) and "n/N" count pairs, plus empty cells for values that
// are not applicable. Every table renders as terminal text (tablewriter v1), GitHub Markdown,
// LaTeX (booktabs), CSV and JSON; all five are deterministic and byte-stable.
//
// Two families of output, on purpose:
//   - Display forms (text, Markdown, LaTeX) round to the column's decimals, show percentages
//     in points, print intervals as "63.4 [59.8, 66.9]", signed columns with an explicit sign
//     ("+4.4 [+1.1, +7.9]"), and empty cells as an em dash.
//   - Data forms (CSV, JSON) keep full precision (percentages are still in points, so they
//     match the displayed numbers), split an interval into three fields x, x_lo, x_hi and a
//     count pair into x and x_total, and write empty cells as "" (CSV) or null (JSON).
//
// Percent columns take proportions (0.634) and show points (63.4). A non-finite number (NaN
// from an empty denominator, ±Inf) is treated as an empty cell, since neither JSON nor a
// reader of a table can use it.
//
// [WriteFileAtomic] writes any output file through a temporary file in the same directory,
// fsync and rename, so an error never leaves a partial file; the figures and the report use it.
package results
