package inspect

import (
	"bytes"
	"encoding/json"
	"strings"
)

// resolve replaces "attachment://<hash>" references with the attachments' text where
// Inspect writes them: input, target, score answers and explanations, output and model
// completions, tool call arguments and tool results.
func (s *Sample) resolve(att attachments) {
	s.Input, s.Target = att.raw(s.Input), att.raw(s.Target)
	for i := range s.Scores {
		s.Scores[i].Answer = att.str(s.Scores[i].Answer)
		s.Scores[i].Explanation = att.str(s.Scores[i].Explanation)
	}
	output := func(m *ModelOutput) {
		if m == nil {
			return
		}
		m.Completion = att.str(m.Completion)
		for i := range m.ToolCalls {
			m.ToolCalls[i].Arguments = att.raw(m.ToolCalls[i].Arguments)
		}
	}
	output(s.Output)
	for i := range s.Events {
		if t := s.Events[i].Tool; t != nil {
			t.Arguments, t.Result = att.raw(t.Arguments), att.raw(t.Result)
			t.ResultText = sub(nil).replyText(t.Result)
		}
		output(s.Events[i].Model)
	}
}

// detach copies the raw values a sample keeps out of the member's bytes, so that the
// reader can reuse its buffer and a caller that keeps a sample's metadata does not keep
// the whole member. The values per sample go to two allocations: what a sample's rows
// keep (input, target, scores, metadata, store), and its transcript (tool arguments and
// results), which a caller usually drops after the sample.
func (s *Sample) detach(mem *sampleMem) {
	var rows arena
	events := arena{buf: mem.raw[:0]}
	v := new(json.RawMessage) // the map values pass through it (mapValues)
	visitRows := func(f func(*json.RawMessage)) {
		f(&s.Input)
		f(&s.Target)
		for i := range s.Scores {
			f(&s.Scores[i].Value)
			mapValues(s.Scores[i].Metadata, f, v)
		}
		mapValues(s.Metadata, f, v)
		mapValues(s.Store, f, v)
	}
	visitEvents := func(f func(*json.RawMessage)) {
		calls := func(m *ModelOutput) {
			if m == nil {
				return
			}
			for i := range m.ToolCalls {
				f(&m.ToolCalls[i].Arguments)
			}
		}
		calls(s.Output)
		for i := range s.Events {
			if t := s.Events[i].Tool; t != nil {
				f(&t.Arguments)
				f(&t.Result)
			}
			calls(s.Events[i].Model)
		}
	}
	visitRows(rows.size)
	visitEvents(events.size)
	rows.alloc()
	events.alloc()
	visitRows(rows.copy)
	visitEvents(events.copy)
	mem.raw = events.buf
}

// mapValues applies f to each value of m. The values pass through v, one variable for
// every map of a sample (a pointer to the loop's variable would move every value to the
// heap, and a variable per map is an allocation per map).
func mapValues(m map[string]json.RawMessage, f func(*json.RawMessage), v *json.RawMessage) {
	if len(m) == 0 {
		return
	}
	for k, r := range m {
		*v = r
		f(v)
		m[k] = *v
	}
}

// arena is one allocation that raw values are copied into: size counts, alloc makes
// it, copy moves a value in.
type arena struct {
	n   int
	buf []byte
}

func (a *arena) size(r *json.RawMessage) { a.n += len(*r) }

// alloc makes the arena's buffer, unless the one it has (recycled) is large enough.
func (a *arena) alloc() {
	if cap(a.buf) < a.n {
		a.buf = make([]byte, 0, a.n)
	}
}

func (a *arena) copy(r *json.RawMessage) {
	if *r == nil {
		return
	}
	start := len(a.buf)
	a.buf = append(a.buf, *r...)
	*r = a.buf[start:len(a.buf):len(a.buf)]
}

// attachments resolves the "attachment://<hash>" references Inspect writes in place of
// long strings.
type attachments map[string]string

const attachmentPrefix = "attachment://"

func (a attachments) str(s string) string {
	if len(a) == 0 || !strings.HasPrefix(s, attachmentPrefix) {
		return s
	}
	if v, ok := a[s[len(attachmentPrefix):]]; ok {
		return v
	}
	return s
}

// raw resolves the references in a JSON value: the value itself when it is a string
// holding one, and every string value at any depth of an array or object (Inspect
// condenses an event's tool arguments key by key, so a long command is
// {"cmd": "attachment://<hash>"}); keys, other values and the layout are kept as written.
func (a attachments) raw(r json.RawMessage) json.RawMessage {
	if len(a) == 0 || !bytes.Contains(r, []byte(attachmentPrefix)) && bytes.IndexByte(r, '\\') < 0 {
		return r
	}
	var out []byte // nil until a string is replaced
	last := 0      // r[:last] is in out
	for i := 0; i < len(r); i++ {
		if r[i] != '"' {
			continue
		}
		start, end := i, stringEnd(r, i)
		if end < 0 {
			return r // not valid JSON: left as written
		}
		tok := r[start:end]
		i = end - 1
		if !mayBeReference(tok) || isKey(r[end:]) {
			continue
		}
		var str string
		if json.Unmarshal(tok, &str) != nil {
			continue
		}
		v := a.str(str)
		if v == str {
			continue
		}
		enc, err := json.Marshal(v)
		if err != nil {
			continue
		}
		out = append(append(out, r[last:start]...), enc...)
		last = end
	}
	if out == nil {
		return r
	}
	return append(out, r[last:]...)
}

// mayBeReference reports whether a JSON string token can decode to a string that begins
// with the prefix: it begins with the prefix as written, or with an escape, or holds one
// where the prefix would be ("attachment:\/\/…", as a writer that escapes slashes spells
// it, reads as the reference to Inspect, which resolves decoded strings). An escape is at
// most 6 bytes a character. A string of escaped JSON ("{\"id\": …}", a tool's reply) is
// passed over at its first character, not decoded.
func mayBeReference(tok []byte) bool {
	if len(tok) < 2 || tok[1] != attachmentPrefix[0] && tok[1] != '\\' {
		return false
	}
	if bytes.HasPrefix(tok[1:], []byte(attachmentPrefix)) {
		return true
	}
	head := tok[:min(len(tok), 1+6*len(attachmentPrefix))]
	return bytes.IndexByte(head, '\\') >= 0
}

// stringEnd is the index just past the JSON string token that starts at r[start] (a
// quote), or -1 when it does not end.
func stringEnd(r []byte, start int) int {
	for j := start + 1; j < len(r); j++ {
		switch r[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// isKey reports whether the string token that rest follows is an object's key: Inspect
// replaces values, never keys.
func isKey(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\n\r")
	return len(rest) > 0 && rest[0] == ':'
}

func compact(r json.RawMessage) json.RawMessage {
	if !hasBlank(r) {
		return r
	}
	var b bytes.Buffer
	if json.Compact(&b, r) != nil {
		return r
	}
	return b.Bytes()
}

// hasBlank reports whether r holds a blank (outside strings or in: either way a value
// without one is already compact).
func hasBlank(r []byte) bool { return bytes.ContainsAny(r, " \t\n\r") }
