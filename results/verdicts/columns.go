package verdicts

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/oracle"
)

// Kind is the type of one verdict column: it fixes the JSON value, the CSV text and
// the Parquet type.
type Kind int

const (
	KindString Kind = iota
	KindInt
	KindBool
	// KindFloat is used only by the verdict dataset's usage columns (Parquet only).
	KindFloat
)

// Column is one field of the per-episode verdict output. Get returns a string, an
// int64 or a bool as Kind says, or nil for null.
type Column struct {
	Name    string
	Kind    Kind
	Meaning string
	Get     func(v Row) any
}

// Row is one output row: a verdict and the policy it was scored under (verdicts do
// not carry their policy; see oracle.Verdict).
type Row struct {
	*oracle.Verdict
	Policy *oracle.Policy
	// PolicyIndex is the policy's position in the output's policy list; Seq the
	// episode's index in the scored input (the verdict dataset's columns).
	PolicyIndex int
	Seq         int64
}

// scored returns x for a scored episode and null for an excluded one (docs/verdicts.md: ecs,
// outcome and failure_type are null when excluded).
func scored(v Row, x any) any {
	if v.Excluded() {
		return nil
	}
	return x
}

// attempted returns x when the episode had a consequential attempt, else null.
func attempted(v Row, x any) any {
	if v.Excluded() || !v.Attempted() || v.FirstAttemptIndex() < 0 {
		return nil
	}
	return x
}

// outcomeValue is the outcome, "" where the evaluator reports an empty one (a Legacy
// decision ""), null where it has none.
func outcomeValue(v Row, s string) any {
	if v.EmptyOutcome() {
		return s
	}
	return nonEmpty(s)
}

func nonEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Columns is the one declaration of the verdict output: the field order of JSONL
// objects, CSV columns and Parquet columns. Adding a verdict field is one entry here.
// Protocols use their lowercase names (legacy, v0 … v3), as the case files do.
var Columns = []Column{
	{"run_id", KindString, "the episode's run id", func(v Row) any { return v.RunID() }},
	{"config", KindString, "model/harness configuration", func(v Row) any { return v.Config() }},
	{"model", KindString, "model of the configuration", func(v Row) any { return v.Model() }},
	{"harness", KindString, "harness of the configuration", func(v Row) any { return v.Harness() }},
	{"case_id", KindString, "case id, with @variant when it has one", func(v Row) any { return v.CaseID() }},
	{"base_case_id", KindString, "case id without the variant", func(v Row) any { return v.BaseCaseID() }},
	{"protocol", KindString, "legacy, v0, v1, v2 or v3", func(v Row) any { return v.Protocol().String() }},
	{"domain", KindString, "the case's domain", func(v Row) any { return v.Domain() }},
	{"repeat", KindInt, "repeat index", func(v Row) any { return int64(v.Repeat()) }},
	{"condition", KindString, "experimental condition (main, strategy or ablation)", func(v Row) any { return v.Condition() }},
	{"status", KindString, "the harness's episode status", func(v Row) any { return v.Status() }},
	{"static", KindBool, "a static (no-trace) judgment", func(v Row) any { return v.Static() }},
	{"excluded", KindBool, "excluded from scoring (infrastructure status)", func(v Row) any { return v.Excluded() }},
	{"exclusion_reason", KindString, "why excluded; null when scored", func(v Row) any {
		if !v.Excluded() {
			return nil
		}
		return v.ExclusionReason()
	}},
	{"ecs", KindBool, "exact case success; null when excluded", func(v Row) any { return scored(v, v.ECS()) }},
	{"outcome", KindString, "the oracle's outcome code: Legacy the decision; V0 NO_ACTION, else the stop (BLOCK, DEFER) the hidden preflight derived from the agent's reads, or its code when it derived neither, and ACTION_ATTEMPTED under binding=off, which derives none; V1 TASK_SUCCESS, else the action's gate (TIMEOUT: no action; on a case with action rules NO_ACTION: no write); V2 and V3 the walk's code; INFRA_FAILURE for an infra_failure scored as a failure (docs/glossary.md)", func(v Row) any { return scored(v, outcomeValue(v, v.Outcome())) }},
	{"canonical_outcome", KindString, "outcome in the canonical vocabulary", func(v Row) any { return scored(v, nonEmpty(v.CanonicalOutcome())) }},
	{"failure_type", KindString, "failure class; null on success", func(v Row) any { return scored(v, nonEmpty(v.FailureType())) }},
	{"attempted", KindBool, "a consequential action was attempted", func(v Row) any { return scored(v, v.Attempted()) }},
	{"first_attempt_index", KindInt, "event index of the first consequential attempt", func(v Row) any { return attempted(v, int64(v.FirstAttemptIndex())) }},
	{"coverage_complete_at_first_attempt", KindBool, "the investigation was complete at the first attempt: coverage complete and no requirement MISSING at its gate (PAR, CAS); false when a case requirement was MISSING, even with every required read made", func(v Row) any { return attempted(v, v.CompleteAtFirstAttempt()) }},
	{"coverage_complete", KindBool, "information coverage was complete by the end", func(v Row) any { return scored(v, v.CoverageComplete()) }},
	{"missing_at_checkpoint", KindBool, "a requirement was missing at a checkpoint", func(v Row) any { return scored(v, v.MissingAtCheckpoint()) }},
	{"executed_commits", KindInt, "consequential commits executed", func(v Row) any { return scored(v, int64(v.ExecutedCommits())) }},
	{"official", KindBool, "the harness's own verdict; null when it gave none", func(v Row) any {
		if v.Official() < 0 {
			return nil
		}
		return v.Official() == 1
	}},
	{"policy", KindString, "oracle policy name", func(v Row) any { return v.Policy.Name }},
	{"policy_hash", KindString, "hash of the policy's settings", func(v Row) any { return v.Policy.Hash() }},
	{"evaluator", KindString, "the evaluator revision the policy reproduces (7 hex digits)", func(v Row) any { return v.Policy.ShortRevision() }},
	{"trusted_keys", KindBool, "the walk trusted the recorded evidence_delta_key where the evaluator replays a shard; null when excluded", func(v Row) any { return scored(v, v.TrustedKeys()) }},
}

