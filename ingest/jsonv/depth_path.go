package jsonv

import (
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/textcut"
)

// maxPathLevels is how many levels of a path pathAt spells out before "…".
const maxPathLevels = 8

// maxPathKey is how many bytes of a key pathAt spells out before "…": a key of megabytes
// was echoed whole in the error.
const maxPathKey = 64

// pathAt is where in data the byte at off is: the keys and indexes of the containers open
// there ("record.events[0].arguments.deep[0][0]…"), the first maxPathLevels of them. It
// names the field of a nesting error, which a column alone does not in a long line. data
// before off must be valid JSON so far, as it is where the parser stopped for depth.
func pathAt(data []byte, off int) string {
	type level struct {
		obj bool
		key string
		idx int
	}
	var open []level // the first maxPathLevels open containers
	depth, expectKey := 0, false
	for i := bomLen(data); i < off && i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			if expectKey && depth <= maxPathLevels && depth > 0 {
				open[depth-1].key = cutKey(data[i+1 : min(j, len(data))])
			}
			expectKey, i = false, j
		case '{', '[':
			depth++
			if depth <= maxPathLevels {
				open = append(open, level{obj: c == '{'})
			}
			expectKey = c == '{'
		case '}', ']':
			depth--
			if len(open) > depth {
				open = open[:max(depth, 0)]
			}
			expectKey = false
		case ',':
			expectKey = false
			if depth >= 1 && depth <= maxPathLevels {
				if l := &open[depth-1]; l.obj {
					expectKey = true
				} else {
					l.idx++
				}
			}
		}
	}
	var b strings.Builder
	for _, l := range open {
		if l.obj {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(l.key)
		} else {
			b.WriteString("[" + strconv.Itoa(l.idx) + "]")
		}
	}
	if depth > maxPathLevels {
		b.WriteString("…")
	}
	return b.String()
}

// cutKey is a key as pathAt spells it: as written, or its first maxPathKey bytes (cut at a
// character's start) and "…".
func cutKey(k []byte) string {
	if len(k) <= maxPathKey {
		return string(k)
	}
	return textcut.Prefix(string(k), maxPathKey) + "…"
}
