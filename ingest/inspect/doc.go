// Package inspect reads the evaluation logs that Inspect AI writes, streaming: the
// ".eval" archive (a ZIP holding header.json, one samples/<id>_epoch_<n>.json member per
// sample, summaries.json, reductions.json and a _journal/ folder) and the ".json" log (one
// JSON document whose "samples" array is streamed element by element).
//
// Open reads a log's header; Reader.Next delivers its samples one at a time, so memory is
// bounded by the largest sample, not by the log. An .eval log's samples come in (id,
// epoch) order, read member by member; a .json log's come in file order. When an .eval log
// holds no sample members, its summaries (summaries.json, else the journal's
// _journal/summaries/N.json in N order) stand in for them, marked FromSummary. When it has
// no header.json (a log still being written), _journal/start.json supplies the eval spec
// and plan and Status is "started".
//
// Scan reads many logs in parallel and delivers them in the order of its file list, each
// log's header before its samples, whatever the number of workers. Expand turns files,
// folders and glob patterns into that sorted list.
//
// OpenWith's ReadOptions.Workers decode an .eval log's members ahead of Next on several
// goroutines, still in order; Scan gives each log the workers its file count leaves.
//
// Every defect is an *Error naming the file, the archive member (or the JSON array
// element) and the field. Score values keep their JSON text; ValueToFloat maps them to
// numbers as Inspect's value_to_float does. Inspect's bare NaN, Infinity and -Infinity
// (not JSON) are read as null. Rows flattens a sample into one Row per scorer, the view
// the samples output and the statistics read.
package inspect
