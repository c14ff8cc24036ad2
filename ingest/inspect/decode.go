package inspect

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

var nan = math.NaN()

// decodeSample parses one sample's JSON; member locates it in errors. It reads the
// fields a Sample holds and skips the rest (messages, a model event's input and tools)
// without building values; light skips more (ReadOptions.Light), and with it the
// arguments and results of the tool events of skipTools (ReadOptions.SkipTools). The
// values it keeps are copies (detach), so data may be reused once it returns. The
// transcript is written into mem (recycled memory, ReadOptions.Recycle) when it is not
// nil.
func decodeSample(file, member string, data []byte, fromSummary, light bool, skipTools []string, mem *sampleMem) (*Sample, error) {
	if !light {
		skipTools = nil
	}
	l := &lexer{data: data, light: light, skipTools: skipTools}
	s := &Sample{Member: member, FromSummary: fromSummary, mem: mem}
	if mem == nil {
		mem = &sampleMem{}
	}
	l.mem = mem
	mem.seen.reset()
	l.seen = &mem.seen
	defer mem.seen.reset() // its strings point into data
	var att attachments
	// The strings of the transcript (events, output) share chunks: many are short ids,
	// names and timestamps, and they are dropped with the sample, together. Those of
	// the sample's rows (ids, scores, errors) have allocations of their own: a caller
	// may keep them long after the transcript.
	transcript := &mem.strs
	var id *SampleID
	var epoch *int64
	if l.peek() != '{' {
		if l.peek() == 0 {
			return nil, errorf(file, member, "", "%v", errTruncated)
		}
		return nil, errorf(file, member, "", "a sample must be a JSON object, got a JSON %s", l.kind())
	}
	err := l.object(func(key []byte) *decodeErr {
		var err *decodeErr
		switch string(key) {
		case "id":
			id, err = l.sampleID()
		case "epoch":
			if l.isNull() {
				epoch = nil
				return nil
			}
			var n int64
			n, err = l.int()
			epoch = &n
		case "uuid":
			if !l.isNull() {
				s.UUID, err = l.str()
			}
		case "input":
			if light {
				return l.skip()
			}
			s.Input, err = l.raw()
		case "target":
			if light {
				return l.skip()
			}
			s.Target, err = l.raw()
		case "scores":
			s.Scores, err = l.scores(s.Scores)
		case "metadata":
			s.Metadata, err = l.rawMap()
		case "store":
			s.Store, err = l.rawMap()
		case "output":
			if l.isNull() {
				s.Output = nil
				return nil
			}
			l.strs = transcript
			s.Output, err = l.output()
			l.strs = nil
		case "model_usage":
			s.ModelUsage, err = l.modelUsages()
		case "total_time":
			s.TotalTime, err = l.optFloat()
		case "working_time":
			s.WorkingTime, err = l.optFloat()
		case "error":
			if fromSummary && l.peek() == '"' { // a summary keeps the message alone
				var msg string
				msg, err = l.str()
				s.Error = &SampleError{Message: msg}
				break
			}
			s.Error, err = l.sampleError()
		case "limit":
			if fromSummary && l.peek() == '"' { // a summary keeps the limit's type alone
				var typ string
				typ, err = l.str()
				s.Limit = &SampleLimit{Type: typ}
				break
			}
			s.Limit, err = l.sampleLimit()
		case "events":
			l.strs = transcript
			s.Events, s.NestedEvents, err = l.events()
			l.strs = nil
		case "attachments":
			att, err = l.attachments()
		case "score", "transcript":
			// Older Inspect versions' forms, which Inspect migrates on reading: skipped,
			// the sample would read as unscored, or without its events.
			if l.isNull() {
				return nil
			}
			if err = l.skip(); err == nil {
				err = &decodeErr{err: legacyField(string(key))}
			}
		default:
			err = l.skip()
		}
		if err != nil {
			return err.in(string(key))
		}
		return nil
	})
	if err == nil && l.peek() != 0 {
		err = l.syntax("after the sample")
	}
	if err != nil {
		return nil, &Error{File: file, Member: member, Field: err.field, Err: err.err}
	}
	switch {
	case id == nil:
		return nil, errorf(file, member, "id", "missing")
	case epoch == nil:
		return nil, errorf(file, member, "epoch", "missing")
	case *epoch < 1:
		return nil, errorf(file, member, "epoch", "must be 1 or more, got %d", *epoch)
	}
	s.ID, s.Epoch = *id, int(*epoch)
	for i := range s.Scores {
		if len(s.Scores[i].Value) == 0 {
			return nil, errorf(file, member, "scores."+s.Scores[i].Scorer+".value", "missing")
		}
	}
	slices.SortFunc(s.Scores, func(a, b Score) int { return strings.Compare(a.Scorer, b.Scorer) })
	if len(att) > 0 {
		s.resolve(att)
	}
	if light {
		for _, ev := range s.Events {
			if ev.Tool != nil {
				ev.Tool.Result = nil // ResultText has what it said
			}
		}
	}
	s.detach(mem)
	return s, nil
}

// sampleID reads a number (as written) or a string; null is nil.
func (l *lexer) sampleID() (*SampleID, *decodeErr) {
	switch c := l.peek(); {
	case c == 'n':
		return nil, l.literal("null")
	case c == '"':
		s, err := l.str()
		return &SampleID{text: s}, err
	case c == '-' || c >= '0' && c <= '9':
		t, err := l.number()
		if err != nil {
			return nil, err
		}
		id, bad := numberID(string(t))
		if bad != nil {
			return nil, &decodeErr{err: bad}
		}
		return &id, nil
	}
	if l.kind() == "value" {
		return nil, l.syntax("looking for a value")
	}
	return nil, failf("sample id must be a number or a string, got a JSON %s", l.kind())
}

