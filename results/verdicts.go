package results

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/oracle"
)

// VerdictKind is the type of one verdict column: it fixes the JSON value, the CSV text and
// the Parquet type.
type VerdictKind int

const (
	KindString VerdictKind = iota
	KindInt
	KindBool
)

// VerdictColumn is one field of the per-episode verdict output. Get returns a string, an
// int64 or a bool as Kind says, or nil for null.
type VerdictColumn struct {
	Name    string
	Kind    VerdictKind
	Meaning string
	Get     func(v *oracle.Verdict) any
}

// scored returns x for a scored episode and null for an excluded one (DESIGN §8: ecs,
// outcome and failure_type are null when excluded).
func scored(v *oracle.Verdict, x any) any {
	if v.Excluded {
		return nil
	}
	return x
}

// attempted returns x when the episode had a consequential attempt, else null.
func attempted(v *oracle.Verdict, x any) any {
	if v.Excluded || !v.Attempted || v.FirstAttemptIndex < 0 {
		return nil
	}
	return x
}

// outcomeValue is the outcome, "" where the evaluator reports an empty one (a Legacy
// decision ""), null where it has none.
func outcomeValue(v *oracle.Verdict, s string) any {
	if v.EmptyOutcome {
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

// VerdictColumns is the one declaration of the verdict output: the field order of JSONL
// objects, CSV columns and Parquet columns. Adding a verdict field is one entry here.
// Protocols use their lowercase names (legacy, v0 … v3), as the case files do.
var VerdictColumns = []VerdictColumn{
	{"run_id", KindString, "the episode's run id", func(v *oracle.Verdict) any { return v.RunID }},
	{"config", KindString, "model/harness configuration", func(v *oracle.Verdict) any { return v.Config }},
	{"model", KindString, "model of the configuration", func(v *oracle.Verdict) any { return v.Model }},
	{"harness", KindString, "harness of the configuration", func(v *oracle.Verdict) any { return v.Harness }},
	{"case_id", KindString, "case id, with @variant when it has one", func(v *oracle.Verdict) any { return v.CaseID }},
	{"base_case_id", KindString, "case id without the variant", func(v *oracle.Verdict) any { return v.BaseCaseID }},
	{"protocol", KindString, "legacy, v0, v1, v2 or v3", func(v *oracle.Verdict) any { return v.Protocol.String() }},
	{"domain", KindString, "the case's domain", func(v *oracle.Verdict) any { return v.Domain }},
	{"repeat", KindInt, "repeat index", func(v *oracle.Verdict) any { return int64(v.Repeat) }},
	{"condition", KindString, "experimental condition (main, strategy or ablation)", func(v *oracle.Verdict) any { return v.Condition }},
	{"status", KindString, "the harness's episode status", func(v *oracle.Verdict) any { return v.Status }},
	{"static", KindBool, "a static (no-trace) judgment", func(v *oracle.Verdict) any { return v.Static }},
	{"excluded", KindBool, "excluded from scoring (infrastructure status)", func(v *oracle.Verdict) any { return v.Excluded }},
	{"exclusion_reason", KindString, "why excluded; null when scored", func(v *oracle.Verdict) any {
		if !v.Excluded {
			return nil
		}
		return v.ExclusionReason
	}},
	{"ecs", KindBool, "evidence-consistent success; null when excluded", func(v *oracle.Verdict) any { return scored(v, v.ECS) }},
	{"outcome", KindString, "the oracle's outcome code", func(v *oracle.Verdict) any { return scored(v, outcomeValue(v, v.Outcome)) }},
	{"canonical_outcome", KindString, "outcome in the canonical vocabulary", func(v *oracle.Verdict) any { return scored(v, nonEmpty(v.CanonicalOutcome)) }},
	{"failure_type", KindString, "failure class; null on success", func(v *oracle.Verdict) any { return scored(v, nonEmpty(v.FailureType)) }},
	{"attempted", KindBool, "a consequential action was attempted", func(v *oracle.Verdict) any { return scored(v, v.Attempted) }},
	{"first_attempt_index", KindInt, "event index of the first consequential attempt", func(v *oracle.Verdict) any { return attempted(v, int64(v.FirstAttemptIndex)) }},
	{"coverage_complete_at_first_attempt", KindBool, "information coverage was complete at the first attempt", func(v *oracle.Verdict) any { return attempted(v, v.CompleteAtFirstAttempt) }},
	{"coverage_complete", KindBool, "information coverage was complete by the end", func(v *oracle.Verdict) any { return scored(v, v.CoverageComplete) }},
	{"missing_at_checkpoint", KindBool, "a requirement was missing at a checkpoint", func(v *oracle.Verdict) any { return scored(v, v.MissingAtCheckpoint) }},
	{"executed_commits", KindInt, "consequential commits executed", func(v *oracle.Verdict) any { return scored(v, int64(v.ExecutedCommits)) }},
	{"official", KindBool, "the harness's own verdict; null when it gave none", func(v *oracle.Verdict) any {
		if v.Official < 0 {
			return nil
		}
		return v.Official == 1
	}},
	{"policy", KindString, "oracle policy name", func(v *oracle.Verdict) any { return v.Policy }},
	{"policy_hash", KindString, "hash of the policy's settings", func(v *oracle.Verdict) any { return v.PolicyHash }},
	{"evaluator", KindString, "the evaluator revision the policy reproduces (7 hex digits)", func(v *oracle.Verdict) any { return v.Evaluator }},
	{"trusted_keys", KindBool, "the walk trusted the recorded evidence_delta_key where the evaluator replays a shard (DESIGN §3); null when excluded", func(v *oracle.Verdict) any { return scored(v, v.TrustedKeys) }},
}

// VerdictFormats are the formats WriteVerdicts knows.
var VerdictFormats = []string{"jsonl", "csv", "parquet"}

// eachVerdict visits the verdicts episode by episode and, within an episode, in policy
// order, so that the lines of several policies for one episode sit together.
func eachVerdict(vs [][]oracle.Verdict, fn func(v *oracle.Verdict) error) error {
	if len(vs) == 0 {
		return nil
	}
	for i := range vs[0] {
		for p := range vs {
			if err := fn(&vs[p][i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteVerdicts writes the verdicts (one slice per policy, episodes in the same order) in
// one of VerdictFormats; detail (JSONL only) adds each verdict's Detail as a "detail" object.
func WriteVerdicts(w io.Writer, format string, vs [][]oracle.Verdict, detail bool) error {
	if detail && format != "jsonl" {
		return fmt.Errorf("verdict detail needs jsonl, not %q", format)
	}
	switch format {
	case "jsonl":
		return writeVerdictsJSONL(w, vs, detail)
	case "csv":
		return writeVerdictsCSV(w, vs)
	case "parquet":
		return writeVerdictsParquet(w, vs)
	}
	return fmt.Errorf("unknown verdict format %q", format)
}
