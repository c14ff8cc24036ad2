package casespec

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// QueryShard is a released V3 case's episode query shard (env/v3_episode_query_shards/),
// loaded and verified once per case as the release loader does (load_v3_episode_query_shard). The oracle replays information calls
// against it.
type QueryShard struct {
	Source       string // the entry file
	MaxInfoCalls int64
	Tools        map[string]*ShardTool
}

// ShardTool is one tool's candidates, in shard order (pagination follows it).
type ShardTool struct {
	Candidates []ShardCandidate
	// Selector is the union of the candidates' argument keys (plus the tool's
	// accepted_public_selector_fields, which only load-time patches set): any other
	// requested field makes the replay fail.
	Selector map[string]bool
}

// ShardCandidate is one candidate read: its complete arguments and the evidence-delta key
// an exact, unique selector of it binds ("" for none).
type ShardCandidate struct {
	Arguments *jsonv.Object
	Key       string
}

// Shard schema constants of the release (load_v3_episode_query_shard).
const (
	shardIndexSchema = "safeact_v3_episode_query_shard_index_v1"
	shardEntrySchema = "safeact_v3_episode_query_shard_entry_v1"
	shardIndexRel    = "env/v3_episode_query_shards/index.json"
	shardMaxCands    = 512
	shardPerShape    = 8
)

