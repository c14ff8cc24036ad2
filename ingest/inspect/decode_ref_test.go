package inspect

// The reference sample decoder: encoding/json into wire structs, the decoder the reader
// used before the schema-directed one (decode.go). TestDecoderMatchesReference checks
// that both give the same samples.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// refWireSample is a sample as the log writes it; fields the reader does not use (messages,
// message_pool) are not decoded.
type refWireSample struct {
	ID          *SampleID                  `json:"id"`
	Epoch       *int                       `json:"epoch"`
	UUID        string                     `json:"uuid"`
	Input       json.RawMessage            `json:"input"`
	Target      json.RawMessage            `json:"target"`
	Scores      map[string]refWireScore    `json:"scores"`
	Metadata    map[string]json.RawMessage `json:"metadata"`
	Store       map[string]json.RawMessage `json:"store"`
	Output      *refWireOutput             `json:"output"`
	ModelUsage  ModelUsages                `json:"model_usage"`
	TotalTime   *float64                   `json:"total_time"`
	WorkingTime *float64                   `json:"working_time"`
	Error       *SampleError               `json:"error"`
	Limit       *SampleLimit               `json:"limit"`
	Events      []refWireEvent             `json:"events"`
	Attachments map[string]string          `json:"attachments"`
}

type refWireScore struct {
	Value       json.RawMessage            `json:"value"`
	Answer      *string                    `json:"answer"`
	Explanation *string                    `json:"explanation"`
	Metadata    map[string]json.RawMessage `json:"metadata"`
}

type refWireOutput struct {
	Model      string  `json:"model"`
	Completion *string `json:"completion"`
	Choices    []struct {
		Message struct {
			Content   json.RawMessage   `json:"content"`
			ToolCalls []refWireToolCall `json:"tool_calls"`
		} `json:"message"`
		StopReason string `json:"stop_reason"`
	} `json:"choices"`
	Usage *ModelUsage `json:"usage"`
	Error *string     `json:"error"`
}

type refWireToolCall struct {
	ID        string          `json:"id"`
	Function  string          `json:"function"`
	Arguments json.RawMessage `json:"arguments"`
}

// refWireEvent keeps the kind-specific fields raw: the same key means different things in
// different events (a sandbox event's "output" is a string, a model event's an object).
type refWireEvent struct {
	Event       string          `json:"event"`
	Timestamp   json.RawMessage `json:"timestamp"`
	WorkingTime json.RawMessage `json:"working_time"`
	ID          json.RawMessage `json:"id"`
	Function    json.RawMessage `json:"function"`
	Arguments   json.RawMessage `json:"arguments"`
	Result      json.RawMessage `json:"result"`
	Error       json.RawMessage `json:"error"`
	Model       json.RawMessage `json:"model"`
	Output      json.RawMessage `json:"output"`
}

// refDecodeSample parses one sample's JSON; member locates it in errors.
func refDecodeSample(file, member string, data []byte, fromSummary bool) (*Sample, error) {
	var w refWireSample
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, jsonError(file, member, err)
	}
	return w.sample(file, member, fromSummary)
}

func (w *refWireSample) sample(file, member string, fromSummary bool) (*Sample, error) {
	if w.ID == nil {
		return nil, errorf(file, member, "id", "missing")
	}
	if w.Epoch == nil {
		return nil, errorf(file, member, "epoch", "missing")
	}
	if *w.Epoch < 1 {
		return nil, errorf(file, member, "epoch", "must be 1 or more, got %d", *w.Epoch)
	}
	att := attachments(w.Attachments)
	s := &Sample{
		ID: *w.ID, Epoch: *w.Epoch, UUID: w.UUID,
		Input: att.raw(w.Input), Target: att.raw(w.Target),
		Metadata: w.Metadata, Store: w.Store, ModelUsage: w.ModelUsage,
		TotalTime: w.TotalTime, WorkingTime: w.WorkingTime, Error: w.Error, Limit: w.Limit,
		Member: member, FromSummary: fromSummary,
	}
	for name, sc := range w.Scores {
		if len(sc.Value) == 0 {
			return nil, errorf(file, member, "scores."+name+".value", "missing")
		}
		out := Score{Scorer: name, Value: compact(sc.Value), Metadata: sc.Metadata}
		if sc.Answer != nil {
			out.Answer = att.str(*sc.Answer)
		}
		if sc.Explanation != nil {
			out.Explanation = att.str(*sc.Explanation)
		}
		s.Scores = append(s.Scores, out)
	}
	slices.SortFunc(s.Scores, func(a, b Score) int { return strings.Compare(a.Scorer, b.Scorer) })
	if w.Output != nil {
		s.Output = w.Output.output(att)
	}
	for i, e := range w.Events {
		ev, err := e.event(att)
		if err != nil {
			return nil, errorf(file, member, fmt.Sprintf("events[%d].%s", i, err.field), "%v", err.err)
		}
		s.Events = append(s.Events, ev)
	}
	return s, nil
}

