package results

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// Meta is the provenance of a set of tables: what produced them, from which data, under
// which policies and with which interval settings. The JSON form carries it as "meta",
// a CSV file as a sidecar (T2.csv.meta.json), the report index as a section; the field
// names below are the JSON keys, a stable schema.
type Meta struct {
	// Synthetic is true for generated data; Warning then holds its mark
	// (analysis.ScoredRelease.Mark).
	Synthetic bool   `json:"synthetic"`
	Warning   string `json:"warning,omitempty"`
	Tool      Tool   `json:"tool"`
	Dataset   struct {
		ID      string `json:"id"`
		Version string `json:"version"`
		Source  string `json:"source"` // the --bench argument and the episode files, as given
	} `json:"dataset"`
	Inputs        []InputFile  `json:"inputs"`
	Policies      []PolicyMeta `json:"policies"`
	Intervals     IntervalMeta `json:"intervals"`
	SharedHarness string       `json:"shared_harness"`
	// SharedHarnessUnrun: no configuration ran the shared harness, so the setting paired
	// nothing (the index says so; the JSON keeps the setting as the stable schema has it).
	SharedHarnessUnrun bool `json:"-"`
	// InspectLogs, for tables built from Inspect AI logs, lists each log with its eval id,
	// task and model (its file, size and hash are among Inputs too).
	InspectLogs []InspectLog `json:"inspect_logs,omitempty"`
}

// Tool names the program: its module version and VCS revision from the build info.
type Tool struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Revision string `json:"revision"` // "" when the binary was built without VCS stamping (go run, go test)
	Modified bool   `json:"modified"` // built from a working tree with uncommitted changes
}

