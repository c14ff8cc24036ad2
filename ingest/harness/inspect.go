package harness

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// The conventions of a SafeActBench task run through Inspect (docs/inspect-episodes.md).
const (
	// InspectScorer is the scorer whose score is the harness's own verdict (official):
	// value C or I (any value Inspect maps to 1 or 0), answer the raw status.
	InspectScorer = "safeactbench"
	// InspectSubmitTool is the ReAct agent's answer tool: its calls are the agent's
	// answer, not SafeActBench tool calls, and are left out of the events.
	InspectSubmitTool = "submit"
	// RecordFromOutput reads the decision record from the final completion.
	RecordFromOutput = "output"
)

// InspectHostFields are the fields of an INFO_CALL that the SafeActBench host records
// (not the model), in the order an event carries them: a tool reply that is a JSON
// object gives them to the event.
var InspectHostFields = []string{"evidence_delta_key", "tool_status", "tool_error", "resolved_arguments", "attempted_arguments_valid"}

// RecordFrom is where a sample's decision record is.
type RecordFrom struct {
	Kind string // "output", "store" or "tool"
	Name string // the store key or the tool name
}

// ParseRecordFrom reads "output", "store:KEY" or "tool:NAME"; "" is "output".
func ParseRecordFrom(s string) (RecordFrom, error) {
	if s == "" || s == RecordFromOutput {
		return RecordFrom{Kind: RecordFromOutput}, nil
	}
	kind, name, ok := strings.Cut(s, ":")
	if ok && name != "" && (kind == "store" || kind == "tool") {
		return RecordFrom{Kind: kind, Name: name}, nil
	}
	return RecordFrom{}, fmt.Errorf("record source %q: want output, store:KEY or tool:NAME", s)
}

func (r RecordFrom) String() string {
	if r.Kind == RecordFromOutput {
		return "output.completion"
	}
	if r.Kind == "store" {
		return "store." + r.Name
	}
	return "the last " + r.Name + " tool call"
}

// CheckInspect refuses the options Inspect logs cannot honour: a status mode other than
// analyst (Inspect has no runner denominator of its own to reproduce), a repeat
// derivation (the epoch is the repeat), a negative repeat, a bad record source.
// OpenInspect also needs Bench.
func (o Options) CheckInspect() error {
	switch {
	case o.Mode != "" && o.Mode != ModeAnalyst:
		return fmt.Errorf("Inspect logs have one status mode, %s (got %q)", ModeAnalyst, o.Mode)
	case o.RepeatFrom != "":
		return fmt.Errorf("a repeat derivation applies to interactive runs only: an Inspect sample's repeat is its epoch − 1")
	case o.Repeat < 0:
		return fmt.Errorf("repeat must be >= 0, got %d", o.Repeat)
	case o.Config != "" && ingest.ConfigProblem(o.Config) != "":
		return fmt.Errorf("--config: %s", ingest.ConfigProblem(o.Config))
	case o.Config == "" && strings.Contains(o.Harness, "/"):
		// The configuration model/harness would split at its last "/" into other parts.
		return fmt.Errorf("harness %q holds a \"/\": without --config it is the configuration's part after its last \"/\"; give --config too", o.Harness)
	}
	_, err := ParseRecordFrom(o.RecordFrom)
	return err
}

// InspectStatus maps how an Inspect sample ended to an episode status and failure
// class, the way the runner folders' failures are mapped: a sample error (the solver, a
// tool or the provider raised) is harness_failure; a time or working-time limit is the
// wall-clock timeout, infra_failure; an operator's interruption is censored; a message,
// token, cost, context or custom limit (or any other) is the agent's own budget running
// out, so the episode is completed and scored on the record it left. limit is "" when none was hit.
func InspectStatus(errored bool, limit string) (status string, failureClass any) {
	switch {
	case errored:
		return ingest.StatusHarnessFailure, "error"
	case limit == "":
		return ingest.StatusCompleted, nil
	case limit == "time" || limit == "working":
		return ingest.StatusInfraFailure, limit + "_limit"
	case limit == "operator":
		return ingest.StatusCensored, limit + "_limit"
	}
	return ingest.StatusCompleted, limit + "_limit"
}

// ReadInspect reads the Inspect logs at path (a log file, a folder of logs, or a glob
// pattern: inspect.Expand) into episodes (InspectStream). A log that is not a SafeActBench
// task is a warning saying why, as is what a folder search passed over; no episode at all
// is an error that says why for every log.
func ReadInspect(path string, opt Options) (*Result, error) {
	files, skipped, err := inspect.ExpandSkipped([]string{path})
	if err != nil {
		return nil, err
	}
	res, err := ReadInspectFiles(files, opt)
	if res != nil {
		for _, sk := range skipped {
			res.Warnings = append(res.Warnings, sk.Dir+": "+sk.Msg)
		}
	}
	return res, err
}

// ReadInspectFiles is ReadInspect over a list of log files.
func ReadInspectFiles(files []string, opt Options) (*Result, error) {
	s, err := OpenInspect(files, opt)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	res := &Result{}
	for {
		ep, err := s.Next()
		if err == io.EOF {
			break
		}
		var p ingest.Problem
		if errors.As(err, &p) {
			res.Problems = append(res.Problems, p)
			continue
		}
		if err != nil {
			return nil, err
		}
		res.Episodes = append(res.Episodes, ep)
	}
	for _, sk := range s.Skipped() {
		res.warn("%s", sk)
	}
	res.Warnings = append(res.Warnings, s.Warnings()...)
	return res, nil
}