// scores reads {"scorer": {value, answer, explanation, metadata}} into out (a scorer
// written twice keeps its last score).
func (l *lexer) scores(out []Score) ([]Score, *decodeErr) {
	if l.isNull() {
		return out, nil
	}
	err := l.object(func(key []byte) *decodeErr {
		sc := Score{Scorer: string(key)}
		if l.isNull() {
			sc.Value = nil // a null score has no value: "missing" below
		} else if err := l.object(func(k []byte) *decodeErr {
			var err *decodeErr
			switch string(k) {
			case "value":
				sc.Value, err = l.raw()
			case "answer":
				err = l.optStrInto(&sc.Answer, "")
			case "explanation":
				err = l.optStrInto(&sc.Explanation, "")
			case "metadata":
				sc.Metadata, err = l.rawMap()
			default:
				err = l.skip()
			}
			if err != nil {
				return err.in(string(k))
			}
			return nil
		}); err != nil {
			return err.in(sc.Scorer)
		}
		if sc.Value != nil {
			sc.Value = compact(sc.Value)
		}
		for i := range out {
			if out[i].Scorer == sc.Scorer {
				out[i] = sc
				return nil
			}
		}
		out = append(out, sc)
		return nil
	})
	return out, err
}

// modelUsages reads {"model": {usage}}, sorted by model.
func (l *lexer) modelUsages() (ModelUsages, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var out ModelUsages
	err := l.object(func(key []byte) *decodeErr {
		u, err := l.modelUsage()
		if err != nil {
			return err.in(string(key))
		}
		model := string(key)
		for i := range out {
			if out[i].Model == model {
				out[i].ModelUsage = u
				return nil
			}
		}
		out = append(out, ModelUsageOf{Model: model, ModelUsage: u})
		return nil
	})
	slices.SortFunc(out, func(a, b ModelUsageOf) int { return strings.Compare(a.Model, b.Model) })
	if out == nil && err == nil {
		out = ModelUsages{}
	}
	return out, err
}

func (l *lexer) modelUsage() (ModelUsage, *decodeErr) {
	var u ModelUsage
	err := l.object(func(key []byte) *decodeErr {
		var dst *int64
		switch string(key) {
		case "input_tokens":
			dst = &u.InputTokens
		case "output_tokens":
			dst = &u.OutputTokens
		case "total_tokens":
			dst = &u.TotalTokens
		case "input_tokens_cache_write":
			dst = &u.InputTokensCacheWrite
		case "input_tokens_cache_read":
			dst = &u.InputTokensCacheRead
		case "reasoning_tokens":
			dst = &u.ReasoningTokens
		case "total_cost":
			var err *decodeErr
			if u.TotalCost, err = l.optFloat(); err != nil {
				return err.in("total_cost")
			}
			return nil
		default:
			return l.skip()
		}
		if l.isNull() {
			return nil
		}
		n, err := l.int()
		if err != nil {
			return err.in(string(key))
		}
		*dst = n
		return nil
	})
	return u, err
}

func (l *lexer) sampleError() (*SampleError, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	e := &SampleError{}
	err := l.object(func(key []byte) *decodeErr {
		switch string(key) {
		case "message":
			return l.optStrInto(&e.Message, "message")
		case "traceback":
			return l.optStrInto(&e.Traceback, "traceback")
		}
		return l.skip()
	})
	return e, err
}

func (l *lexer) sampleLimit() (*SampleLimit, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	lim := &SampleLimit{}
	err := l.object(func(key []byte) *decodeErr {
		switch string(key) {
		case "type":
			return l.optStrInto(&lim.Type, "type")
		case "limit":
			if l.isNull() {
				return nil
			}
			x, err := l.float()
			if err != nil {
				return err.in("limit")
			}
			lim.Limit = x
			return nil
		}
		return l.skip()
	})
	return lim, err
}

// optStrInto sets *dst to a string; null leaves it as it is.
func (l *lexer) optStrInto(dst *string, field string) *decodeErr {
	s, ok, err := l.optStr()
	if err != nil {
		if field == "" {
			return err
		}
		return err.in(field)
	}
	if ok {
		*dst = s
	}
	return nil
}

// attachments reads {"hash": "text"}.
func (l *lexer) attachments() (attachments, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var a attachments // made at the first attachment: most samples have none
	err := l.object(func(key []byte) *decodeErr {
		if l.isNull() {
			return nil
		}
		s, err := l.str()
		if err != nil {
			return err.in(string(key))
		}
		if a == nil {
			a = attachments{}
		}
		a[string(key)] = s
		return nil
	})
	return a, err
}

// jsonError turns a decoding error into an *Error that names the field when it can.
func jsonError(file, member string, err error) *Error {
	var fe *fieldError
	if errors.As(err, &fe) {
		return &Error{File: file, Member: member, Field: fe.field, Err: fe.err}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return errorf(file, member, te.Field, "cannot read a JSON %s as %s", te.Value, te.Type)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return errorf(file, member, "", "invalid JSON at byte %d: %v", se.Offset, err)
	}
	if strings.Contains(err.Error(), "unexpected end of JSON input") {
		return errorf(file, member, "", "truncated JSON: %v", err)
	}
	return &Error{File: file, Member: member, Err: err}
}

// legacyField refuses a sample field of older Inspect versions, which Inspect migrates
// on reading and this reader does not.
func legacyField(key string) error {
	now := map[string]string{"score": `"scores", keyed by scorer`, "transcript": `"events" and "attachments"`}[key]
	return fmt.Errorf("a sample's %q, the form of older Inspect versions (now %s), is not read: write the log again with a current Inspect (inspect log convert) first", key, now)
}