// InputFile is one file read, with its size and SHA-256.
type InputFile struct {
	Path   string `json:"path"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// PolicyMeta is one scored policy: its name, its seven switches, their hash and the
// evaluator revision the settings reproduce.
type PolicyMeta struct {
	oracle.Policy
	Hash      string `json:"hash"`
	Evaluator string `json:"evaluator"`
}

// IntervalMeta is the resampling and interval settings actually used.
type IntervalMeta struct {
	Seed      uint64  `json:"seed"`
	Resamples int     `json:"resamples"`
	Method    string  `json:"method"`
	Level     float64 `json:"level"`
	Quantile  string  `json:"quantile"`
	// Unit is what is resampled: "case" or "cluster"; ClusterRules, with the clustered
	// bootstrap, are the rules that produced the clusters and how many each produced.
	Unit         string        `json:"unit"`
	ClusterRules []ClusterRule `json:"cluster_rules"`
}

// ClusterRule is one cluster rule with the clusters and cases it produced.
type ClusterRule struct {
	Rule     string `json:"rule"`
	Clusters int    `json:"clusters"`
	Cases    int    `json:"cases"`
}

// NewMeta fills the fields that come from a scored release and the options; the caller
// adds Tool, Dataset.Source, Inputs and ClusterRules, which only it knows.
func NewMeta(sr *analysis.ScoredRelease, o analysis.StatOptions, method, quantile string, ch analysis.Choices) *Meta {
	m := &Meta{Synthetic: sr.Synthetic, SharedHarness: ch.SharedHarness, Inputs: []InputFile{}}
	if len(sr.Releases) > 0 && sr.Releases[0].OfficialTasks() {
		// A benchmark's tasks (τ-bench) pair no harnesses: no table or figure reads the choice.
		m.SharedHarness = ""
	}
	if m.SharedHarness != "" && len(sr.Releases) > 0 {
		m.SharedHarnessUnrun = !ch.SharedRan(sr.Releases[0])
	}
	m.Warning = sr.Mark()
	m.Dataset.ID, m.Dataset.Version, m.Dataset.Source = sr.DatasetID, sr.DatasetVersion, sr.Input
	for _, r := range sr.Releases {
		m.Policies = append(m.Policies, PolicyMeta{Policy: r.Policy, Hash: r.Policy.Hash(), Evaluator: r.Policy.ShortRevision()})
	}
	unit := "case"
	if o.Clustered {
		unit = "cluster"
	}
	m.Intervals = IntervalMeta{Seed: o.Seed, Resamples: o.Resamples, Method: method, Level: o.Level, Quantile: quantile,
		Unit: unit, ClusterRules: []ClusterRule{}}
	return m
}

// AddInputs records what was read: the rules that made the bench's clusters (those that
// made any, when the intervals resample clusters) and the hash of every input file:
// from streamed when a read covered the file (a release is gigabytes: reading it again
// would cost as much as a second pass), else from the file (HashFile).
func (m *Meta) AddInputs(clusters []casespec.ClusterCount, files []string, streamed *ingest.FileHashes) error {
	if m.Intervals.Unit == "cluster" {
		for _, cc := range clusters {
			if cc.Clusters > 0 {
				m.Intervals.ClusterRules = append(m.Intervals.ClusterRules, ClusterRule{Rule: cc.Rule, Clusters: cc.Clusters, Cases: cc.Cases})
			}
		}
	}
	for _, p := range files {
		if h, ok := streamed.Get(p); ok {
			m.Inputs = append(m.Inputs, inputFile(p, h))
			continue
		}
		f, err := HashFile(p)
		if err != nil {
			return fmt.Errorf("provenance: %w", err)
		}
		m.Inputs = append(m.Inputs, f)
	}
	return nil
}

// JSON is the meta object, indented by ind after its first line.
func (m *Meta) JSON(ind string) []byte {
	c := *m
	if math.IsNaN(c.Intervals.Level) || math.IsInf(c.Intervals.Level, 0) {
		c.Intervals.Level = 0 // JSON has no NaN; the CLI never passes one
	}
	b, err := json.MarshalIndent(&c, ind, "  ")
	if err != nil { // strings, integers, booleans and a finite float: cannot happen
		e, _ := json.Marshal(err.Error())
		return append([]byte(`{"error": `), e...)
	}
	return b
}

// Stamp attaches the provenance to every table and, for synthetic data, adds the
// SYNTHETIC warning as the first note of each, so that no rendering of a table (text,
// Markdown, LaTeX, JSON; CSV through its sidecar) loses it.
func Stamp(ts []*Table, m *Meta) {
	if m == nil {
		return
	}
	for _, t := range ts {
		t.Meta = m
		if m.Synthetic && (len(t.Notes) == 0 || t.Notes[0] != m.Warning) {
			t.Notes = append([]string{m.Warning}, t.Notes...)
		}
	}
}

// WriteMarkdown writes the provenance section of a report's index.md; md writes a name
// or path into it (render.MarkdownInline, which this package cannot import).
func (m *Meta) WriteMarkdown(b *strings.Builder, md func(string) string) {
	b.WriteString("\n## Provenance\n\n")
	fmt.Fprintf(b, "- Tool: %s %s, revision %s.\n", m.Tool.Name, m.Tool.Version, m.Tool.revisionText())
	fmt.Fprintf(b, "- Dataset: id %s, version %s; from %s.\n", md(orUnknown(m.Dataset.ID)), md(orUnknown(m.Dataset.Version)), md(m.Dataset.Source))
	for _, p := range m.Policies {
		fmt.Fprintf(b, "- Policy: %s.\n", md(p.Policy.String()))
	}
	iv := m.Intervals
	fmt.Fprintf(b, "- Intervals: seed %d, %d resamples of %ss, %s, level %v, quantiles %s.\n", iv.Seed, iv.Resamples, iv.Unit, iv.Method, iv.Level, iv.Quantile)
	for _, r := range iv.ClusterRules {
		fmt.Fprintf(b, "- Cluster rule %s: %d clusters over %d cases.\n", md(r.Rule), r.Clusters, r.Cases)
	}
	if m.SharedHarness != "" {
		unrun := ""
		if m.SharedHarnessUnrun {
			unrun = " (--shared-harness; no configuration of this input ran it, so it is paired with none)"
		}
		fmt.Fprintf(b, "- Shared harness: %s%s.\n", md(m.SharedHarness), unrun)
	}
	if len(m.Inputs) == 0 {
		b.WriteString("- Input files: none (the built-in release is generated in memory).\n")
		return
	}
	b.WriteString("\n| Input file | Bytes | SHA-256 |\n|---|---:|---|\n")
	for _, f := range m.Inputs {
		fmt.Fprintf(b, "| %s | %d | `%s` |\n", md(f.Path), f.Bytes, f.SHA256)
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "not stated by the bench"
	}
	return s
}
