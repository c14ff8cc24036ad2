// Package results is the tables of sabench-stats: the table model, the table registry,
// the builders that turn analysis results into tables, and the provenance tables are
// stamped with. It renders nothing (results/render does) and writes no file.
//
// [Registry] is the single ordered list of tables (id, title, what each needs, its build
// function); `tables`, `report` and the report index read it, so adding a table is one
// entry there and a builder in tables_*.go. Headers, decimals and notes live in the
// builders; results imports analysis, never the reverse.
//
// A [Table] is a list of typed columns and rows of typed cells: text, counts, numbers with
// fixed decimals, percentages, intervals (an estimate with a lower and upper bound, such as a
// paired difference with its 95% CI) and "n/N" count pairs, plus empty cells for values that
// are not applicable. [Table.Validate] checks that a table can be rendered;
// [Table.HighlightBest] compares values as the display forms print them (results/num).
//
// Provenance: [Stamp] attaches a [Meta] (tool version and revision, dataset, the SHA-256 of
// every input file, policies, interval settings, shared harness) to tables and, for
// synthetic data, puts the SYNTHETIC warning first among their notes. A table without rows
// says why in [Table.Empty] and its last note; the report index lists those reasons.
//
// Inspect AI logs: [BuildInspectCompare] and [BuildInspectLeaderboard] build the tables of
// `compare --inspect` and `leaderboard --inspect` from analysis' Inspect results; they are
// not in the registry (they read logs, not a scored release), and their provenance lists
// every log read ([InspectLog], [NewInspectMeta]).
package results
