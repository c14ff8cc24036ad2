// Package job does the analysis commands' work from Go, the way the command line does it:
// load a bench and its episodes (or read a verdict dataset), score them under the policies
// asked for, stamp the outputs with their provenance, and write tables, figures, the
// viewer and the report directory. The command-line program only turns its flags into an
// Options and prints what a job returns; a Go caller gets the same outputs from the same
// calls.
//
// Tables (package results) and figures (package figures) are siblings: neither imports
// the other, and this package builds them side by side (tablesAndFigures) and writes
// them (WriteFigure, the report directory and its index.md). It also holds what turns a
// command's output flags into files: OutputKind (--format and the --out extension),
// WriteTables, the explanation text of `explain`, and the episode files of `convert`
// (WriteEpisodeFile) and `ingest` (IngestRunner, IngestTau, IngestInspect).
package job
