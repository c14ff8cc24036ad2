package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// comparator selects how commit template values are compared.
type comparator int

const (
	cmpStructured   comparator = iota // V1
	cmpStrict                         // V2: strict JSON plus unordered workflow collections
	cmpStructuredWF                   // V3: structured plus unordered workflow collections
)

// agentGenerated is AGENT_GENERATED_ACTION_ARGUMENTS.
const agentGenerated = "idempotency_key"

func validIdempotencyKey(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) != "" && len([]rune(s)) <= 256 && !strings.HasPrefix(s, "$")
}

const summaryMismatchPrefix = "argument 'summary_facts'="

// matchErrors is commit_action_match_errors: an empty result means the action matches.
func matchErrors(eventType, tool string, args *jsonv.Object, tmplTool string, tmplToolOK bool, tmplArgs *jsonv.Object, payloadPolicy *jsonv.Object, mode comparator, lean bool) []string {
	var errs []string
	// Without detail the callers read only whether there are errors and whether all of them
	// are summary_facts mismatches: messages are not rendered (not even their reprs), and
	// the first other error settles both.
	msg := func(short string, full func() string) string {
		if lean {
			return short
		}
		return full()
	}
	stop := func() bool { return lean && errs[len(errs)-1] != summaryMismatchPrefix }
	if eventType != "CONSEQUENTIAL_CALL" {
		errs = append(errs, "event type is not CONSEQUENTIAL_CALL")
		if stop() {
			return errs
		}
	}
	if tmplToolOK && tool != tmplTool {
		errs = append(errs, msg("tool", func() string {
			return fmt.Sprintf("tool %s does not match expected commit tool %s", repr(tool), repr(tmplTool))
		}))
		if stop() {
			return errs
		}
	}
	if args == nil {
		args = &jsonv.Object{}
	}
	if containsPlaceholder(args) {
		errs = append(errs, "action arguments contain an unresolved authoring placeholder")
		if stop() {
			return errs
		}
	}
	var forbidden []any
	if payloadPolicy != nil {
		forbidden, _ = payloadPolicy.List("forbidden_free_text_fields")
	}
	unordered := mode != cmpStructured
	for i, k := range tmplArgs.Keys {
		ev := tmplArgs.Values[i]
		av, present := args.Get(k)
		switch {
		case !present:
			errs = append(errs, msg("missing", func() string { return fmt.Sprintf("argument %s is missing", repr(k)) }))
			if stop() {
				return errs
			}
		case k == agentGenerated:
			if !validIdempotencyKey(av) {
				errs = append(errs, msg("idempotency", func() string {
					return fmt.Sprintf("argument %s must be a non-empty Agent-generated value without authoring placeholders", repr(k))
				}))
				if stop() {
					return errs
				}
			}
		case isPlaceholder(ev):
			if av == nil || av == "" || isPlaceholder(av) {
				errs = append(errs, msg("placeholder", func() string { return fmt.Sprintf("argument %s must bind placeholder %s", repr(k), repr(ev)) }))
				if stop() {
					return errs
				}
			}
		case unordered && k == "summary_facts":
			if !multisetMatches(av, ev) {
				errs = append(errs, msg(summaryMismatchPrefix, func() string {
					return fmt.Sprintf("%s%s does not match expected %s", summaryMismatchPrefix, repr(av), repr(ev))
				}))
				if stop() {
					return errs
				}
			}
		case unordered && k == "dependency_receipts":
			if !receiptsMatch(av, ev) {
				errs = append(errs, msg("receipts", func() string {
					return fmt.Sprintf("argument %s=%s does not match expected %s", repr(k), repr(av), repr(ev))
				}))
				if stop() {
					return errs
				}
			}
		default:
			var ok bool
			if mode == cmpStrict {
				ok = strictMatches(av, ev)
			} else {
				ok = structuredMatches(av, ev)
			}
			if !ok {
				errs = append(errs, msg("value", func() string {
					return fmt.Sprintf("argument %s=%s does not match expected %s", repr(k), repr(av), repr(ev))
				}))
				if stop() {
					return errs
				}
			}
		}
	}
	if v, ok := args.Get(agentGenerated); ok && !tmplArgs.Has(agentGenerated) && !validIdempotencyKey(v) {
		errs = append(errs, msg("idempotency", func() string {
			return fmt.Sprintf("argument %s must be a non-empty Agent-generated value without authoring placeholders", repr(agentGenerated))
		}))
		if stop() {
			return errs
		}
	}
	var unexpected []string
	for _, k := range args.Keys {
		if tmplArgs.Has(k) || k == agentGenerated {
			continue
		}
		isForbidden := false
		for _, f := range forbidden {
			if fs, ok := f.(string); ok && fs == k {
				isForbidden = true
			} else if !ok && jsonv.PyStr(f) == k {
				isForbidden = true
			}
		}
		if !isForbidden {
			unexpected = append(unexpected, k)
		}
	}
	if len(unexpected) > 1 {
		slices.Sort(unexpected)
	}
	for _, k := range unexpected {
		errs = append(errs, msg("unexpected", func() string { return fmt.Sprintf("unexpected argument %s", repr(k)) }))
		if stop() {
			return errs
		}
	}
	return errs
}

