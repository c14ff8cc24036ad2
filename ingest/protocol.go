package ingest

import (
	"fmt"
	"regexp"
	"strings"
)

// Protocol is one of SafeActBench's five evaluation protocols.
type Protocol uint8

// The protocols, in the paper's order.
const (
	Legacy Protocol = iota
	V0
	V1
	V2
	V3
	NumProtocols = 5
)

var protocolNames = [...]string{"legacy", "v0", "v1", "v2", "v3"}

// Label is the paper's column label: Legacy, V0, V1, V2, V3.
func (p Protocol) Label() string {
	if p == Legacy {
		return "Legacy"
	}
	return strings.ToUpper(p.String())
}

// String is the release's spelling: legacy, v0, v1, v2, v3.
func (p Protocol) String() string {
	if int(p) < len(protocolNames) {
		return protocolNames[p]
	}
	return "unknown"
}

// ParseProtocol accepts legacy/L and v0..v3 in any case.
func ParseProtocol(s string) (Protocol, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "legacy", "l":
		return Legacy, true
	case "v0":
		return V0, true
	case "v1":
		return V1, true
	case "v2":
		return V2, true
	case "v3":
		return V3, true
	}
	return 0, false
}

// ParseProtocols parses protocol names (ParseProtocol) in the order given, without
// repeats; an unknown name is an error that lists the known ones.
func ParseProtocols(names []string) ([]Protocol, error) {
	var out []Protocol
	seen := map[Protocol]bool{}
	for _, n := range names {
		p, ok := ParseProtocol(n)
		if !ok {
			return nil, fmt.Errorf("unknown protocol %q (known: %s)", n, QuotedList(protocolNames[:]))
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// JoinLabels joins the protocols' labels for a sentence: "V1", "V1 and V2" (last " and "),
// "Legacy, V0 or V3" (last " or ").
func JoinLabels(ps []Protocol, last string) string {
	l := make([]string, len(ps))
	for i, p := range ps {
		l[i] = p.Label()
	}
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + last + l[len(l)-1]
}

// ExecutableLabel names the V0–V3 protocols a bench has cases of (have, in order) for a
// title: "V0–V3" when it has all four (or none: the title then heads an empty table, which
// says why), else those it has ("V1 and V2"), so that a title is true without a note.
func ExecutableLabel(have []Protocol) string {
	if len(have) == 0 || len(have) == int(NumProtocols-V0) {
		return "V0–V3"
	}
	return JoinLabels(have, " and ")
}

var caseIDPattern = regexp.MustCompile(`^[A-Z]+-(L|V0|V1|V2|V3)-\d+`)

// ProtocolFromID reads the protocol from a case id such as SAB-V1-001 (a variant
// suffix is allowed).
func ProtocolFromID(id string) (Protocol, bool) {
	m := caseIDPattern.FindStringSubmatch(id)
	if m == nil {
		return 0, false
	}
	return ParseProtocol(m[1])
}

// SplitVariant splits "BASE@variant" into its base id and variant ("" when none).
func SplitVariant(id string) (base, variant string) {
	base, variant, _ = strings.Cut(id, "@")
	return base, variant
}
