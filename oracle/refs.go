package oracle

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// refCtx validates result references of one action against one commit template
// (canonicalize_public_result_references + validate_v2_prior_result_arguments), with the
// propagation policy applied where the template expects a reference.
type refCtx struct {
	p            *Prepared
	callToCommit strPairs
	completed    strSet
	ancestors    map[string]bool // nil: every completed commit is a legal ancestor
	equivCase    string          // V2 only: the case id for the equivalence table ("" disables it)
	commitID     string
	propagation  string
	results      resultPairs // commit id -> recorded result of its action
	errs         []string
}

func isRefString(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok && strings.HasPrefix(s, "result:")
}

func refChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// parseRef fullmatches ^result:([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$.
func parseRef(s string) (id, field string, ok bool) {
	rest, found := strings.CutPrefix(s, "result:")
	if !found {
		return "", "", false
	}
	dot := strings.IndexByte(rest, '.')
	if dot <= 0 || dot == len(rest)-1 {
		return "", "", false
	}
	id, field = rest[:dot], rest[dot+1:]
	for i := 0; i < len(id); i++ {
		if !refChar(id[i]) {
			return "", "", false
		}
	}
	for i := 0; i < len(field); i++ {
		if !refChar(field[i]) {
			return "", "", false
		}
	}
	return id, field, true
}

// canonicalize rewrites result:<public call id>.<field> to result:<hidden commit id>.<field>.
func (r *refCtx) canonicalize(s, path string) (string, bool) {
	id, field, ok := parseRef(s)
	if !ok {
		r.errs = append(r.errs, path+": invalid result reference syntax")
		return s, false
	}
	commit, done := r.callToCommit.get(id)
	if !done {
		r.errs = append(r.errs, fmt.Sprintf("%s: source call %s has not completed", path, repr(id)))
		return s, false
	}
	cm := r.p.commitByID[commit]
	if cm == nil || cm.ResultSchema == nil || !cm.ResultSchema.Has(field) {
		r.errs = append(r.errs, fmt.Sprintf("%s: field %s is absent from source result_schema", path, repr(field)))
		return s, false
	}
	return "result:" + commit + "." + field, true
}

// containsRefs reports any "result:" string at any depth.
func containsRefs(v any) bool {
	switch x := v.(type) {
	case *jsonv.Object:
		for _, c := range x.Values {
			if containsRefs(c) {
				return true
			}
		}
	case []any:
		for _, c := range x {
			if containsRefs(c) {
				return true
			}
		}
	case string:
		return strings.HasPrefix(x, "result:")
	}
	return false
}

// validate returns the canonical arguments and records reference errors.
func (r *refCtx) validate(args, tmpl *jsonv.Object) *jsonv.Object {
	if !containsRefs(args) && !containsRefs(tmpl) && !tmpl.Has("dependency_receipts") {
		return args // nothing to canonicalize or compare: the evaluator's copy equals the input
	}
	out, _ := r.visit(args, tmpl, true, "arguments").(*jsonv.Object)
	return out
}

func (r *refCtx) visit(a, e any, eOK bool, path string) any {
	if path == "arguments.dependency_receipts" && eOK {
		if el, ok := e.([]any); ok {
			return r.receipts(a, el, path)
		}
	}
	expRef, isExpRef := "", false
	if eOK {
		expRef, isExpRef = isRefString(e)
	}
	switch x := a.(type) {
	case *jsonv.Object:
		eo, _ := e.(*jsonv.Object)
		if !eOK {
			eo = nil
		}
		out := &jsonv.Object{Keys: make([]string, 0, x.Len()), Values: make([]any, 0, x.Len())}
		for i, k := range x.Keys {
			ce, cOK := eo.Get(k)
			out.Keys = append(out.Keys, k)
			out.Values = append(out.Values, r.visit(x.Values[i], ce, cOK, path+"."+k))
		}
		if isExpRef {
			return r.concrete(out, expRef, path)
		}
		return out
	case []any:
		el, _ := e.([]any)
		if !eOK {
			el = nil
		}
		out := make([]any, len(x))
		for i, c := range x {
			var ce any
			cOK := i < len(el)
			if cOK {
				ce = el[i]
			}
			out[i] = r.visit(c, ce, cOK, fmt.Sprintf("%s[%d]", path, i))
		}
		if isExpRef {
			return r.concrete(out, expRef, path)
		}
		return out
	case string:
		if strings.HasPrefix(x, "result:") {
			if isExpRef && r.propagation == PropagationOff {
				return expRef
			}
			canon, _ := r.canonicalize(x, path)
			if r.equivCase != "" {
				if set, ok := v2EquivalentRefs[[3]string{r.equivCase, r.commitID, path}]; ok && inStrings(set, canon) && isExpRef && inStrings(set, expRef) {
					canon = expRef
				}
			}
			if isExpRef && canon != expRef {
				r.errs = append(r.errs, fmt.Sprintf("%s: resolved dependency %s does not match required %s", path, repr(canon), repr(expRef)))
			}
			return canon
		}
	}
	if isExpRef {
		return r.concrete(a, expRef, path)
	}
	return a
}

