package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// MatchName finds a configuration (or harness, condition, …) name given by a user among
// the names a release holds: the exact name, else the one name equal to it ignoring case
// ("claude-5/inspect" finds "Claude-5/Inspect"). Its error names x and the known names;
// two names that differ only in case and match x equally are ambiguous.
func MatchName(what, x string, names []string) (string, error) {
	var folded []string
	for _, n := range names {
		if n == x {
			return n, nil
		}
		if strings.EqualFold(n, x) {
			folded = append(folded, n)
		}
	}
	switch len(folded) {
	case 1:
		return folded[0], nil
	case 0:
		return "", fmt.Errorf("unknown %s %q (known: %s)", what, x, ingest.QuotedList(names))
	}
	return "", fmt.Errorf("%s %q is ambiguous: it matches %s ignoring case; give the exact name", what, x, ingest.QuotedList(folded))
}

// MatchNames resolves the values of a flag that names several of names, repeated or as
// comma lists (domains --config, --domain), by match (MatchName, or an exact match): a
// value found whole is one name, since a name may hold a comma ("Llama 3.1 70B,
// temp=0.7"); another is split at its commas, and each part must be found. A value
// that is neither is refused saying both readings.
func MatchNames(what string, values, names []string, match func(what, x string, names []string) (string, error)) ([]string, error) {
	var out []string
	for _, v := range values {
		m, err := match(what, strings.TrimSpace(v), names)
		if err == nil {
			out = append(out, m)
			continue
		}
		if !strings.Contains(v, ",") {
			return nil, err
		}
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			m, perr := match(what, p, names)
			if perr != nil {
				return nil, fmt.Errorf("no %s is named %q, nor is its part %q: %w", what, v, p, perr)
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// MatchExact is MatchName without case folding: the one name equal to x.
func MatchExact(what, x string, names []string) (string, error) {
	if slices.Contains(names, x) {
		return x, nil
	}
	return "", fmt.Errorf("unknown %s %q (known: %s)", what, x, ingest.QuotedList(names))
}
