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

// raw resolves a JSON string holding a reference; other JSON is returned as is.
func (a attachments) raw(r json.RawMessage) json.RawMessage {
	if len(a) == 0 || !bytes.Contains(r, []byte(attachmentPrefix)) {
		return r
	}
	var s string
	if json.Unmarshal(r, &s) != nil {
		return r
	}
	out, err := json.Marshal(a.str(s))
	if err != nil {
		return r
	}
	return out
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