// concrete handles a non-reference value where the template expects a reference.
func (r *refCtx) concrete(a any, expRef, path string) any {
	switch r.propagation {
	case PropagationOff:
		if a != nil && a != "" && !isPlaceholder(a) {
			return expRef
		}
	case PropagationValue:
		if id, field, ok := parseRef(expRef); ok {
			if res := r.results.get(id); res != nil {
				if v, ok := res.Get(field); ok && strictMatches(a, v) && strictMatches(v, a) {
					return expRef
				}
			}
			r.errs = append(r.errs, path+": concrete value does not equal the referenced action's recorded result")
			return a
		}
	}
	r.errs = append(r.errs, path+": concrete or fabricated prior result ID is forbidden")
	return a
}

// receipts checks arguments.dependency_receipts.
func (r *refCtx) receipts(a any, expected []any, path string) any {
	l, ok := a.([]any)
	if !ok {
		if s, isRef := isRefString(a); isRef {
			r.canonicalize(s, path)
		}
		r.errs = append(r.errs, path+": dependency_receipts must be a list")
		return a
	}
	if r.propagation == PropagationOff {
		return append([]any(nil), expected...)
	}
	out := make([]any, len(l))
	for i, it := range l {
		ip := fmt.Sprintf("%s[%d]", path, i)
		if s, isRef := isRefString(it); isRef {
			out[i], _ = r.canonicalize(s, ip)
			continue
		}
		out[i] = it
		if r.propagation == PropagationValue {
			if ref := r.refForValue(it); ref != "" {
				out[i] = ref
			}
		}
	}
	seen := map[string]bool{}
	dup := false
	for _, it := range out {
		k := string(jsonv.Canonical(it, true))
		dup = dup || seen[k]
		seen[k] = true
	}
	if dup {
		r.errs = append(r.errs, path+": duplicate dependency receipt is forbidden")
	}
	var missing []any
	for _, it := range expected {
		if !containsItem(out, it) {
			missing = append(missing, it)
		}
	}
	if len(missing) > 0 {
		r.errs = append(r.errs, path+": required dependency receipts are missing: "+jsonv.PyStr(missing))
	}
	for i, it := range out {
		ip := fmt.Sprintf("%s[%d]", path, i)
		s, isStr := it.(string)
		id, _, ok := parseRef(s)
		if !isStr || !ok {
			r.errs = append(r.errs, ip+": dependency receipt must be a result reference")
			continue
		}
		if !r.legal(id) {
			r.errs = append(r.errs, fmt.Sprintf("%s: source commit %s is not a legal ancestor of the current commit", ip, repr(id)))
		}
	}
	return out
}

// refForValue finds a legal completed commit whose recorded result holds this value
// (propagation=value), and returns the reference it stands for.
func (r *refCtx) refForValue(v any) string {
	for _, cm := range r.p.commits {
		if cm == nil || !r.legal(cm.ID) {
			continue
		}
		res := r.results.get(cm.ID)
		if res == nil {
			continue
		}
		for i, k := range res.Keys {
			if strictMatches(v, res.Values[i]) && strictMatches(res.Values[i], v) {
				return "result:" + cm.ID + "." + k
			}
		}
	}
	return ""
}

// legal reports whether a commit is a legal ancestor source: completed, and in V3 an
// ancestor of the commit being matched.
func (r *refCtx) legal(id string) bool {
	return r.completed.has(id) && (r.ancestors == nil || r.ancestors[id])
}
