package oracle

import "github.com/sabench/sabench-stats/ingest/casespec"

// commitInfo is what a workflow walk reads of a commit at every action and gate, kept in
// one slice beside the workflow (Prepared.commitInfos) rather than behind three maps and
// the commit's raw object: in a release read in order an episode meets its case's data
// cold, and each map lookup or raw-object scan is a few more cache lines to fetch.
type commitInfo struct {
	rawToolStr bool            // the commit's "tool" is a string (cm.Tool, maybe empty)
	toolV      any             // cm.Tool as an interface value, for the gates' action conditions
	tmplRefs   bool            // its arguments template holds a result reference or dependency_receipts
	reqs       []dagReq        // its requirements, compiled (commitReqs)
	post       []specFact      // its postconditions as facts (postFacts)
	ancestors  map[string]bool // its transitive ancestors (transitiveAncestors)
	// refs are the canonical references to its result's fields ("result:<commit>.<field>"
	// for each field of result_schema), made once rather than at every reference.
	refs []canonRef
}

type canonRef struct{ field, ref string }

// canonicalRef is the canonical reference to field of the commit's result, and whether
// result_schema has that field.
func (ci *commitInfo) canonicalRef(field string) (string, bool) {
	for i := range ci.refs {
		if ci.refs[i].field == field {
			return ci.refs[i].ref, true
		}
	}
	return "", false
}

// indexCommits fills commitInfos from the maps prepareWorkflow built.
func (p *Prepared) indexCommits() {
	p.commitInfos = make([]commitInfo, len(p.commits))
	for i, cm := range p.commits {
		if cm != nil {
			p.commitInfos[i] = p.newCommitInfo(cm)
		}
	}
}

func (p *Prepared) newCommitInfo(cm *casespec.Commit) commitInfo {
	ci := commitInfo{rawToolStr: isString(mustGet(cm.Raw, "tool")), toolV: cm.Tool, reqs: p.commitReqs[cm],
		post: p.postFacts[cm]}
	if p.commitByID[cm.ID] != nil { // nil ancestors, no restriction, for a commit of no workflow
		ci.ancestors = p.transitiveAncestors(cm.ID)
	}
	ci.tmplRefs = containsRefs(cm.Arguments) || cm.Arguments.Has("dependency_receipts")
	if cm.ResultSchema != nil {
		for _, k := range cm.ResultSchema.Keys {
			ci.refs = append(ci.refs, canonRef{k, "result:" + cm.ID + "." + k})
		}
	}
	return ci
}

// info returns cm's commitInfo; cm is one of the workflow's commits (its Index is its
// position), else its info is built afresh.
func (p *Prepared) info(cm *casespec.Commit) *commitInfo {
	if i := cm.Index; i >= 0 && i < len(p.commits) && p.commits[i] == cm {
		return &p.commitInfos[i]
	}
	ci := p.newCommitInfo(cm)
	return &ci
}
