package figures

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// How much of a name a shortened label keeps: its start and its end, in characters and
// in bytes (whichever binds first), around "…". The start says whose configuration it
// is; the end often holds what tells two runs of it apart (a date, a setting).
const (
	keepStartRunes, keepStartBytes = 40, 80
	keepEndRunes, keepEndBytes     = 20, 40
	ellipsis                       = "…"
)

// nameLabels are the labels a report's figures draw for names (configurations, models):
// any name gets one. A name a figure can draw (checkLabel, within its byte budget) is its
// own label, so that its figures are what they were. Another is shown with its tabs, line
// breaks and invalid bytes escaped as Go quotes them (\t, \n, \r, \xff) and, past its
// budget, shortened to its start and end around "…". A label that would repeat another
// one gets " #" and the start of its name's SHA-256 in hex, so that distinct names stay
// distinct on the figure; the suffix depends on the name alone, not on the other names.
type nameLabels struct {
	of  map[string]string
	why map[string]string // what a name's label does to it, for the names relabeled
}

// labelNames labels names; budget is the most bytes a name's label may take: what a
// figure's label may take (maxNameLen) less what it draws after the name, such as a
// forest row's p-value.
func labelNames(names []string, budget func(name string) int) nameLabels {
	l := nameLabels{of: make(map[string]string, len(names)), why: map[string]string{}}
	taken := map[string]int{} // label → how many names have it
	var odd []string          // names not drawable as they are, in order, once each
	cut := map[string]bool{}  // the names shortened
	for _, n := range names {
		if _, ok := l.of[n]; ok {
			continue
		}
		if fitsLabel(n, budget(n)) {
			l.of[n] = n
			taken[n]++
			continue
		}
		l.of[n], cut[n] = shortLabel(n, budget(n))
		taken[l.of[n]]++
		odd = append(odd, n)
	}
	// Every name of a shared label is told apart, not all but one: which would keep it
	// would hang on the order of the names.
	var clash []string
	for _, n := range odd {
		if taken[l.of[n]] > 1 {
			clash = append(clash, n)
		}
	}
	tags := map[string]string{}
	for _, n := range clash {
		sum := sha256.Sum256([]byte(n))
		h := fmt.Sprintf("%x", sum)
		var label, tag string
		var short bool
		for k := 4; ; k += 4 {
			tag = "#" + h[:min(k, 16)]
			if k > 16 { // 64 bits of the hash alike: count on
				tag += "-" + strconv.Itoa(k/4-4)
			}
			label, short = shortLabel(n, budget(n)-len(tag)-1)
			label += " " + tag
			if taken[label] == 0 {
				break
			}
		}
		taken[l.of[n]]--
		l.of[n], cut[n], tags[n] = label, short, tag
		taken[label]++
	}
	for _, n := range odd {
		l.why[n] = relabelWhy(n, cut[n])
		if t := tags[n]; t != "" {
			l.why[n] += " (" + t + " tells it apart)"
		}
	}
	return l
}

// configLabels labels configuration names: the same labels in every figure, each
// within the bytes a figure's name may take.
func configLabels(names []string) nameLabels {
	return labelNames(names, func(string) int { return maxNameLen })
}

// labels are the labels of names, in a new slice.
func (l nameLabels) labels(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = l.label(n)
	}
	return out
}

// relabel puts the labels of *names in its place and returns the note on them
// (note): what a figure of those names says of its labels. It is a statement of its own,
// before the figure holding names is copied (in one expression the order is unspecified).
func (l nameLabels) relabel(names *[]string) string {
	note := l.note(*names)
	*names = l.labels(*names)
	return note
}

// label is name's label (the name itself when labelNames did not see it).
func (l nameLabels) label(name string) string {
	if s, ok := l.of[name]; ok {
		return s
	}
	return name
}

// note says what the labels of names, those a figure shows, do to them ("" when each
// is its name): a figure's caveat, beside its other notes.
func (l nameLabels) note(names []string) string { return labelsNote(l.parts(names)) }

