package casespec

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// assignClusters sets Cluster and ClusterRule of every case by the first rule that
// applies: the user's mapping, metadata.template_id, Legacy
// contrast_pair_id, a derived cluster, else the case itself. All variants of a base id
// share the base's cluster, so that pairs stay together under resampling.
func (b *Bench) assignClusters(userFile string) []ingest.Problem {
	user := map[string]string{}
	if userFile != "" {
		var probs []ingest.Problem
		user, probs = b.readClusterFile(userFile)
		if len(probs) > 0 {
			return probs
		}
	}
	// One representative spec per base id: the main spec if present, else the first variant.
	bases := []string{}
	rep := map[string]*Case{}
	for _, c := range b.Cases {
		r, ok := rep[c.BaseID]
		if !ok {
			bases = append(bases, c.BaseID)
		}
		if !ok || (r.Variant != "" && c.Variant == "") {
			rep[c.BaseID] = c
		}
	}
	sort.Strings(bases)
	cluster, rule := map[string]string{}, map[string]string{}
	var rest []string
	for _, base := range bases {
		spec := rep[base].Spec
		if id, ok := user[base]; ok {
			cluster[base], rule[base] = id, ClusterUser
		} else if t := metaString(spec, "template_id"); t != "" {
			cluster[base], rule[base] = "template:"+t, ClusterTemplate
		} else if t := contrastPair(rep[base]); t != "" {
			cluster[base], rule[base] = "contrast:"+t, ClusterContrast
		} else {
			rest = append(rest, base)
		}
	}
	for base, comp := range deriveComponents(rest, rep) {
		if comp != "" {
			cluster[base], rule[base] = "derived:"+comp, ClusterDerived
		} else {
			cluster[base], rule[base] = base, ClusterCase
		}
	}
	for _, c := range b.Cases {
		if id, ok := user[c.ID]; ok { // a variant may be mapped on its own
			c.Cluster, c.ClusterRule = id, ClusterUser
			continue
		}
		c.Cluster, c.ClusterRule = cluster[c.BaseID], rule[c.BaseID]
	}
	b.ClusterCounts = nil
	for _, r := range []string{ClusterUser, ClusterTemplate, ClusterContrast, ClusterDerived, ClusterCase} {
		ids := map[string]bool{}
		n := 0
		for _, c := range b.Cases {
			if c.ClusterRule == r {
				ids[c.Cluster] = true
				n++
			}
		}
		b.ClusterCounts = append(b.ClusterCounts, ClusterCount{Rule: r, Clusters: len(ids), Cases: n})
	}
	return nil
}

func metaString(spec *jsonv.Object, k string) string {
	m, _ := spec.Obj("metadata")
	s, _ := m.String(k)
	return strings.TrimSpace(s)
}

// contrastPair is a Legacy case's contrast_pair_id (top level, else in metadata).
func contrastPair(c *Case) string {
	if c.Protocol != ingest.Legacy {
		return ""
	}
	if s, _ := c.Spec.String("contrast_pair_id"); strings.TrimSpace(s) != "" {
		return strings.TrimSpace(s)
	}
	return metaString(c.Spec, "contrast_pair_id")
}

// deriveComponents links cases that share a policy.rule_ids entry or a non-generic
// record id and returns, per base id, its component's smallest
// member when the component has two or more cases, else "".
func deriveComponents(bases []string, rep map[string]*Case) map[string]string {
	parent := map[string]string{}
	find := func(x string) string {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b string) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		if rb < ra {
			ra, rb = rb, ra
		}
		parent[rb] = ra // the smallest id becomes the root
	}
	owner := map[string]string{} // link key -> first base id that has it
	for _, base := range bases {
		parent[base] = base
	}
	for _, base := range bases {
		for _, k := range linkKeys(rep[base].Spec) {
			if o, ok := owner[k]; ok {
				union(o, base)
			} else {
				owner[k] = base
			}
		}
	}
	size := map[string]int{}
	for _, base := range bases {
		size[find(base)]++
	}
	out := make(map[string]string, len(bases))
	for _, base := range bases {
		if r := find(base); size[r] > 1 {
			out[base] = r
		} else {
			out[base] = ""
		}
	}
	return out
}