type refFieldErr struct {
	field string
	err   error
}

// event decodes the fields of the kinds the reader keeps (tool, model).
func (e *refWireEvent) event(att attachments) (Event, *refFieldErr) {
	ev := Event{Kind: e.Event}
	if e.Event == "" {
		return ev, &refFieldErr{"event", errors.New("missing")}
	}
	_ = json.Unmarshal(e.Timestamp, &ev.Timestamp)
	var wt float64
	if json.Unmarshal(e.WorkingTime, &wt) == nil {
		ev.WorkingTime = &wt
	}
	str := func(name string, raw json.RawMessage, dst *string) *refFieldErr {
		if len(raw) == 0 || refIsNull(raw) {
			return nil
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return &refFieldErr{name, fmt.Errorf("is not a string")}
		}
		return nil
	}
	switch e.Event {
	case EventTool:
		t := &ToolEvent{Arguments: att.raw(e.Arguments), Result: att.raw(e.Result)}
		if fe := str("id", e.ID, &t.ID); fe != nil {
			return ev, fe
		}
		if fe := str("function", e.Function, &t.Function); fe != nil {
			return ev, fe
		}
		if len(e.Error) > 0 && !refIsNull(e.Error) {
			t.Error = new(ToolError)
			if err := json.Unmarshal(e.Error, t.Error); err != nil {
				return ev, &refFieldErr{"error", fmt.Errorf("tool error is not {type, message}: %v", err)}
			}
		}
		ev.Tool = t
	case EventModel:
		m := &ModelOutput{}
		if len(e.Output) > 0 && !refIsNull(e.Output) {
			var o refWireOutput
			if err := json.Unmarshal(e.Output, &o); err != nil {
				return ev, &refFieldErr{"output", fmt.Errorf("model output is not an object: %v", err)}
			}
			m = o.output(att)
		}
		if fe := str("model", e.Model, &m.Model); fe != nil {
			return ev, fe
		}
		if len(e.Error) > 0 && !refIsNull(e.Error) {
			var msg string
			if json.Unmarshal(e.Error, &msg) != nil {
				msg = string(e.Error)
			}
			m.Error = msg
		}
		ev.Model = m
	}
	return ev, nil
}

func refIsNull(r json.RawMessage) bool { return string(bytes.TrimSpace(r)) == "null" }

func (o *refWireOutput) output(att attachments) *ModelOutput {
	m := &ModelOutput{Model: o.Model, Usage: o.Usage}
	if o.Error != nil {
		m.Error = *o.Error
	}
	if len(o.Choices) > 0 {
		c := o.Choices[0]
		m.StopReason = c.StopReason
		m.Completion = att.str(refContentText(c.Message.Content))
		for _, tc := range c.Message.ToolCalls {
			m.ToolCalls = append(m.ToolCalls, ToolCall{ID: tc.ID, Function: tc.Function, Arguments: att.raw(tc.Arguments)})
		}
	}
	if o.Completion != nil {
		m.Completion = att.str(*o.Completion)
	}
	return m
}

// contentText is a message's text: the string, or its text parts joined by newlines.
func refContentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if p.Type == "text" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}
