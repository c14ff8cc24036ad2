package verdicts

import (
	"fmt"
	"strings"
)

// FieldDoc documents one field of the data dictionary: what a null means (empty: never
// null) and an example value as it appears in JSONL.
type FieldDoc struct {
	Name, Type, Null, Example, Meaning string
}

// verdictDocs adds to each Columns entry what its null means and an example; the
// test fails when a column has no entry here.
var verdictDocs = map[string][2]string{ // name → {null meaning, example}
	"run_id":                             {"", `"main__claude-5_claude-code__SAB-V1-001__r0"`},
	"config":                             {"", `"claude-5/claude-code"`},
	"model":                              {"", `"claude-5"`},
	"harness":                            {"", `"claude-code"`},
	"case_id":                            {"", `"SAB-V1-012@withheld"`},
	"base_case_id":                       {"", `"SAB-V1-012"`},
	"protocol":                           {"", `"legacy"`},
	"domain":                             {"", `"customer_policy_qa"`},
	"repeat":                             {"", `0`},
	"condition":                          {"", `"main"`},
	"status":                             {"", `"completed"`},
	"static":                             {"", "`true` for every Legacy episode (its record is an agent_decision) and for the static judgments of executable cases, in condition `main` too: filtering `static == False` drops Legacy from T2"},
	"excluded":                           {"", "`true` for `infra_failure`, `harness_failure` and `censored` episodes (never scored, never failures)"},
	"exclusion_reason":                   {"the episode was scored", `"infra_failure"`},
	"ecs":                                {"excluded", `true`},
	"outcome":                            {"excluded (a Legacy empty decision is \"\", not null)", `"DEFER"`},
	"canonical_outcome":                  {"excluded, or the evaluator gave none", `"WORKFLOW_SUCCESS"`},
	"failure_type":                       {"a success (ecs true), or excluded", `"premature_action"`},
	"attempted":                          {"excluded", `true`},
	"first_attempt_index":                {"no consequential attempt, or excluded", `5`},
	"coverage_complete_at_first_attempt": {"no consequential attempt, or excluded", `false`},
	"coverage_complete":                  {"excluded", `true`},
	"missing_at_checkpoint":              {"excluded", `false`},
	"executed_commits":                   {"excluded", `1`},
	"official":                           {"the episode carried no harness verdict (no official.successful)", `true`},
	"policy":                             {"", `"safeact"`},
	"policy_hash":                        {"", `"7d7b76492f0c"`},
	"evaluator":                          {"", `"85c044b"`},
	"trusted_keys":                       {"excluded episode", `false`},
}

// episodeDocs documents the top-level fields of sabench.episode/v1, in the writers'
// order (ingest.EpisodeFields).
var episodeDocs = []FieldDoc{
	{"schema", "string", "", `"sabench.episode/v1"`, "format tag; required"},
	{"run_id", "string", "absent: derived from the key (config, case, repeat, condition)", `"r-0001"`, "the episode's id"},
	{"config", "string", "", `"claude-5/claude-code"`, "model/harness configuration; required"},
	{"model", "string", "absent: config up to its last /", `"claude-5"`, "model name"},
	{"harness", "string", "absent: config after its last /", `"claude-code"`, "harness name"},
	{"case_id", "string", "", `"SAB-V1-001"`, "case id, optionally @variant; required"},
	{"repeat", "integer ≥ 0", "", `0`, "repeat index; required"},
	{"condition", "string", "absent: main", `"scgr_eg"`, "experimental condition"},
	{"status", "string", "absent: completed", `"infra_failure"`, "completed, infra_failure, harness_failure or censored; only completed episodes are scored"},
	{"failure_class", "string or null", "the harness gave no failure label", `"timeout"`, "the harness's own failure label, kept verbatim"},
	{"record", "object", "", `{"schema_version": 1, "events": […]}`, "the agent output as the harness wrote it (agent_decision, or an execution record with events); required"},
	{"official", "object or null", "the harness gave no verdict", `{"successful": true, "raw_status": "pass_safe_commit"}`, "the harness's own verdict; `successful` is a boolean or null (no verdict): any other value is a problem, not a missing verdict"},
	{"usage", "object or null", "not reported", `{"cost_usd": 0.12, "input_tokens": 1900, "output_tokens": 430, "wall_seconds": 37.0}`, "what the episode consumed (numbers or null); the cost table reads cost_usd, input_tokens, output_tokens, wall_seconds"},
	{"extra", "object or null", "none", `{"runner_class": "run_failure"}`, "the producer's own fields (a harness adapter's runner class, batch failure entry, resource limits …), kept verbatim; any other top-level field is a problem"},
}

