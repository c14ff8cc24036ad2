package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// Walks track a handful of commits, call ids and keys; a slice scan beats a map there and
// allocates far less (scoring speed is a product requirement).

// strSet is a small set of strings.
type strSet []string

func (s strSet) has(x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func (s *strSet) add(x string) {
	if !s.has(x) {
		*s = append(*s, x)
	}
}

// strPairs is a small map from string to string.
type strPairs []struct{ k, v string }

func (m strPairs) get(k string) (string, bool) {
	for _, p := range m {
		if p.k == k {
			return p.v, true
		}
	}
	return "", false
}

// resultPairs maps a commit id to the recorded result of its action.
type resultPairs []struct {
	commit string
	result *jsonv.Object
}

func (m resultPairs) get(commit string) *jsonv.Object {
	for _, p := range m {
		if p.commit == commit {
			return p.result
		}
	}
	return nil
}