// linkKeys are a spec's policy rule ids and non-generic record ids: the record_id
// arguments of required_info_calls and of frozen_evidence_deltas keys, excluding
// task-intake records (*-TASK-CONTEXT-*), which every case of a domain has.
func linkKeys(spec *jsonv.Object) []string {
	var keys []string
	if pol, ok := spec.Obj("policy"); ok {
		rules, _ := pol.List("rule_ids")
		for _, r := range rules {
			if s, ok := r.(string); ok && s != "" {
				keys = append(keys, "rule:"+s)
			}
		}
	}
	addRecord := func(args *jsonv.Object) {
		if s, ok := args.String("record_id"); ok && s != "" && !strings.Contains(s, "-TASK-CONTEXT-") {
			keys = append(keys, "record:"+s)
		}
	}
	calls, _ := spec.List("required_info_calls")
	for _, c := range calls {
		if o, ok := c.(*jsonv.Object); ok {
			args, _ := o.Obj("arguments")
			addRecord(args)
		}
	}
	if deltas, ok := spec.Obj("frozen_evidence_deltas"); ok {
		for _, k := range deltas.Keys {
			if _, js, ok := strings.Cut(k, ":"); ok {
				if args, err := jsonv.ParseObject([]byte(js)); err == nil {
					addRecord(args)
				}
			}
		}
	}
	return keys
}

// maxClusterFileBytes bounds a clusters file; a variable so a test can lower it.
var maxClusterFileBytes int64 = ingest.MaxBenchFileBytes

// readClusterFile reads a CSV of case_id,cluster_id (an optional header row naming
// those columns is skipped). Ids must be cases of the bench (base or variant ids).
func (b *Bench) readClusterFile(path string) (map[string]string, []ingest.Problem) {
	// Read whole under the limit, as case-set files are: a LimitReader alone would cut a
	// larger file short and read its first part without a word.
	data, err := ingest.ReadLimited(path, maxClusterFileBytes)
	if err != nil {
		return nil, []ingest.Problem{{File: path, Msg: err.Error()}}
	}
	r := csv.NewReader(ingest.SkipBOM(bytes.NewReader(data)))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	out := map[string]string{}
	bases := map[string]bool{}
	for _, c := range b.Cases {
		bases[c.BaseID] = true
	}
	var probs []ingest.Problem
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				probs = append(probs, ingest.Problem{File: path, Line: pe.Line, Msg: pe.Err.Error()})
				break
			}
			probs = append(probs, ingest.Problem{File: path, Line: row, Msg: err.Error()})
			break
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != 2 {
			probs = append(probs, ingest.Problem{File: path, Line: line, Msg: fmt.Sprintf("want 2 fields (case_id,cluster_id), got %d", len(rec))})
			continue
		}
		id, cl := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		if row == 1 && id == "case_id" {
			continue
		}
		switch {
		case id == "":
			probs = append(probs, ingest.Problem{File: path, Line: line, Field: "case_id", Msg: "empty"})
		case cl == "":
			probs = append(probs, ingest.Problem{File: path, Line: line, Field: "cluster_id", Msg: "empty"})
		case b.Case(id) == nil && !bases[id]:
			probs = append(probs, ingest.Problem{File: path, Line: line, Field: "case_id", Msg: fmt.Sprintf("unknown case id %q", id)})
		default:
			if prev, dup := out[id]; dup && prev != cl {
				probs = append(probs, ingest.Problem{File: path, Line: line, Field: "cluster_id",
					Msg: fmt.Sprintf("case %q is mapped to both %q and %q", id, prev, cl)})
			}
			out[id] = cl
		}
	}
	return out, probs
}

// ClusterSummary lists the rules that assigned clusters to cases, in precedence order:
// "N from RULE (M cases)", comma-separated; "" when none did.
func (b *Bench) ClusterSummary() string {
	var parts []string
	for _, cc := range b.ClusterCounts {
		if cc.Cases > 0 {
			parts = append(parts, fmt.Sprintf("%d from %s (%s)", cc.Clusters, cc.Rule, ingest.Plural(cc.Cases, "case")))
		}
	}
	return strings.Join(parts, ", ")
}
