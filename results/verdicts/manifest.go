package verdicts

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/sabench/sabench-stats/ingest"
)

// ManifestKey is the Parquet key-value metadata key under which every file of a verdict
// dataset carries its Manifest.
const ManifestKey = "sabench.verdict_dataset"

// Manifest says how the verdicts of one dataset file were scored. Shards written apart
// (score --shard I/N on several machines) are read together only when their manifests
// agree on everything but the shard: the same episode files (by size and SHA-256), the
// same bench, policies, infra_failure rule, dedupe policy, tool and number of shards.
// Otherwise the read is refused with the field named: mixing shards of an edited input,
// or of another --infra-failures, gives numbers that are not anyone's.
type Manifest struct {
	Inputs        []ManifestFile  `json:"inputs"`         // the episode files, in input order
	Bench         string          `json:"bench"`          // the bench: builtin, or the SHA-256 over its files (BenchDigest)
	Policies      []DatasetPolicy `json:"policies"`       // in policy_index order
	InfraFailures string          `json:"infra_failures"` // exclude or fail
	Dedupe        string          `json:"dedupe"`         // error, first or last
	Tool          string          `json:"tool"`           // the program, its version and its revision (results.Tool.Build)
	Shards        int             `json:"shards"`         // N of --shard I/N (1: not sharded)
	Shard         int             `json:"shard"`          // I-1 of --shard I/N; not compared
	// Dropped are the duplicates --dedupe dropped while the input was read (a dedupe policy
	// needs one process, so every file of the dataset lists them all): a table read from the
	// dataset counts them as score did, read = scored + excluded.
	Dropped []ManifestDropped `json:"dropped,omitempty"`
	// OwnEpisodes: the user's episodes scored against the built-in synthetic cases, so
	// that tables read from the dataset say only the cases are synthetic
	// (analysis.ScoredRelease.OwnEpisodes); absent from datasets written before it.
	OwnEpisodes bool `json:"own_episodes,omitempty"`
}

// ManifestDropped is one duplicate that --dedupe dropped: where it was read and its key.
type ManifestDropped struct {
	File      string `json:"file"` // the episode file's name, as in Inputs
	Line      int    `json:"line"`
	Msg       string `json:"msg"`
	Config    string `json:"config"`
	CaseID    string `json:"case_id"`
	Repeat    int    `json:"repeat"`
	Condition string `json:"condition"`
}

// SetDropped records the duplicates a dedupe policy dropped (ingest.Problem with Dropped).
func (m *Manifest) SetDropped(dropped []ingest.Problem) {
	m.Dropped = nil
	for _, p := range dropped {
		if p.Dropped == nil {
			continue
		}
		k := p.Dropped
		// The message names the copy kept by the path read; the dataset keeps base names
		// (paths differ between machines), for it as for the file of the duplicate.
		msg := p.Msg
		if p.Other != "" {
			if i := strings.LastIndex(msg, " "+p.Other+":"); i >= 0 {
				msg = msg[:i+1] + filepath.Base(p.Other) + msg[i+1+len(p.Other):]
			}
		}
		m.Dropped = append(m.Dropped, ManifestDropped{File: filepath.Base(p.File), Line: p.Line, Msg: msg,
			Config: k.Config, CaseID: k.CaseID, Repeat: k.Repeat, Condition: k.Condition})
	}
}

// problems turns the recorded duplicates back into the problems the read reported.
func (m *Manifest) problems() []ingest.Problem {
	var out []ingest.Problem
	for _, d := range m.Dropped {
		out = append(out, ingest.Problem{File: d.File, Line: d.Line, Msg: d.Msg,
			Dropped: &ingest.Key{Config: d.Config, CaseID: d.CaseID, Repeat: d.Repeat, Condition: d.Condition}})
	}
	return out
}

// datasetManifest reads the manifest of the dataset in dir from its first file (the
// files' manifests agree, checkManifests); nil for none.
func datasetManifest(dir string) (*Manifest, error) {
	paths, err := DatasetFiles(dir)
	if err != nil || len(paths) == 0 {
		return nil, err
	}
	pf, err := openPartFooter(paths[0])
	if err != nil {
		return nil, err
	}
	defer pf.Close()
	return readManifest(pf)
}

// ManifestFile is one episode file: its name (for provenance; paths differ between
// machines, so not compared), size and SHA-256.
type ManifestFile struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

func (m *Manifest) encode() string {
	b, _ := json.Marshal(m) // strings and integers only
	return string(b)
}

// readManifest reads the manifest of an open dataset file; nil when it has none (a file
// written before manifests).
func readManifest(pf *file.Reader) (*Manifest, error) {
	v := pf.MetaData().KeyValueMetadata().FindValue(ManifestKey)
	if v == nil {
		return nil, nil
	}
	m := &Manifest{}
	if err := json.Unmarshal([]byte(*v), m); err != nil {
		return nil, fmt.Errorf("metadata %s: %v", ManifestKey, err)
	}
	return m, nil
}

// diff names the first field in which m and o differ (the shard aside), "" when none.
func (m *Manifest) diff(o *Manifest) string {
	same := func(a, b []ManifestFile) bool {
		return slices.EqualFunc(a, b, func(x, y ManifestFile) bool { return x.Bytes == y.Bytes && x.SHA256 == y.SHA256 })
	}
	switch {
	case !same(m.Inputs, o.Inputs):
		return "inputs (the episode files' sizes and SHA-256: " + filesText(m.Inputs) + " vs " + filesText(o.Inputs) + ")"
	case m.Bench != o.Bench:
		return fmt.Sprintf("bench (%s vs %s)", m.Bench, o.Bench)
	case !slices.Equal(m.Policies, o.Policies):
		return fmt.Sprintf("policies (%v vs %v)", m.Policies, o.Policies)
	case m.InfraFailures != o.InfraFailures:
		return fmt.Sprintf("infra_failures (--infra-failures %s vs %s)", m.InfraFailures, o.InfraFailures)
	case m.Dedupe != o.Dedupe:
		return fmt.Sprintf("dedupe (--dedupe %s vs %s)", m.Dedupe, o.Dedupe)
	case m.Tool != o.Tool:
		return fmt.Sprintf("tool (%s vs %s: shards scored by different builds of sabench-stats, whose verdicts can differ; score every shard with one build)", m.Tool, o.Tool)
	case m.Shards != o.Shards:
		return fmt.Sprintf("shards (--shard I/%d vs I/%d)", m.Shards, o.Shards)
	}
	return ""
}

func filesText(fs []ManifestFile) string {
	var parts []string
	for _, f := range fs {
		h := f.SHA256
		if len(h) > 12 {
			h = h[:12]
		}
		parts = append(parts, fmt.Sprintf("%s %d bytes %s…", f.Name, f.Bytes, h))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
