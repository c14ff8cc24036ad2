package harness

import "strings"

// modelMatches compares a model identity recorded by a runner with the configured one;
// a provider prefix on either side ("deepseek/deepseek-v4-flash") is ignored.
func modelMatches(recorded, configured string) bool {
	if recorded == configured {
		return true
	}
	last := func(s string) string { return s[strings.LastIndex(s, "/")+1:] }
	return last(recorded) == last(configured)
}

// modelCheck collects model identities that differ from the configured model, so that
// each distinct mismatch is one warning however many episodes share it.
type modelCheck struct {
	configured string
	seen       map[string]int
	order      []string
}

func (m *modelCheck) note(field, recorded string) {
	if recorded == "" || modelMatches(recorded, m.configured) {
		return
	}
	k := field + " " + recorded
	if m.seen == nil {
		m.seen = map[string]int{}
	}
	if m.seen[k] == 0 {
		m.order = append(m.order, k)
	}
	m.seen[k]++
}

func (m *modelCheck) flush(r *Result) {
	for _, k := range m.order {
		field, rec, _ := strings.Cut(k, " ")
		r.warn("%d episode(s): the runner recorded %s %q, but --config/--model says %q", m.seen[k], field, rec, m.configured)
	}
}