var (
	releasedV3ID = regexp.MustCompile(`^SAB-V3-\d{3}$`)
	hexDigest    = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// IsReleasedV3ID reports whether id names a case of the released V3 set (SAB-V3-NNN): the
// cases with query shards, whose public action contract the oracle enforces.
func IsReleasedV3ID(id string) bool { return releasedV3ID.MatchString(id) }

// sha256Canonical is sha256_canonical_json: json.dumps(sort_keys, compact, ensure_ascii=True).
func sha256Canonical(v any) string {
	sum := sha256.Sum256(jsonv.Canonical(v, true))
	return hex.EncodeToString(sum[:])
}

// ShardDigest is the manifest_digest / entry_digest of an index or entry object: the
// sha256-canonical of the object without its digest field named field.
func ShardDigest(o *jsonv.Object, field string) string {
	q := &jsonv.Object{}
	for i, k := range o.Keys {
		if k != field {
			q.Set(k, o.Values[i])
		}
	}
	return sha256Canonical(q)
}

// loadShards attaches the query shard of every released V3 case of a checkout that has
// env/v3_episode_query_shards/. A shard that does not verify is a load problem: the
// evaluator would stop evaluating that case (there is no silent downgrade).
// It also checks the V3 public action scopes (action_scopes.go).
func (b *Bench) loadShards(root string) []ingest.Problem {
	scopes := b.checkActionScopes(root)
	dir := filepath.Join(root, "env", "v3_episode_query_shards")
	if !dirExists(dir) {
		return scopes
	}
	// Every file of the shard tree is read only when its path, links on the way resolved,
	// stays inside the checkout, and only when it is a regular file.
	realRoot := b.realRoot(root)
	ipath := filepath.Join(root, filepath.FromSlash(shardIndexRel))
	index, p := b.rootedObject(realRoot, ipath)
	if p != nil {
		return append(scopes, *p)
	}
	if probs := checkShardIndex(ipath, index); len(probs) > 0 {
		return append(scopes, probs...)
	}
	mpath := filepath.Join(root, "env", "case_manifest.json")
	if probs := b.checkShardRelease(realRoot, mpath, ipath, index); len(probs) > 0 {
		return append(scopes, probs...)
	}
	probs := scopes
	for _, c := range b.Cases {
		if c.Protocol != ingest.V3 || c.Variant != "" || !releasedV3ID.MatchString(c.BaseID) {
			continue
		}
		sh, ps := loadShardEntry(realRoot, dir, ipath, index, c)
		probs = append(probs, ps...)
		c.Shard = sh
	}
	return probs
}

// noteUnreadShards marks the released V3 cases of a case directory that holds
// env/v3_episode_query_shards/ (the release's folders copied beside cases/): the shard is
// not loaded, since its index is attested only by a checkout's env/case_manifest.json, and
// the oracle, which then trusts the recorded keys, must not say the directory is absent.
func (b *Bench) noteUnreadShards(dir string) {
	sdir := filepath.Join(dir, "env", "v3_episode_query_shards")
	if !dirExists(sdir) {
		return
	}
	why := "the bench's env/v3_episode_query_shards/ is read only in a SafeActBench checkout, whose env/case_manifest.json attests the shard index; this bench is a case directory"
	n := 0
	for _, c := range b.Cases {
		if c.Protocol == ingest.V3 && c.Variant == "" && releasedV3ID.MatchString(c.BaseID) {
			c.ShardUnread = why
			n++
		}
	}
	if n > 0 {
		b.Warnings = append(b.Warnings, ingest.Problem{File: sdir, Msg: fmt.Sprintf("query shards not loaded for %s: the bench is not a SafeActBench checkout (env/case_manifest.json attests the shard index); their reads are scored by the recorded evidence_delta_key", ingest.Plural(n, "released V3 case"))})
	}
}

// checkShardIndex is the structural part of _validate_v3_query_shard_manifest_structure
// that replay depends on: schema, digest, and per-episode paths and attestations.
func checkShardIndex(ipath string, ix *jsonv.Object) []ingest.Problem {
	var probs []ingest.Problem
	bad := func(field, format string, a ...any) {
		probs = append(probs, ingest.Problem{File: ipath, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	if s, _ := ix.String("schema_version"); s != shardIndexSchema {
		bad("schema_version", "is %q, want %q", s, shardIndexSchema)
	}
	if s, _ := ix.String("dataset_version"); s == "" {
		bad("dataset_version", "missing or empty")
	}
	want, _ := ix.String("manifest_digest")
	if got := ShardDigest(ix, "manifest_digest"); want != got {
		bad("manifest_digest", "is %q, the index hashes to %s", want, got)
	}
	if n, _ := ix.Get("candidates_per_raw_shape"); n != int64(shardPerShape) {
		bad("candidates_per_raw_shape", "is %v, want %d", n, shardPerShape)
	}
	eps, ok := ix.Obj("episodes")
	if !ok {
		bad("episodes", "missing or not an object")
		return probs
	}
	if n, _ := ix.Get("episode_count"); n != int64(eps.Len()) {
		bad("episode_count", "is %v, episodes has %d", n, eps.Len())
	}
	for i, id := range eps.Keys {
		e, ok := eps.Values[i].(*jsonv.Object)
		field := "episodes." + id
		if !ok {
			bad(field, "must be an object")
			continue
		}
		if rp, _ := e.String("relative_path"); rp != "episodes/"+id+".json" {
			bad(field+".relative_path", "is %q, want %q", rp, "episodes/"+id+".json")
		}
		for _, k := range []string{"sha256", "entry_digest", "case_spec_sha256"} {
			if s, _ := e.String(k); !hexDigest.MatchString(s) {
				bad(field+"."+k, "is not a sha256 hex digest")
			}
		}
		if n, ok := e.Get("size_bytes"); !ok || !isPositiveInt(n) {
			bad(field+".size_bytes", "must be a positive integer")
		}
	}
	return probs
}

// checkShardRelease is the release binding: env/case_manifest.json must exist, name the same
// dataset version and copy the index's attestation exactly.
func (b *Bench) checkShardRelease(realRoot, mpath, ipath string, ix *jsonv.Object) []ingest.Problem {
	man, p := b.rootedObject(realRoot, mpath)
	if p != nil {
		return []ingest.Problem{*p}
	}
	dv, _ := ix.String("dataset_version")
	if mv, _ := man.String("dataset_version"); mv != dv {
		return []ingest.Problem{{File: mpath, Field: "dataset_version", Msg: fmt.Sprintf("is %q, the query-shard index says %q", mv, dv)}}
	}
	want := jsonv.NewObject("path", shardIndexRel)
	for _, k := range []string{"schema_version", "manifest_digest", "public_contract_sources_sha256", "episode_count",
		"tool_shard_count", "candidates_per_raw_shape", "min_candidate_count", "max_candidate_count", "worst_case_info_calls"} {
		v, _ := ix.Get(k)
		want.Set(k, v)
	}
	got, _ := man.Get("v3_information_query_shards")
	if string(jsonv.Canonical(got, true)) != string(jsonv.Canonical(want, true)) {
		return []ingest.Problem{{File: mpath, Field: "v3_information_query_shards",
			Msg: fmt.Sprintf("does not match %s (want %s)", ipath, jsonv.Canonical(want, true))}}
	}
	return nil
}

// loadShardEntry reads one attested entry (size and sha256 of the bytes before parsing),
// binds it to the index and the case object, and checks the structure replay relies on.
func loadShardEntry(realRoot, dir, ipath string, ix *jsonv.Object, c *Case) (*QueryShard, []ingest.Problem) {
	eps, _ := ix.Obj("episodes")
	meta, ok := eps.Obj(c.BaseID)
	if !ok {
		return nil, []ingest.Problem{{File: ipath, Field: "episodes", Msg: fmt.Sprintf("released V3 case %q has no query shard", c.BaseID)}}
	}
	field := "episodes." + c.BaseID
	if want, _ := meta.String("case_spec_sha256"); want != sha256Canonical(c.Spec) {
		return nil, []ingest.Problem{{File: ipath, Field: field + ".case_spec_sha256",
			Msg: fmt.Sprintf("is %s, case %s (%s) hashes to %s: case-spec digest mismatch", want, c.BaseID, c.Source, sha256Canonical(c.Spec))}}
	}
	epath := filepath.Join(dir, "episodes", c.BaseID+".json")
	data, err := readRooted(realRoot, epath, 64<<20)
	if err != nil {
		return nil, []ingest.Problem{{File: epath, Msg: err.Error()}}
	}
	size, _ := meta.Get("size_bytes")
	if int64(len(data)) != size {
		return nil, []ingest.Problem{{File: epath, Msg: fmt.Sprintf("is %d bytes, %s says %v", len(data), ipath, size)}}
	}
	sum := sha256.Sum256(data)
	if want, _ := meta.String("sha256"); hex.EncodeToString(sum[:]) != want {
		return nil, []ingest.Problem{{File: epath, Msg: fmt.Sprintf("sha256 is %s, %s says %s", hex.EncodeToString(sum[:]), ipath, want)}}
	}
	entry, err := jsonv.ParseObject(data)
	if err != nil {
		line, text := ingest.SyntaxAt(data, err)
		return nil, []ingest.Problem{{File: epath, Line: line, Msg: text}}
	}
	var probs []ingest.Problem
	bad := func(f, format string, a ...any) {
		probs = append(probs, ingest.Problem{File: epath, Field: f, Msg: fmt.Sprintf(format, a...)})
	}
	fields := []string{"schema_version", "episode_id", "env_id", "world_snapshot_version", "world_digest",
		"case_spec_sha256", "max_info_calls", "worst_case_info_calls", "tools", "entry_digest"}
	if got := append([]string(nil), entry.Keys...); !sameSet(got, fields) {
		bad("", "fields are %v, want exactly %v", sorted(got), sorted(fields))
	}
	if s, _ := entry.String("schema_version"); s != shardEntrySchema {
		bad("schema_version", "is %q, want %q", s, shardEntrySchema)
	}
	if s, _ := entry.String("episode_id"); s != c.BaseID {
		bad("episode_id", "is %q, want %q", s, c.BaseID)
	}
	digest, _ := entry.String("entry_digest")
	if got := ShardDigest(entry, "entry_digest"); digest != got {
		bad("entry_digest", "is %q, the entry hashes to %s", digest, got)
	}
	if want, _ := meta.String("entry_digest"); digest != want {
		bad("entry_digest", "is %q, %s says %q", digest, ipath, want)
	}
	for _, k := range []string{"env_id", "world_snapshot_version", "world_digest", "case_spec_sha256", "max_info_calls", "worst_case_info_calls"} {
		a, _ := entry.Get(k)
		b, _ := meta.Get(k)
		if string(jsonv.Canonical(a, true)) != string(jsonv.Canonical(b, true)) {
			bad(k, "is %s, %s says %s", jsonv.Canonical(a, true), ipath, jsonv.Canonical(b, true))
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	sh, probs := shardTools(epath, entry, meta)
	if sh == nil {
		return nil, probs
	}
	// v3_query_shard_context: the shard serves exactly the case's info tools, same budget.
	spec, _ := DecodeSpec(c)
	if spec != nil {
		var tools []string
		for t := range sh.Tools {
			tools = append(tools, t)
		}
		if !sameSet(tools, spec.InfoTools) {
			bad("tools", "serve %v, case %s declares info_tools %v", sorted(tools), c.BaseID, sorted(spec.InfoTools))
		}
		if sh.MaxInfoCalls != int64(spec.MaxInfoCalls) {
			bad("max_info_calls", "is %d, case %s says %d", sh.MaxInfoCalls, c.BaseID, spec.MaxInfoCalls)
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return sh, nil
}

// shardTools checks the tools object (candidate counts and fields, unique arguments, at
// least two unbound candidates per tool, the worst-case attestation) and builds the shard.
func shardTools(epath string, entry, meta *jsonv.Object) (*QueryShard, []ingest.Problem) {
	var probs []ingest.Problem
	bad := func(f, format string, a ...any) {
		probs = append(probs, ingest.Problem{File: epath, Field: f, Msg: fmt.Sprintf(format, a...)})
	}
	tools, ok := entry.Obj("tools")
	if !ok || tools.Len() == 0 {
		bad("tools", "must be a non-empty object")
		return nil, probs
	}
	if n, _ := meta.Get("tool_count"); n != int64(tools.Len()) {
		bad("tools", "has %d tools, the index says tool_count %v", tools.Len(), n)
	}
	maxCalls, _ := entry.Get("max_info_calls")
	mc, _ := maxCalls.(int64)
	sh := &QueryShard{Source: epath, MaxInfoCalls: mc, Tools: map[string]*ShardTool{}}
	worst := int64(0)
	for i, name := range tools.Keys {
		f := "tools." + name
		to, ok := tools.Values[i].(*jsonv.Object)
		cl, _ := to.List("candidates")
		if !ok || to.Len() != 1 || cl == nil {
			bad(f, "must be exactly {candidates: [...]}")
			continue
		}
		if len(cl) < shardPerShape || len(cl) > shardMaxCands {
			bad(f+".candidates", "has %d candidates, want %d to %d", len(cl), shardPerShape, shardMaxCands)
		}
		worst += 1 + int64(len(cl))
		st := &ShardTool{Selector: map[string]bool{}}
		seen := map[string]bool{}
		unbound := 0
		for j, cv := range cl {
			cf := fmt.Sprintf("%s.candidates[%d]", f, j)
			co, ok := cv.(*jsonv.Object)
			if !ok || co.Len() != 3 || !co.Has("arguments") || !co.Has("observations") || !co.Has("evidence_delta_key") {
				bad(cf, "must be exactly {arguments, observations, evidence_delta_key}")
				continue
			}
			args, ok := co.Obj("arguments")
			if !ok || args.Len() == 0 {
				bad(cf+".arguments", "must be a non-empty object")
				continue
			}
			canon := string(jsonv.Canonical(args, true))
			if seen[canon] {
				bad(cf+".arguments", "duplicates another candidate's arguments %s", canon)
			}
			seen[canon] = true
			cand := ShardCandidate{Arguments: args}
			switch k, _ := co.Get("evidence_delta_key"); x := k.(type) {
			case nil:
				unbound++
			case string:
				if x == "" {
					bad(cf+".evidence_delta_key", "must be null or a non-empty string")
				}
				cand.Key = x
			default:
				bad(cf+".evidence_delta_key", "must be null or a non-empty string")
			}
			for _, k := range args.Keys {
				st.Selector[k] = true
			}
			st.Candidates = append(st.Candidates, cand)
		}
		if unbound < 2 {
			bad(f, "has %d candidates without a key, want at least 2", unbound)
		}
		sh.Tools[name] = st
	}
	if w, _ := entry.Get("worst_case_info_calls"); w != worst {
		bad("worst_case_info_calls", "is %v, the tools give %d (one discovery plus one read per candidate)", w, worst)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return sh, nil
}

func isPositiveInt(v any) bool {
	n, ok := v.(int64)
	return ok && n > 0
}

func sameSet(a, b []string) bool {
	return strings.Join(sorted(a), "\x00") == strings.Join(sorted(b), "\x00")
}

func sorted(a []string) []string {
	out := append([]string(nil), a...)
	sort.Strings(out)
	return out
}
