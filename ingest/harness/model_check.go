package harness

import (
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// modelMatches compares a model identity recorded by a runner with the configured one:
// case-insensitively (a configuration is named "GLM-5.2/Inspect", the runner records
// "z-ai/glm-5.2"), and ignoring a provider prefix on either side.
func modelMatches(recorded, configured string) bool {
	last := func(s string) string { return strings.ToLower(s[strings.LastIndex(s, "/")+1:]) }
	return strings.EqualFold(recorded, configured) || last(recorded) == last(configured)
}

// modelCheck collects model identities that differ from the configured model, so that
// each distinct mismatch is one warning that counts the episodes (not the requests) that
// recorded it.
type modelCheck struct {
	configured string
	seen       map[modelKey]map[string]bool // the episodes of each mismatch
	order      []modelKey
}

// modelKey is a field of a runner's file and the model it recorded there.
type modelKey struct{ field, recorded string }

// note records that episode (any id unique to it) has field = recorded.
func (m *modelCheck) note(field, recorded, episode string) {
	if recorded == "" || modelMatches(recorded, m.configured) {
		return
	}
	k := modelKey{field, recorded}
	if m.seen == nil {
		m.seen = map[modelKey]map[string]bool{}
	}
	if m.seen[k] == nil {
		m.seen[k] = map[string]bool{}
		m.order = append(m.order, k)
	}
	m.seen[k][episode] = true
}

func (m *modelCheck) flush(r *Result) {
	for _, k := range m.order {
		r.warn("%s: the runner recorded %s %q, but --config/--model says %q: if these runs are of the model you mean, pass --model %q to say so (the --config name can stay); otherwise this folder holds another model's runs",
			ingest.Plural(len(m.seen[k]), "episode"), k.field, k.recorded, m.configured, k.recorded)
	}
}
