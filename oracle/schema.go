package oracle

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// publicContractErrors is public_v3_action_contract_errors. With argument schemas in the
// case it validates the JSON-Schema subset of the evaluator; without them it can only check
// that the tool is one of the case's public_action_tools (documented deviation).
func (p *Prepared) publicContractErrors(tool string, args *jsonv.Object) []string {
	if p.publicSpecs == nil {
		if len(p.spec.PublicActionTools) == 0 {
			return nil
		}
		for _, t := range p.spec.PublicActionTools {
			if t == tool {
				return nil
			}
		}
		return []string{fmt.Sprintf("tool %s is not in available_action_tools", repr(tool))}
	}
	sch, ok := p.publicSpecs[tool]
	if !ok {
		return []string{fmt.Sprintf("tool %s is not in available_action_tools", repr(tool))}
	}
	return schemaErrors(sch, args, "$")
}

var patternCache sync.Map // string -> *regexp.Regexp (nil when the pattern does not compile)

func compilePattern(s string) *regexp.Regexp {
	if v, ok := patternCache.Load(s); ok {
		re, _ := v.(*regexp.Regexp)
		return re
	}
	re, err := regexp.Compile(s)
	if err != nil {
		re = nil
	}
	patternCache.Store(s, re)
	return re
}

func isInt(v any) bool {
	switch v.(type) {
	case int64, jsonv.BigInt:
		return true
	}
	return false
}

// schemaErrors is public_json_schema_errors, the evaluator's JSON-Schema subset.
func schemaErrors(schema any, value any, path string) []string {
	s, ok := schema.(*jsonv.Object)
	if !ok {
		return []string{path + " has no valid public schema"}
	}
	var errs []string
	if oneOf, ok := s.List("oneOf"); ok {
		n := 0
		for _, opt := range oneOf {
			if len(schemaErrors(opt, value, path)) == 0 {
				n++
			}
		}
		if n != 1 {
			errs = append(errs, fmt.Sprintf("%s must match exactly one public schema variant; matched %d", path, n))
		}
	}
	if anyOf, ok := s.List("anyOf"); ok {
		found := false
		for _, opt := range anyOf {
			if len(schemaErrors(opt, value, path)) == 0 {
				found = true
				break
			}
		}
		if !found {
			errs = append(errs, path+" does not match any public schema variant")
		}
	}
	t, _ := s.String("type")
	var typeOK, known bool
	switch t {
	case "object":
		_, typeOK = value.(*jsonv.Object)
		known = true
	case "array":
		_, typeOK = value.([]any)
		known = true
	case "string":
		typeOK, known = isString(value), true
	case "boolean":
		_, typeOK = value.(bool)
		known = true
	case "integer":
		typeOK, known = isInt(value), true
	case "number":
		_, isNum := numericValue(value)
		typeOK, known = isNum && !isString(value), true
	case "null":
		typeOK, known = value == nil, true
	}
	if known && !typeOK {
		return append(errs, path+" must be "+t)
	}
	if enum, ok := s.Get("enum"); ok {
		el, _ := enum.([]any)
		vk := string(jsonv.Canonical(value, true))
		found := false
		for _, it := range el {
			if string(jsonv.Canonical(it, true)) == vk {
				found = true
				break
			}
		}
		if !found {
			errs = append(errs, path+" is outside the public controlled vocabulary")
		}
	}
	if c, ok := s.Get("const"); ok && !pyEqual(value, c) {
		errs = append(errs, path+" does not match the public constant")
	}
	if obj, ok := value.(*jsonv.Object); ok && t == "object" {
		props, _ := s.Obj("properties")
		if req, ok := s.List("required"); ok {
			for _, n := range req {
				if ns, ok := n.(string); ok && !obj.Has(ns) {
					errs = append(errs, path+"."+ns+" is required")
				}
			}
		}
		if ap, _ := s.Get("additionalProperties"); ap == false {
			for _, k := range obj.Keys {
				if !props.Has(k) {
					errs = append(errs, path+"."+k+" is not a public argument")
				}
			}
		}
		for i, k := range obj.Keys {
			if cs, ok := props.Obj(k); ok {
				errs = append(errs, schemaErrors(cs, obj.Values[i], path+"."+k)...)
			}
		}
	}
	if arr, ok := value.([]any); ok && t == "array" {
		if mn, ok := s.Get("minItems"); ok && isInt(mn) {
			if n, _ := numericValue(mn); float64(len(arr)) < n {
				errs = append(errs, fmt.Sprintf("%s requires at least %s items", path, jsonv.PyStr(mn)))
			}
		}
		if mx, ok := s.Get("maxItems"); ok && isInt(mx) {
			if n, _ := numericValue(mx); float64(len(arr)) > n {
				errs = append(errs, fmt.Sprintf("%s allows at most %s items", path, jsonv.PyStr(mx)))
			}
		}
		if u, _ := s.Get("uniqueItems"); u == true && !receiptsUnique(arr) {
			errs = append(errs, path+" requires unique items")
		}
		items, present := s.Get("items")
		if !present {
			items = &jsonv.Object{}
		}
		if io, ok := items.(*jsonv.Object); ok {
			for i, c := range arr {
				errs = append(errs, schemaErrors(io, c, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	if str, ok := value.(string); ok {
		if pat, ok := s.String("pattern"); ok {
			re := compilePattern(pat)
			if re == nil || !re.MatchString(str) {
				errs = append(errs, path+" does not match the public format")
			}
		}
	}
	if n, ok := numericValue(value); ok && !isString(value) {
		if mn, ok := s.Get("minimum"); ok {
			if m, isNum := numericValue(mn); isNum && !isString(mn) && n < m {
				errs = append(errs, path+" must be at least "+jsonv.PyStr(mn))
			}
		}
		if mx, ok := s.Get("maximum"); ok {
			if m, isNum := numericValue(mx); isNum && !isString(mx) && n > m {
				errs = append(errs, path+" must be at most "+jsonv.PyStr(mx))
			}
		}
	}
	return errs
}

func receiptsUnique(arr []any) bool {
	seen := map[string]bool{}
	for _, x := range arr {
		k := string(jsonv.Canonical(x, true))
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}
