package ingest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Bench kinds, as detected by LoadBench.
const (
	BenchCheckout = "checkout" // a SafeActBench checkout (env/case_manifest.json + catalogs)
	BenchCaseDir  = "case-dir" // a directory of per-case JSON files
	BenchJSONL    = "jsonl"    // a JSONL file of {case_id, protocol, case_spec} rows
)

// MaxBenchFileBytes bounds one bench file (the largest real catalog is ~6 MB).
const MaxBenchFileBytes = 512 << 20

// BenchOptions are the user's additions to a bench.
type BenchOptions struct {
	// Sets maps a case-set name to a file of case ids (--set NAME=FILE); it overrides
	// a set of the same name shipped under the bench's sets/ directory.
	Sets map[string]string
	// ClustersFile is a CSV of case_id,cluster_id (--clusters FILE); it takes
	// precedence over every other cluster rule.
	ClustersFile string
}

// Bench is a set of case specifications with its case sets and cluster assignment.
type Bench struct {
	Cases  []*Case             // sorted by ID
	Sets   map[string][]string // case-set name -> case ids, in file order
	Source string              // the path it was loaded from
	Kind   string              // BenchCheckout, BenchCaseDir or BenchJSONL

	// DatasetID and DatasetVersion are the checkout manifest's dataset_id and
	// dataset_version ("" when absent; a synthetic release written by `synth --out` says
	// "sabench-synthetic").
	DatasetID, DatasetVersion string

	// Manifest holds the checkout's manifest entry of each case id (checkout only).
	Manifest map[string]*jsonv.Object
	// Evidence holds the case-scoped evidence record of each case that has one
	// (env/case_evidence.json, or evidence/*.case_evidence.json beside case files).
	Evidence map[string]*jsonv.Object
	// Materialized holds materialized-evidence audit files (evidence/<ID>.json).
	Materialized map[string]*jsonv.Object

	// ClusterCounts says how many clusters (and cases) each cluster rule produced, in
	// rule precedence order; rules that produced none are listed with zeros.
	ClusterCounts []ClusterCount

	// Warnings are inconsistencies that do not stop loading, such as an evidence
	// record whose calls are not in its case's catalog entry.
	Warnings []Problem

	byID map[string]*Case
}

// ClusterCount is the number of clusters and cases one cluster rule produced.
type ClusterCount struct {
	Rule     string
	Clusters int
	Cases    int
}

// Case returns the case with the given id (a variant id must match exactly), or nil.
func (b *Bench) Case(id string) *Case {
	if b == nil {
		return nil
	}
	return b.byID[id]
}

// Cluster rules, in precedence order (DESIGN §2.1).
const (
	ClusterUser     = "user"
	ClusterTemplate = "template_id"
	ClusterContrast = "contrast_pair_id"
	ClusterDerived  = "derived"
	ClusterCase     = "case"
)

// LoadBench loads case specifications from path, detecting its kind: a directory
// holding env/case_manifest.json is a SafeActBench checkout; another directory holds
// per-case JSON files (directly, or under cases/); a file is a JSONL of
// {case_id, protocol, case_spec} rows. Every problem found is returned together as
// Problems. ("builtin" is the CLI's business: package ingest/synth generates it.)
func LoadBench(path string, opt BenchOptions) (*Bench, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	b := &Bench{Source: path, Evidence: map[string]*jsonv.Object{}, Materialized: map[string]*jsonv.Object{},
		Sets: map[string][]string{}}
	var probs []Problem
	root := path
	switch {
	case !st.IsDir():
		b.Kind = BenchJSONL
		root = ""
		probs = b.loadJSONL(path)
	case fileExists(filepath.Join(path, "env", "case_manifest.json")):
		b.Kind = BenchCheckout
		probs = b.loadCheckout(path)
	default:
		b.Kind = BenchCaseDir
		probs = b.loadCaseDir(path)
	}
	if len(probs) == 0 {
		probs = b.index()
	}
	if len(probs) == 0 && root != "" {
		probs = b.loadShippedSets(root)
	}
	if len(probs) == 0 {
		probs = b.loadUserSets(opt.Sets)
	}
	if len(probs) == 0 {
		probs = b.assignClusters(opt.ClustersFile)
	}
	if len(probs) > 0 {
		return nil, Problems(probs)
	}
	b.checkEvidence()
	if root != "" {
		b.datasetFromEnvManifest(root)
	}
	return b, nil
}

// index sorts the cases and builds the id lookup; a repeated id is a problem.
func (b *Bench) index() []Problem {
	var probs []Problem
	sort.SliceStable(b.Cases, func(i, j int) bool { return b.Cases[i].ID < b.Cases[j].ID })
	b.byID = make(map[string]*Case, len(b.Cases))
	for _, c := range b.Cases {
		if prev, dup := b.byID[c.ID]; dup {
			probs = append(probs, problemAt(c.Source, "case_id",
				fmt.Sprintf("duplicate case id %q (also in %s)", c.ID, prev.Source)))
			continue
		}
		b.byID[c.ID] = c
	}
	if len(b.Cases) == 0 && len(probs) == 0 {
		probs = append(probs, Problem{File: b.Source, Msg: "no case specifications found"})
	}
	return probs
}

// problemAt builds a problem from a "file" or "file:line" source.
func problemAt(source, field, msg string) Problem {
	file, line := splitSource(source)
	return Problem{File: file, Line: line, Field: field, Msg: msg}
}

func splitSource(source string) (string, int) {
	if i := strings.LastIndexByte(source, ':'); i > 0 {
		n := 0
		for _, c := range source[i+1:] {
			if c < '0' || c > '9' {
				return source, 0
			}
			n = n*10 + int(c-'0')
		}
		if i+1 < len(source) {
			return source[:i], n
		}
	}
	return source, 0
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// readLimited reads a whole file, refusing one larger than max bytes.
func readLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("file larger than the limit of %d bytes", max)
	}
	return data, nil
}

// readJSONObject reads a file holding one JSON object.
func readJSONObject(path string) (*jsonv.Object, *Problem) {
	data, err := readLimited(path, MaxBenchFileBytes)
	if err != nil {
		return nil, &Problem{File: path, Msg: err.Error()}
	}
	v, err := jsonv.NewDecoder().Parse(data)
	if err != nil {
		return nil, &Problem{File: path, Line: lineOf(data, err), Msg: "invalid JSON: " + err.Error()}
	}
	o, ok := v.(*jsonv.Object)
	if !ok {
		return nil, &Problem{File: path, Msg: "must hold a JSON object, got " + typeName(v)}
	}
	return o, nil
}

// lineOf converts a syntax error's byte offset into a 1-based line number.
func lineOf(data []byte, err error) int {
	se, ok := err.(*jsonv.SyntaxError)
	if !ok {
		return 0
	}
	off := min(max(se.Offset, 0), len(data))
	n := 1
	for _, c := range data[:off] {
		if c == '\n' {
			n++
		}
	}
	return n
}