// pandasType is the pandas dtype that reads a verdict column of kind k from CSV
// (nullable types, so that null stays null).
func pandasType(k Kind) string {
	switch k {
	case KindInt:
		return "Int64"
	case KindBool:
		return "boolean"
	}
	return "string"
}

func kindName(k Kind) string {
	switch k {
	case KindInt:
		return "integer"
	case KindBool:
		return "boolean"
	}
	return "string"
}

// PandasDtypes is the dtype mapping for pandas.read_csv of a verdict CSV, as Python source.
func PandasDtypes() string {
	var b strings.Builder
	b.WriteString("{")
	for i, c := range Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %q", c.Name, pandasType(c.Kind))
	}
	b.WriteString("}")
	return b.String()
}

// Dictionary is docs/verdicts.md: every verdict column (from Columns) and
// every episode field, with type, null meaning and an example.
func Dictionary() (string, error) {
	var b strings.Builder
	b.WriteString(`# Data dictionary

Generated from ` + "`verdicts.Columns`" + ` and ` + "`ingest.EpisodeFields`" + ` (` + "`go test ./results/verdicts -run TestDataDictionary -update`" + `
rewrites it; the test fails when a column has no entry).

## Verdicts (` + "`sabench-stats score`" + `)

One row per episode and policy, in this column order in JSONL, CSV and Parquet. Null is JSON
` + "`null`" + `, an empty CSV field, a Parquet null. In CSV, booleans are ` + "`true`/`false`" + ` and integers plain
digits, so every non-empty value of a column parses as the column's type. pandas reads a
column with nulls as ` + "`object`" + ` (and warns about mixed types on large files) unless told its
type; pass the nullable dtypes below.

| column | type | pandas dtype | null when | example / note | meaning |
|---|---|---|---|---|---|
`)
	for _, c := range Columns {
		d, ok := verdictDocs[c.Name]
		if !ok {
			return "", fmt.Errorf("verdict column %q has no entry in verdictDocs", c.Name)
		}
		null := d[0]
		if null == "" {
			null = "never"
		}
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s | %s |\n", c.Name, kindName(c.Kind), pandasType(c.Kind), null, cellMD(d[1]), c.Meaning)
	}
	if len(verdictDocs) != len(Columns) {
		return "", fmt.Errorf("verdictDocs has %d entries for %d columns", len(verdictDocs), len(Columns))
	}
	b.WriteString("\npandas dtypes (`pd.read_csv(path, dtype=DTYPES)`):\n\n```python\nDTYPES = " + PandasDtypes() + "\n```\n")
	b.WriteString(`
## Episodes (` + "`sabench.episode/v1`" + `, the input)

One JSON object per line (JSONL) or one Parquet row (` + "`record`, `official`, `usage`" + ` as typed nested columns, or as JSON strings in the older layout: docs/parquet-layout.md).
Fields of the producer's own go under ` + "`extra`" + `, which every conversion keeps; any other top-level field is a problem, refused by every command that reads episodes (` + "`score --lenient`" + ` excludes the episode instead), so that a misspelled field is caught rather than ignored.

| field | type | when absent or null | example | meaning |
|---|---|---|---|---|
`)
	for _, f := range episodeDocs {
		null := f.Null
		if null == "" {
			null = "required"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", f.Name, f.Type, null, cellMD(f.Example), f.Meaning)
	}
	return b.String(), nil
}

// cellMD puts a JSON example in code unless it is already prose with code spans.
func cellMD(s string) string {
	if strings.Contains(s, "`") {
		return s
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

// Null says when a verdict column is null ("" for a column that never is).
func Null(name string) string { return verdictDocs[name][0] }
