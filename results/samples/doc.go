// Package samples writes the `samples` output: the rows of Inspect AI logs, one per
// (log, sample, epoch, scorer) (ingest/inspect.Row), as CSV, JSONL or Parquet. The
// columns are fixed (Columns) but for the sample metadata: one metadata.KEY column per
// key of the sorted union over the rows.
package samples
