package casespec

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The five catalogs of a checkout, their list key and protocol.
// catalog is one catalog file of a checkout's env/: the list holding its cases, and
// their protocol.
type catalog struct {
	file, list string
	proto      ingest.Protocol
}

var catalogs = []catalog{
	{"cases.json", "cases", ingest.Legacy},
	{"non_execution_cases.json", "episodes", ingest.V0},
	{"state_action_cases.json", "episodes", ingest.V1},
	{"linear_workflow_cases.json", "episodes", ingest.V2},
	{"multi_step_cases.json", "episodes", ingest.V3},
}

// SpecSHA256 is the manifest's case_spec_sha256 of a case object: sha256 of
// json.dumps(spec, sort_keys=True, separators=(",",":"), ensure_ascii=False).
func SpecSHA256(spec *jsonv.Object) string {
	// A checkout hashes hundreds of specs in a row: one buffer, grown to the largest,
	// spares each its own growth from nothing (most of the cost, in page faults).
	bp := canonicalBufs.Get().(*[]byte)
	*bp = jsonv.AppendCanonical((*bp)[:0], spec, false)
	sum := sha256.Sum256(*bp)
	canonicalBufs.Put(bp)
	return hex.EncodeToString(sum[:])
}

var canonicalBufs = sync.Pool{New: func() any { return new([]byte) }}

// specID returns the id a case object names for itself: case_id, else scenario_id
// (Legacy), else episode_id (V0–V3).
func specID(spec *jsonv.Object) (string, string) {
	for _, k := range []string{"case_id", "scenario_id", "episode_id"} {
		if s, ok := spec.String(k); ok && s != "" {
			return s, k
		}
	}
	return "", ""
}

