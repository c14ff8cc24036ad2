// Package verdicts is the per-episode verdict output of `score` and the verdict dataset:
// the one column list (Columns) with each column's type and meaning, the writers for JSONL
// (optionally with each verdict's detail), CSV and Parquet, the Hive-partitioned Parquet
// dataset that `score` writes and `--verdicts` reads back (WriteDataset, ReadDataset,
// Scored), the refusal of flags that would re-score a dataset (RefuseRescoring), the
// harness-versus-oracle disagreements, the score summary and the data dictionary that
// docs/verdicts.md is generated from.
//
// It imports no other package under results/, so tables, the viewer and the jobs can all
// use it.
package verdicts
