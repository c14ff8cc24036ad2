package casespec

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// actionScopesRel is the release's registry of V3 public action scopes.
const actionScopesRel = "scripts/v3_public_action_scopes.json"

// checkActionScopes is the scope part of available_action_tool_specs for released V3 ids
// (the release loader's rule), applied when the checkout has scripts/v3_public_action_scopes.json:
// the case's list is 9 distinct non-empty names equal (in order) to public_action_tools,
// metadata.public_action_scope_policy attests the registry file and the list, and every
// workflow tool is in scope. The evaluator raises on a failure, so each is a load problem.
// (The argument schemas, unions over the whole V3 catalog, are not derived here.)
func (b *Bench) checkActionScopes(root string) []ingest.Problem {
	path := filepath.Join(root, filepath.FromSlash(actionScopesRel))
	if !fileExists(path) {
		return nil
	}
	data, err := readRooted(b.realRoot(root), path, 64<<20)
	if err != nil {
		return []ingest.Problem{{File: path, Msg: err.Error()}}
	}
	reg, err := jsonv.ParseObject(data)
	if err != nil {
		line, text := ingest.SyntaxAt(data, err)
		return []ingest.Problem{{File: path, Line: line, Msg: text}}
	}
	sum := sha256.Sum256(data)
	fileSHA := hex.EncodeToString(sum[:])
	var probs []ingest.Problem
	for _, c := range b.Cases {
		if c.Protocol != ingest.V3 || c.Variant != "" || !releasedV3ID.MatchString(c.BaseID) {
			continue
		}
		bad := func(file, field, format string, a ...any) {
			probs = append(probs, ingest.Problem{File: file, Field: field, Msg: fmt.Sprintf("case %s: ", c.BaseID) + fmt.Sprintf(format, a...)})
		}
		raw, _ := reg.Get(c.BaseID)
		list, ok := raw.([]any)
		var names []string
		seen := map[string]bool{}
		for _, v := range list {
			if s, isStr := v.(string); isStr && s != "" && !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
		if !ok || len(list) != 9 || len(names) != 9 {
			bad(path, c.BaseID, "must list 9 distinct non-empty tool names")
			continue
		}
		pub, _ := c.Spec.Get("public_action_tools")
		if string(jsonv.Canonical(pub, true)) != string(jsonv.Canonical(raw, true)) {
			bad(c.Source, "public_action_tools", "is %s, %s says %s", jsonv.Canonical(pub, true), path, jsonv.Canonical(raw, true))
		}
		caseSum := sha256.Sum256(jsonv.Canonical(raw, true))
		want := jsonv.NewObject("fixed_public_tool_count", int64(9), "materialization_source_path", actionScopesRel,
			"name", "authored_case_local_public_action_scope", "registry_file_sha256", fileSHA,
			"registry_case_digest", hex.EncodeToString(caseSum[:]))
		md, _ := c.Spec.Obj("metadata")
		got, _ := md.Get("public_action_scope_policy")
		if string(jsonv.Canonical(got, true)) != string(jsonv.Canonical(want, true)) {
			bad(c.Source, "metadata.public_action_scope_policy", "is %s, want %s", jsonv.Canonical(got, true), jsonv.Canonical(want, true))
		}
		spec, _ := DecodeSpec(c)
		if spec != nil {
			for _, cm := range spec.Workflow {
				if cm != nil && cm.ToolOK && !seen[cm.Tool] {
					bad(c.Source, "workflow", "commit %s uses %s, which is not in its public action scope", cm.ID, cm.Tool)
				}
			}
		}
	}
	return probs
}