// newCase builds a Case from a spec. id may be "" (then the spec names it) and proto
// may be "" (then the id says it).
func newCase(spec *jsonv.Object, id, proto, source string) (*Case, []ingest.Problem) {
	var probs []ingest.Problem
	bad := func(field, format string, a ...any) {
		probs = append(probs, problemAt(source, field, fmt.Sprintf(format, a...)))
	}
	if id == "" {
		id, _ = specID(spec)
		if id == "" {
			bad("", "case object has no case_id, scenario_id or episode_id")
			return nil, probs
		}
	}
	base, variant := ingest.SplitVariant(id)
	if base == "" || (strings.Contains(id, "@") && variant == "") {
		bad("case_id", "malformed case id %q (want BASE or BASE@variant)", id)
		return nil, probs
	}
	if own, field := specID(spec); own != "" && own != base && own != id {
		bad(field, "spec names case %q, but it is loaded as %q", own, id)
	}
	c := &Case{ID: id, BaseID: base, Variant: variant, Spec: spec, Source: source}
	p, fromID := ingest.ProtocolFromID(base)
	if proto == "" {
		if s, ok := spec.String("protocol"); ok {
			proto = s
		}
	}
	switch {
	case proto != "":
		pp, ok := ingest.ParseProtocol(proto)
		if !ok {
			bad("protocol", "unknown protocol %q (want legacy, v0, v1, v2 or v3)", proto)
		} else if fromID && pp != p {
			bad("protocol", "protocol %q disagrees with case id %q", proto, id)
		}
		c.Protocol = pp
	case fromID:
		c.Protocol = p
	default:
		bad("protocol", "no protocol: case id %q does not say it and there is no protocol field", id)
	}
	c.Domain, _ = spec.String("env_id")
	if c.Domain == "" {
		c.Domain, _ = spec.String("domain")
	}
	if c.Domain == "" {
		bad("env_id", "case %q has no env_id (domain)", id)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return c, nil
}

// loadCheckout reads a SafeActBench checkout: the manifest, the five catalogs (each
// case's hash verified against the manifest) and env/case_evidence.json.
func (b *Bench) loadCheckout(root string) []ingest.Problem {
	env := filepath.Join(root, "env")
	mpath := filepath.Join(env, "case_manifest.json")
	// Every file is read only when its path, links anywhere on it resolved, stays inside
	// the checkout (env -> /elsewhere, env/x.json -> ../outside are refused unread).
	realRoot := b.realRoot(root)
	man, p := b.rootedObject(realRoot, mpath)
	if p != nil {
		return []ingest.Problem{*p}
	}
	entries, ok := man.List("entries")
	if !ok {
		return []ingest.Problem{{File: mpath, Field: "entries", Msg: "missing or not an array"}}
	}
	b.DatasetID, _ = man.String("dataset_id")
	b.DatasetVersion, _ = man.String("dataset_version")
	probs := b.readManifest(mpath, man, entries)
	found := map[string]bool{}
	for _, cat := range catalogs {
		probs = append(probs, b.loadCatalog(realRoot, filepath.Join(env, cat.file), cat, found)...)
	}
	ids := make([]string, 0, len(b.Manifest))
	for id := range b.Manifest {
		if !found[id] {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		probs = append(probs, ingest.Problem{File: mpath, Field: "entries", Msg: fmt.Sprintf("case %q is in no catalog", id)})
	}
	probs = append(probs, b.loadShards(root)...) // V3 query shards, when the checkout has them
	return append(probs, b.loadCaseEvidence(realRoot, filepath.Join(env, "case_evidence.json"))...)
}

// readManifest fills b.Manifest from the manifest's entries, each with its case id,
// protocol, catalog and case_spec_sha256, and checks case_count.
func (b *Bench) readManifest(mpath string, man *jsonv.Object, entries []any) []ingest.Problem {
	var probs []ingest.Problem
	b.Manifest = map[string]*jsonv.Object{}
	for i, ev := range entries {
		field := fmt.Sprintf("entries[%d]", i)
		e, ok := ev.(*jsonv.Object)
		if !ok {
			probs = append(probs, ingest.Problem{File: mpath, Field: field, Msg: "must be an object"})
			continue
		}
		id, _ := e.String("case_id")
		if id == "" {
			probs = append(probs, ingest.Problem{File: mpath, Field: field + ".case_id", Msg: "missing or not a string"})
			continue
		}
		if _, dup := b.Manifest[id]; dup {
			probs = append(probs, ingest.Problem{File: mpath, Field: field + ".case_id", Msg: fmt.Sprintf("duplicate case id %q", id)})
			continue
		}
		for _, k := range []string{"protocol", "catalog", "case_spec_sha256"} {
			if s, _ := e.String(k); s == "" {
				probs = append(probs, ingest.Problem{File: mpath, Field: field + "." + k, Msg: "missing or not a string"})
			}
		}
		b.Manifest[id] = e
	}
	if n, ok := man.Get("case_count"); ok {
		if c, isInt := n.(int64); isInt && int(c) != len(entries) {
			probs = append(probs, ingest.Problem{File: mpath, Field: "case_count",
				Msg: fmt.Sprintf("says %d cases, entries has %d", c, len(entries))})
		}
	}
	return probs
}

// loadCatalog adds the cases of one catalog file, each checked against its manifest
// entry (protocol, catalog, hash); found records the case ids read.
func (b *Bench) loadCatalog(realRoot, cpath string, cat catalog, found map[string]bool) []ingest.Problem {
	if !fileExists(cpath) {
		if !b.manifestNames(cat.file) {
			return nil // a bench of some protocols only need not ship the others' catalogs
		}
		return []ingest.Problem{{File: cpath, Msg: "catalog is missing"}}
	}
	co, p := b.rootedObject(realRoot, cpath)
	if p != nil {
		return []ingest.Problem{*p}
	}
	list, ok := co.List(cat.list)
	if !ok {
		return []ingest.Problem{{File: cpath, Field: cat.list, Msg: "missing or not an array"}}
	}
	var probs []ingest.Problem
	for i, sv := range list {
		src := fmt.Sprintf("%s#%s[%d]", cpath, cat.list, i)
		field := fmt.Sprintf("%s[%d]", cat.list, i)
		spec, ok := sv.(*jsonv.Object)
		if !ok {
			probs = append(probs, ingest.Problem{File: cpath, Field: field, Msg: "must be an object"})
			continue
		}
		id, _ := specID(spec)
		entry := b.Manifest[id]
		if entry == nil {
			probs = append(probs, ingest.Problem{File: cpath, Field: field,
				Msg: fmt.Sprintf("case %q is not in the manifest", id)})
			continue
		}
		proto, _ := entry.String("protocol")
		c, ps := newCase(spec, id, proto, src)
		if ps != nil {
			probs = append(probs, ps...)
			continue
		}
		if c.Protocol != cat.proto {
			probs = append(probs, ingest.Problem{File: cpath, Field: field,
				Msg: fmt.Sprintf("case %q (%s) is in the %s catalog", id, c.Protocol, cat.proto)})
		}
		if want, _ := entry.String("catalog"); want != "" && want != cat.file {
			probs = append(probs, ingest.Problem{File: cpath, Field: field,
				Msg: fmt.Sprintf("manifest puts case %q in %s", id, want)})
		}
		if want, _ := entry.String("case_spec_sha256"); want != "" {
			if got := SpecSHA256(spec); got != want {
				probs = append(probs, ingest.Problem{File: cpath, Field: field,
					Msg: fmt.Sprintf("case %q: case_spec_sha256 is %s, manifest says %s", id, got, want)})
			}
		}
		if found[id] {
			continue // index() reports the duplicate
		}
		found[id] = true
		b.Cases = append(b.Cases, c)
	}
	return probs
}

// manifestNames reports whether an entry of the manifest puts a case in the catalog file
// (or names no catalog, and so may be in any).
func (b *Bench) manifestNames(file string) bool {
	for _, e := range b.Manifest {
		if s, _ := e.String("catalog"); s == file || s == "" {
			return true
		}
	}
	return false
}

// loadCaseEvidence reads env/case_evidence.json, when the checkout has one, into
// b.Evidence.
func (b *Bench) loadCaseEvidence(realRoot, epath string) []ingest.Problem {
	if !fileExists(epath) {
		return nil
	}
	eo, p := b.rootedObject(realRoot, epath)
	if p != nil {
		return []ingest.Problem{*p}
	}
	var probs []ingest.Problem
	list, _ := eo.List("cases")
	for i, v := range list {
		o, ok := v.(*jsonv.Object)
		id, _ := o.String("case_id")
		if !ok || id == "" {
			probs = append(probs, ingest.Problem{File: epath, Field: fmt.Sprintf("cases[%d].case_id", i), Msg: "missing or not a string"})
			continue
		}
		b.Evidence[id] = o
	}
	return probs
}

// rootedObject reads path as one JSON object when it resolves inside realRoot, with the
// bench's one decoder: a checkout's catalogs repeat the same keys and labels, and a
// decoder per file would make its caches and learn them again for each.
func (b *Bench) rootedObject(realRoot, path string) (*jsonv.Object, *ingest.Problem) {
	if err := ingest.WithinRoot(realRoot, path); err != nil {
		return nil, &ingest.Problem{File: path, Msg: strings.TrimPrefix(err.Error(), path+": ")}
	}
	if b.dec == nil {
		b.dec = jsonv.NewDecoder()
	}
	return ingest.ReadJSONObjectWith(b.dec, path)
}

// loadCaseDir reads per-case JSON files from dir (or dir/cases), with evidence from an
// evidence/ directory inside dir or beside a cases/ directory.
func (b *Bench) loadCaseDir(dir string) []ingest.Problem {
	casesDir, evDir := dir, filepath.Join(b.beside("evidence"), "evidence")
	if dirExists(filepath.Join(dir, "cases")) {
		casesDir = filepath.Join(dir, "cases")
	}
	// Every file is read only when its path, links anywhere on it resolved, stays inside
	// dir (or, for evidence beside a cases/ directory, inside their common parent).
	realRoot, evRoot := b.realRoot(dir), b.realRoot(dir)
	if !strings.HasPrefix(filepath.Clean(evDir), filepath.Clean(dir)+string(filepath.Separator)) {
		evRoot = b.realRoot(filepath.Dir(filepath.Clean(dir)))
	}
	names, err := jsonFiles(casesDir)
	if err != nil {
		return []ingest.Problem{{File: casesDir, Msg: err.Error()}}
	}
	var probs []ingest.Problem
	for _, name := range names {
		if strings.HasSuffix(name, ".case_evidence.json") {
			continue
		}
		path := filepath.Join(casesDir, name)
		o, p := b.rootedObject(realRoot, path)
		if p != nil {
			probs = append(probs, *p)
			continue
		}
		stem := strings.TrimSuffix(name, ".json")
		var c *Case
		var ps []ingest.Problem
		if spec, isRow := o.Obj("case_spec"); isRow {
			id, _ := o.String("case_id")
			proto, _ := o.String("protocol")
			c, ps = newCase(spec, id, proto, path)
		} else {
			id := ""
			if own, _ := specID(o); own != "" && strings.HasPrefix(stem, own+"@") {
				id = stem // the file name carries the variant of the spec's own id
			}
			c, ps = newCase(o, id, "", path)
		}
		if ps != nil {
			probs = append(probs, ps...)
			continue
		}
		b.Cases = append(b.Cases, c)
	}
	b.noteUnreadShards(dir)
	if dirExists(evDir) {
		enames, err := jsonFiles(evDir)
		if err != nil {
			return append(probs, ingest.Problem{File: evDir, Msg: err.Error()})
		}
		for _, name := range enames {
			path := filepath.Join(evDir, name)
			o, p := b.rootedObject(evRoot, path)
			if p != nil {
				probs = append(probs, *p)
				continue
			}
			id, _ := o.String("case_id")
			if id == "" {
				probs = append(probs, ingest.Problem{File: path, Field: "case_id", Msg: "missing or not a string"})
				continue
			}
			if strings.HasSuffix(name, ".case_evidence.json") {
				b.Evidence[id] = o
			} else {
				b.Materialized[id] = o
			}
		}
	}
	return probs
}

// jsonFiles lists the *.json entries of dir that are not directories, sorted. Readers
// check that links stay inside their root and refuse what is not a regular file (a named
// pipe, a device), so that such an entry is a problem, not a silent skip.
func jsonFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// loadJSONL reads a JSONL file of {"case_id", "protocol", "case_spec"} rows.
func (b *Bench) loadJSONL(path string) []ingest.Problem {
	f, err := os.Open(path)
	if err != nil {
		return []ingest.Problem{{File: path, Msg: err.Error()}}
	}
	defer f.Close()
	src, closers, err := ingest.Decompress(bufio.NewReader(f))
	if err != nil {
		return []ingest.Problem{{File: path, Msg: err.Error()}}
	}
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 1<<20), ingest.DefaultMaxLineBytes)
	var probs []ingest.Problem
	line := 0
	for sc.Scan() {
		line++
		if ingest.IsBlankLine(sc.Bytes()) {
			continue
		}
		v, err := jsonv.Parse(sc.Bytes())
		if err != nil {
			probs = append(probs, ingest.Problem{File: path, Line: line, Msg: "invalid JSON: " + err.Error()})
			continue
		}
		row, ok := v.(*jsonv.Object)
		if !ok {
			probs = append(probs, ingest.Problem{File: path, Line: line, Msg: "a row must be a JSON object, got " + ingest.TypeName(v)})
			continue
		}
		spec, ok := row.Obj("case_spec")
		if !ok {
			probs = append(probs, ingest.Problem{File: path, Line: line, Field: "case_spec", Msg: "missing or not an object"})
			continue
		}
		id, _ := row.String("case_id")
		proto, _ := row.String("protocol")
		if v, present := row.Get("protocol"); present && v != nil {
			if _, isStr := v.(string); !isStr {
				probs = append(probs, ingest.Problem{File: path, Line: line, Field: "protocol", Msg: "must be a string, got " + ingest.TypeName(v)})
				continue
			}
		}
		c, ps := newCase(spec, id, proto, fmt.Sprintf("%s:%d", path, line))
		if ps != nil {
			probs = append(probs, ps...)
			continue
		}
		b.Cases = append(b.Cases, c)
	}
	if err := sc.Err(); err != nil {
		probs = append(probs, ingest.Problem{File: path, Line: line + 1, Msg: err.Error()})
	}
	return probs
}
