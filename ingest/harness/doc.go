// Package harness turns what an agent runner wrote (the SafeActBench batch and
// interactive runners' output folders, Inspect logs, τ-bench and τ²-bench results) into
// sabench.episode/v1 episodes, with problems and warnings.
//
// Every runner format is an Adapter:
//
//	type Adapter interface {
//		Name() string                                   // "batch", "interactive", …
//		Read(path string, opt Options) (*Result, error) // episodes, problems, warnings
//	}
//
// Options name the episodes (the output does not say which configuration, repeat or
// condition it was) and choose the status mode: ModeAnalyst excludes each failure by its
// reason, ModeRunner keeps the runner's own denominator. A Result holds the episodes, the
// Problems that stop them from being written (file, line, field; a problem is never an
// episode) and Warnings that do not; Result.Report is the one-paragraph account the CLI
// prints.
//
// Batch (ReadBatchDir) and Interactive (ReadInteractiveDir) read the SafeActBench
// runners' folders (BatchStatus and InteractiveStatus document the analyst mapping;
// RunnerMetrics recomputes the batch runner's summary). Every path is resolved and must
// stay inside the given folder.
//
// Inspect (ReadInspect) reads Inspect AI logs of a SafeActBench task, through the log
// reader of package ingest/inspect: one episode per sample (InspectStream streams them for
// the commands' --inspect; InspectStatus documents how errors and limits map), with the
// bench to know the cases and their information tools. Options.Config is optional there
// (the log's model/solver), and RecordFrom says where the decision record is.
//
// Tau (TauIn, to give the domain rather than read it from the file) reads a τ-bench or
// τ²-bench results file through package ingest/tau: one episode per trajectory, its trial
// the repeat and its reward the official verdict.
//
// # Adding an adapter
//
// Put the reader in one file named for its format (inspect.go, tau.go) in this package,
// with its tests and its fixtures under testdata/ (with their licence beside them):
//   - check opt with Options.Check, and refuse with an error any option its format cannot
//     honour (RepeatFrom applies to interactive runs only);
//   - start each episode with Options.newEpisode, which sets the configuration, model,
//     harness, repeat, condition, run id and status completed; then set its record,
//     status, failure class, official verdict, usage and source (ingest.Episode);
//   - report bad input with Result.problem (or append an ingest.Problem with its Line),
//     and what is read but not used with Result.warn; never skip silently;
//   - read files through ingest.ReadLimited or ingest.ReadJSONObject (size-limited, problems
//     that name the file and line), or a rootedReader when a folder's files are joined to
//     names found in the output;
//   - return episodes in a deterministic order (sorted, never by map iteration);
//   - add a value to Adapters (adapter{name, read} suffices), and its flag to the ingest
//     command.
package harness