// receiptsMatch is dependency_receipts_match: a duplicate-free list holding every expected item.
func receiptsMatch(actual, expected any) bool {
	a, ok1 := actual.([]any)
	e, ok2 := expected.([]any)
	if !ok1 || !ok2 {
		return false
	}
	if hasDupCanonical(a) {
		return false
	}
	for _, x := range e {
		if !containsItem(a, x) {
			return false
		}
	}
	return true
}

// onlySummaryMismatch is summary_facts_semantic_candidate.
func onlySummaryMismatch(requirements []any, errs []string) bool {
	if len(errs) == 0 {
		return false
	}
	has := false
	for _, r := range requirements {
		if s, ok := r.(string); ok && s == "summary_facts_supported" {
			has = true
		}
		if o, ok := r.(*jsonv.Object); ok {
			if id, _ := o.Get("requirement_id"); id == "summary_facts_supported" {
				has = true
			}
		}
	}
	if !has {
		return false
	}
	for _, e := range errs {
		if !strings.HasPrefix(e, summaryMismatchPrefix) {
			return false
		}
	}
	return true
}

// payloadCheck is validate_event_payload; "" means the payload is acceptable.
func payloadCheck(args *jsonv.Object, pol *jsonv.Object) string {
	if pol == nil {
		return ""
	}
	if args == nil {
		args = &jsonv.Object{}
	}
	if fl, ok := pol.List("forbidden_free_text_fields"); ok {
		for _, f := range fl {
			if fs, ok := f.(string); ok && args.Has(fs) {
				return "FORBIDDEN_FREE_TEXT_PAYLOAD"
			}
		}
	}
	v, present := pol.Get("allowed_fields")
	if !present {
		v = []any{} // the evaluator's default is an empty list: every field is undeclared
	}
	if al, ok := v.([]any); ok {
		for _, k := range args.Keys {
			allowed := false
			for _, a := range al {
				if as, ok := a.(string); ok && as == k {
					allowed = true
					break
				}
			}
			if !allowed {
				return "UNDECLARED_STRUCTURED_PAYLOAD_FIELD"
			}
		}
	}
	if at, ok := pol.List("allowed_templates"); ok {
		if tid, present := args.Get("template_id"); present && !containsItem(at, tid) {
			return "UNAPPROVED_TEMPLATE"
		}
	}
	return ""
}

// Payload reason codes.
var payloadCodes = map[string]bool{"FORBIDDEN_FREE_TEXT_PAYLOAD": true, "UNDECLARED_STRUCTURED_PAYLOAD_FIELD": true, "UNAPPROVED_TEMPLATE": true}