// parts are note's pieces: one per name of names its label changes, once each, in order.
func (l nameLabels) parts(names []string) []string {
	var parts []string
	seen := map[string]bool{}
	for _, n := range names {
		if w, ok := l.why[n]; ok && !seen[n] {
			seen[n] = true
			parts = append(parts, `"`+l.of[n]+`" `+w)
		}
	}
	return parts
}

// labelsNote is the one note on the labels of a figure's names of every kind it shows
// (configurations, domains, policies): the parts of each, in order; "" for none.
func labelsNote(parts ...[]string) string {
	all := slices.Concat(parts...)
	if len(all) == 0 {
		return ""
	}
	return "labels for names a figure cannot draw as they are: " + strings.Join(all, "; ")
}

// nameLabelsOf labels names that are not configurations (domains, policies, the shared
// harness), each within budget bytes: the same mechanism, apart from the configurations'
// labels so that those stay the same in every figure.
func nameLabelsOf(names []string, budget int) nameLabels {
	return labelNames(names, func(string) int { return budget })
}

// fitsLabel: checkLabel draws s as it is within budget bytes.
func fitsLabel(s string, budget int) bool {
	return len(s) <= budget && checkLabel("", s, false) == nil
}

// notXML reports whether r is a character an SVG (XML 1.0) cannot hold, even escaped: a
// control character other than tab, line feed and carriage return (which escapedUnits
// shows itself), or U+FFFE and U+FFFF. One NUL in a configuration's name made every
// figure's SVG a file no XML reader opens.
func notXML(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xfffe || r == 0xffff
}

// escapedUnits are the pieces a label of s is made of: each character as it is, but a
// tab, line break, control character XML cannot hold or invalid byte as Go quotes it.
func escapedUnits(s string) []string {
	var units []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			units = append(units, fmt.Sprintf(`\x%02x`, s[i]))
		case r == '\t':
			units = append(units, `\t`)
		case r == '\n':
			units = append(units, `\n`)
		case r == '\r':
			units = append(units, `\r`)
		case notXML(r):
			units = append(units, strings.Trim(strconv.QuoteRune(r), "'"))
		default:
			units = append(units, s[i:i+size])
		}
		i += size
	}
	return units
}

// shortLabel is s escaped (escapedUnits) and, when that takes more than budget bytes,
// its start and end around "…" (cut).
func shortLabel(s string, budget int) (label string, cut bool) {
	units := escapedUnits(s)
	if whole := strings.Join(units, ""); len(whole) <= budget {
		return whole, false
	}
	room := budget - len(ellipsis)
	startBytes, endBytes := min(keepStartBytes, room*2/3), min(keepEndBytes, room/3)
	var start, end []string
	n := 0
	for _, u := range units {
		if len(start) == keepStartRunes || n+len(u) > startBytes {
			break
		}
		start, n = append(start, u), n+len(u)
	}
	n = 0
	for i := len(units) - 1; i > len(start); i-- { // at least one unit is left out
		u := units[i]
		if len(end) == keepEndRunes || n+len(u) > endBytes {
			break
		}
		end, n = append(end, u), n+len(u)
	}
	var b strings.Builder
	for _, u := range start {
		b.WriteString(u)
	}
	b.WriteString(ellipsis)
	for i := len(end) - 1; i >= 0; i-- {
		b.WriteString(end[i])
	}
	return b.String(), true
}

// relabelWhy says what a name's label does to it: shortens it (cut), shows which
// characters escaped.
func relabelWhy(name string, cut bool) string {
	var shows []string
	for _, c := range []struct {
		has  bool
		what string
	}{
		{strings.Contains(name, "\t"), `a tab as \t`},
		{strings.Contains(name, "\n"), `a line break as \n`},
		{strings.Contains(name, "\r"), `a carriage return as \r`},
		{!utf8.ValidString(name), `a byte that is not UTF-8 as \x and its hex`},
		{strings.IndexFunc(name, notXML) >= 0, `a control character as Go escapes it (\x00)`},
	} {
		if c.has {
			shows = append(shows, c.what)
		}
	}
	var parts []string
	if cut {
		parts = append(parts, fmt.Sprintf("shortens a %d-byte name", len(name)))
	}
	if len(shows) > 0 {
		parts = append(parts, "shows "+strings.Join(shows, ", "))
	}
	return strings.Join(parts, " and ")
}