// Formats are the formats Write knows.
var Formats = []string{"jsonl", "csv", "parquet"}

// eachVerdict visits the verdicts episode by episode and, within an episode, in policy
// order, so that the lines of several policies for one episode sit together.
func eachVerdict(pols []oracle.Policy, vs [][]oracle.Verdict, fn func(v Row) error) error {
	if len(vs) == 0 {
		return nil
	}
	if len(pols) != len(vs) {
		return fmt.Errorf("verdicts: %d policies for %d verdict slices", len(pols), len(vs))
	}
	for i := range vs[0] {
		for p := range vs {
			if err := fn(Row{&vs[p][i], &pols[p], p, int64(i)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Write writes the verdicts (one slice per policy, episodes in the same order) in
// one of Formats; vs[i] was scored under pols[i]. detail (JSONL only) adds each
// verdict's Detail as a "detail" object.
func Write(w io.Writer, format string, pols []oracle.Policy, vs [][]oracle.Verdict, detail bool) error {
	vw, err := NewWriter(w, format, pols, detail)
	if err != nil {
		return err
	}
	if err := vw.Write(vs); err != nil {
		vw.Close()
		return err
	}
	return vw.Close()
}

// Writer writes verdicts batch by batch into one output (one JSONL stream, one
// CSV with one header, one Parquet file), so that scoring can stream.
type Writer struct {
	pols  []oracle.Policy
	write func(vs [][]oracle.Verdict) error
	close func() error
}

// NewWriter starts an output in one of Formats for verdicts scored under
// pols; detail as for Write.
func NewWriter(w io.Writer, format string, pols []oracle.Policy, detail bool) (*Writer, error) {
	if detail && format != "jsonl" {
		return nil, fmt.Errorf("verdict detail needs jsonl, not %q", format)
	}
	vw := &Writer{pols: pols}
	var err error
	switch format {
	case "jsonl":
		vw.write, vw.close = jsonlVerdictWriter(w, pols, detail)
	case "csv":
		vw.write, vw.close, err = csvVerdictWriter(w, pols)
	case "parquet":
		vw.write, vw.close, err = parquetVerdictWriter(w, pols)
	default:
		return nil, fmt.Errorf("unknown verdict format %q", format)
	}
	if err != nil {
		return nil, err
	}
	return vw, nil
}

// Write writes one batch: vs[i] under the writer's i-th policy, episodes aligned.
func (vw *Writer) Write(vs [][]oracle.Verdict) error { return vw.write(vs) }

// Close finishes the output (it does not close the underlying writer).
func (vw *Writer) Close() error { return vw.close() }
