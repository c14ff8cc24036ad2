// Package ingest reads SafeActBench agent episodes from every supported source into one
// model, streaming, and reports every problem as a value that names the file, the line (or
// row) and the field. The case specifications the episodes are scored against are package
// ingest/casespec's; reading and validation see a bench through CaseIndex (is a case id
// known, its protocol, its domain), which *casespec.Bench implements.
//
// # Episodes
//
// OpenEpisodes and OpenRuns stream sabench.episode/v1 episodes from JSONL (plain, gzip or
// zstd, recognised by content) and Parquet. Choices where the format is silent:
//   - condition defaults to "main" and status to "completed";
//   - a missing run_id is the key joined with "|", a "|" or backslash within a part
//     escaped with a backslash (DeriveRunID);
//   - model and harness default to the config split at its last "/" (SplitConfig), so
//     "openai/gpt-6/codex" is model "openai/gpt-6", harness "codex";
//   - failure_class must be a string or null; usage values must be numbers or null;
//   - schema is required, and record for completed episodes; a producer's own fields go
//     under "extra" (Episode.Extra, the Parquet "extra" column), so JSONL → Parquet →
//     JSONL is lossless; any other top-level field is a problem. ReadOptions.Lenient
//     lets these three defects through, marked in Episode.Defect;
//   - strings must be valid UTF-8, and a configuration must not have white space around it
//     or an empty model or harness: refused, never repaired;
//   - blank lines are skipped; a line over ReadOptions.MaxLineBytes is a problem and ends
//     its file, as is a Parquet JSON cell over the same limit; non-regular files and files
//     over ReadOptions.MaxFileBytes are refused before reading;
//   - a duplicate key or run_id is a problem unless Dedupe is "first" or "last", and every
//     dropped duplicate is listed by Reported; "last" reads the files twice.
//
// A bad line or row is a recoverable Problem: Next may be called again. Parquet files
// from other writers are read leniently (any string, dictionary or integer column type,
// missing optional columns, a pandas index column); the events column is derived from
// record.events on writing and ignored on reading.
//
// # Harness outputs
//
// Package ingest/harness turns the runners' outputs into episodes. For it, for package
// ingest/casespec and for other readers of JSON files, ingest exports ReadLimited and ReadJSONObject (size-limited reads
// whose errors are Problems naming the file and line), SyntaxAt, TypeName, JSONNumber,
// Decompress, IsBlankLine and WithinRoot (a path, every link on the way resolved, must
// stay inside a folder).
//
// # Validation
//
// Validate lists every problem of a set of episode files, including records that do not
// fit their protocol's schema (CheckRecord: the release's own JSON Schemas, embedded from
// schemas/, checked by ingest/jsonschema under RecordDialect, the subset of JSON Schema
// they use; the oracle checks V3 action arguments with the same walker in its own dialect).
package ingest
