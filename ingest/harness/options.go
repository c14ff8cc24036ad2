package harness

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// Harness status modes: how the runners' failure labels become episode statuses.
const (
	// ModeAnalyst excludes each failure by its reason: wall timeouts are
	// infra_failure, harness- and evaluator-side failures harness_failure, the agent's own
	// failures stay completed.
	ModeAnalyst = "analyst"
	// ModeRunner reproduces the runner's own denominator: only what the runner removes
	// (batch evaluation_harness_failure, a DeepSeek harness_failed manifest, an
	// interactive timeout's success: null) is excluded; every other failure, and every
	// deferred batch case, is a completed episode the runner counted as unsuccessful, and
	// carries that verdict in official.successful.
	ModeRunner = "runner"
)

// Interactive repeat derivations.
const (
	RepeatFromOrder   = "order"   // runs of one case, in directory-name order, count up from Repeat
	RepeatFromDirname = "dirname" // the number the run directory's name ends with
)

// Options name the episodes that a harness output directory becomes: the
// directory itself does not say which configuration, repeat or condition it was.
type Options struct {
	Config    string // required, e.g. "claude-5/claude-code"
	Model     string // default: Config split at its last "/"
	Harness   string // default: Config split at its last "/"
	Repeat    int    // >= 0; interactive runs of one case count up from it (RepeatFromOrder)
	Condition string // default "main"
	Mode      string // ModeAnalyst (default) or ModeRunner
	// RepeatFrom: RepeatFromOrder (default) or RepeatFromDirname; interactive runs only.
	RepeatFrom string

	// Inspect logs only (ReadInspect): the configuration defaults to the log's
	// model/solver and the condition to the sample's, Repeat offsets the epochs.
	//
	// RecordFrom says where a sample's decision record is: RecordFromOutput (the
	// default), "store:KEY" or "tool:NAME" (ParseRecordFrom).
	RecordFrom string
	// Bench knows the cases: a sample id is a case id when the bench has that case, and
	// a case's info_tools tell its information calls from its consequential ones.
	Bench *casespec.Bench
	// Workers decode an .eval log's samples ahead in parallel (inspect.ReadOptions); the
	// episodes and their order do not depend on it.
	Workers int
}

// Check refuses options the readers cannot use: no configuration, a negative repeat, an
// unknown status mode or repeat derivation. ReadBatchDir and ReadInteractiveDir call it.
func (o Options) Check() error {
	if strings.TrimSpace(o.Config) == "" {
		return fmt.Errorf("a configuration name is required (--config)")
	}
	if p := ingest.ConfigProblem(o.Config); p != "" {
		return fmt.Errorf("--config: %s", p)
	}
	if o.RecordFrom != "" {
		return fmt.Errorf("a record source (--record-from) applies to Inspect logs only")
	}
	if o.Repeat < 0 {
		return fmt.Errorf("repeat must be >= 0, got %d", o.Repeat)
	}
	switch o.Mode {
	case "", ModeAnalyst, ModeRunner:
	default:
		return fmt.Errorf("unknown status mode %q (want %s or %s)", o.Mode, ModeAnalyst, ModeRunner)
	}
	switch o.RepeatFrom {
	case "", RepeatFromOrder, RepeatFromDirname:
	default:
		return fmt.Errorf("unknown repeat derivation %q (want %s or %s)", o.RepeatFrom, RepeatFromOrder, RepeatFromDirname)
	}
	return nil
}

func (o Options) runner() bool { return o.Mode == ModeRunner }

// model is the model name the episodes will carry.
func (o Options) model() string {
	if o.Model != "" {
		return o.Model
	}
	m, _ := ingest.SplitConfig(o.Config)
	return m
}

// newEpisode starts an episode with the options' identity.
func (o Options) newEpisode(caseID, source string) *ingest.Episode {
	e := &ingest.Episode{Config: o.Config, CaseID: caseID, Repeat: o.Repeat, Condition: o.Condition,
		Status: ingest.StatusCompleted, Source: source}
	if e.Condition == "" {
		e.Condition = ingest.DefaultCondition
	}
	e.Model, e.Harness = ingest.SplitConfig(o.Config)
	if o.Model != "" {
		e.Model = o.Model
	}
	if o.Harness != "" {
		e.Harness = o.Harness
	}
	e.RunID = ingest.DeriveRunID(e.Key())
	return e
}
