package oracle

import (
	"fmt"
	"strconv"
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
	ancestors    map[string]bool        // nil: every completed commit is a legal ancestor
	equivRefs    map[[2]string][]string // V2 only: the case's equivalent references (idRules), by commit id and path; nil disables them
	commitID     string
	propagation  string
	results      resultPairs // commit id -> recorded result of its action
	errs         []string
	path         []byte   // the path of the value being visited
	slab         *objSlab // where a walk's canonical objects come from (the scratch's); nil: the heap
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

// The path of the value being visited ("arguments.items[0].id") is kept in refCtx.path,
// a buffer pushed and popped as the walk goes, and rendered as a string only for a message
// or a table lookup.

// pathString is the current path.
func (r *refCtx) pathString() string { return string(r.path) }

// push appends a path step (".key" or "[index]") and returns the length to pop back to.
func (r *refCtx) push(key string, index int) int {
	n := len(r.path)
	if index >= 0 {
		r.path = append(r.path, '[')
		r.path = strconv.AppendInt(r.path, int64(index), 10)
		r.path = append(r.path, ']')
	} else {
		r.path = append(r.path, '.')
		r.path = append(r.path, key...)
	}
	return n
}

// canonicalize rewrites result:<public call id>.<field> to result:<hidden commit id>.<field>.
func (r *refCtx) canonicalize(s string) (string, bool) {
	id, field, ok := parseRef(s)
	if !ok {
		r.errs = append(r.errs, r.pathString()+": invalid result reference syntax")
		return s, false
	}
	commit, done := r.callToCommit.get(id)
	if !done {
		r.errs = append(r.errs, fmt.Sprintf("%s: source call %s has not completed", r.pathString(), repr(id)))
		return s, false
	}
	if cm := r.p.commitByID[commit]; cm != nil {
		if canon, ok := r.p.info(cm).canonicalRef(field); ok {
			return canon, true
		}
	}
	r.errs = append(r.errs, fmt.Sprintf("%s: field %s is absent from source result_schema", r.pathString(), repr(field)))
	return s, false
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

// validate returns the canonical arguments and records reference errors. tmplRefs is
// whether the template holds a reference or dependency_receipts (commitInfo.tmplRefs).
func (r *refCtx) validate(args, tmpl *jsonv.Object, tmplRefs bool) *jsonv.Object {
	if !tmplRefs && !containsRefs(args) {
		return args // nothing to canonicalize or compare: the evaluator's copy equals the input
	}
	r.path = append(r.path[:0], "arguments"...)
	v, _ := r.visit(args, tmpl, true)
	out, _ := v.(*jsonv.Object)
	return out
}

// visit returns the canonical form of a and whether it may differ from a. Containers are
// copied only when a part of them changed: the rest of the tree is shared with the
// record, which nothing writes into.
func (r *refCtx) visit(a, e any, eOK bool) (any, bool) {
	if eOK && string(r.path) == "arguments.dependency_receipts" {
		if el, ok := e.([]any); ok {
			return r.receipts(a, el), true
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
		var out *jsonv.Object
		for i, k := range x.Keys {
			ce, cOK := eo.Get(k)
			n := r.push(k, -1)
			v, changed := r.visit(x.Values[i], ce, cOK)
			r.path = r.path[:n]
			if changed && out == nil {
				out = r.slab.object(x.Len())
				out.Keys = append(out.Keys, x.Keys[:i]...)
				out.Values = append(out.Values, x.Values[:i]...)
			}
			if out != nil {
				out.Keys = append(out.Keys, k)
				out.Values = append(out.Values, v)
			}
		}
		var res any = x
		if out != nil {
			res = out
		}
		if isExpRef {
			return r.concrete(res, expRef), true
		}
		return res, out != nil
	case []any:
		el, _ := e.([]any)
		if !eOK {
			el = nil
		}
		var out []any
		for i, c := range x {
			var ce any
			cOK := i < len(el)
			if cOK {
				ce = el[i]
			}
			n := r.push("", i)
			v, changed := r.visit(c, ce, cOK)
			r.path = r.path[:n]
			if changed && out == nil {
				out = r.slab.list(len(x))
				copy(out, x[:i])
			}
			if out != nil {
				out[i] = v
			}
		}
		var res any = x
		if out != nil {
			res = out
		}
		if isExpRef {
			return r.concrete(res, expRef), true
		}
		return res, out != nil
	case string:
		if strings.HasPrefix(x, "result:") {
			// The template's and the record's strings are returned as the values they
			// already are: boxing an equal string anew costs an allocation per reference.
			if isExpRef && r.propagation == PropagationOff {
				return e, true
			}
			canon, _ := r.canonicalize(x)
			if r.equivRefs != nil {
				if set, ok := r.equivRefs[[2]string{r.commitID, r.pathString()}]; ok && inStrings(set, canon) && isExpRef && inStrings(set, expRef) {
					canon = expRef
				}
			}
			if isExpRef && canon != expRef {
				r.errs = append(r.errs, fmt.Sprintf("%s: resolved dependency %s does not match required %s", r.pathString(), repr(canon), repr(expRef)))
			}
			switch {
			case canon == x:
				return a, false
			case isExpRef && canon == expRef:
				return e, true
			}
			return canon, true
		}
	}
	if isExpRef {
		return r.concrete(a, expRef), true
	}
	return a, false
}

// concrete handles a non-reference value where the template expects a reference.
func (r *refCtx) concrete(a any, expRef string) any {
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
			r.errs = append(r.errs, r.pathString()+": concrete value does not equal the referenced action's recorded result")
			return a
		}
	}
	r.errs = append(r.errs, r.pathString()+": concrete or fabricated prior result ID is forbidden")
	return a
}

// receipts checks arguments.dependency_receipts.
func (r *refCtx) receipts(a any, expected []any) any {
	l, ok := a.([]any)
	if !ok {
		if s, isRef := isRefString(a); isRef {
			r.canonicalize(s)
		}
		r.errs = append(r.errs, r.pathString()+": dependency_receipts must be a list")
		return a
	}
	if r.propagation == PropagationOff {
		return append([]any(nil), expected...)
	}
	out := r.slab.list(len(l))
	for i, it := range l {
		if s, isRef := isRefString(it); isRef {
			n := r.push("", i)
			out[i], _ = r.canonicalize(s)
			r.path = r.path[:n]
			continue
		}
		out[i] = it
		if r.propagation == PropagationValue {
			if ref := r.refForValue(it); ref != "" {
				out[i] = ref
			}
		}
	}
	if hasDupCanonical(out) {
		r.errs = append(r.errs, r.pathString()+": duplicate dependency receipt is forbidden")
	}
	var missing []any
	for _, it := range expected {
		if !containsItem(out, it) {
			missing = append(missing, it)
		}
	}
	if len(missing) > 0 {
		r.errs = append(r.errs, r.pathString()+": required dependency receipts are missing: "+jsonv.PyStr(missing))
	}
	for i, it := range out {
		s, isStr := it.(string)
		id, _, ok := parseRef(s)
		if !isStr || !ok {
			n := r.push("", i)
			r.errs = append(r.errs, r.pathString()+": dependency receipt must be a result reference")
			r.path = r.path[:n]
			continue
		}
		if !r.legal(id) {
			n := r.push("", i)
			r.errs = append(r.errs, fmt.Sprintf("%s: source commit %s is not a legal ancestor of the current commit", r.pathString(), repr(id)))
			r.path = r.path[:n]
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
