package inspect

import (
	"encoding/json"
	"slices"
	"strings"
)

// Sample is one sample at one epoch: what it was asked, how it was scored, what the
// model and its tools did.
type Sample struct {
	ID          SampleID
	Epoch       int
	UUID        string
	Input       json.RawMessage // a string or a list of chat messages, as written
	Target      json.RawMessage // a string or a list of strings
	Scores      []Score         // sorted by scorer name
	Metadata    map[string]json.RawMessage
	Store       map[string]json.RawMessage
	Output      *ModelOutput
	ModelUsage  ModelUsages
	TotalTime   *float64 // seconds
	WorkingTime *float64 // seconds
	Error       *SampleError
	Limit       *SampleLimit
	Events      []Event
	// NestedEvents counts the tool and subtask events holding events of their own (an
	// agent run as a tool, a subtask, as older Inspect versions nest them), whose tool
	// calls are not read.
	NestedEvents int
	// Member is where the sample was read: the archive member or "samples[i]".
	Member string
	// FromSummary is true when the sample came from summaries.json: no output, events or
	// store.
	FromSummary bool
	// mem is the transcript's memory, taken back by Reader.Recycle; nil when the
	// sample's reader does not recycle (ReadOptions.Recycle).
	mem *sampleMem
}

// Score is one scorer's score of a sample.
type Score struct {
	Scorer      string
	Value       json.RawMessage // as written: "C", 1, true, {"a": 1}, null, …
	Answer      string
	Explanation string
	Metadata    map[string]json.RawMessage
}

// Float maps the value to a number (ValueToFloat).
func (s Score) Float() (float64, bool) { return ValueToFloat(s.Value) }

// Score returns the named scorer's score.
func (s *Sample) Score(scorer string) (Score, bool) {
	for _, sc := range s.Scores {
		if sc.Scorer == scorer {
			return sc, true
		}
	}
	return Score{}, false
}

// SampleError is an error that ended a sample (or the eval).
type SampleError struct {
	Message   string `json:"message"`
	Traceback string `json:"traceback"`
}

// SampleLimit is the limit a sample hit ("token", "message", "time", "working", …).
type SampleLimit struct {
	Type  string  `json:"type"`
	Limit float64 `json:"limit"`
}

// ModelUsage counts tokens; a field the provider did not report is 0.
type ModelUsage struct {
	InputTokens           int64 `json:"input_tokens"`
	OutputTokens          int64 `json:"output_tokens"`
	TotalTokens           int64 `json:"total_tokens"`
	InputTokensCacheWrite int64 `json:"input_tokens_cache_write"`
	InputTokensCacheRead  int64 `json:"input_tokens_cache_read"`
	ReasoningTokens       int64 `json:"reasoning_tokens"`
	// TotalCost is the cost in US dollars Inspect computed from its price table; nil
	// when the log does not say.
	TotalCost *float64 `json:"total_cost"`
}

// ModelUsageOf is one model's usage.
type ModelUsageOf struct {
	Model string
	ModelUsage
}

// ModelUsages are the per-model usages, sorted by model (the log writes an object).
type ModelUsages []ModelUsageOf

// UnmarshalJSON reads {"model": {usage}}.
func (u *ModelUsages) UnmarshalJSON(b []byte) error {
	var raw map[string]ModelUsage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(ModelUsages, 0, len(raw))
	for m, v := range raw {
		out = append(out, ModelUsageOf{Model: m, ModelUsage: v})
	}
	slices.SortFunc(out, func(a, b ModelUsageOf) int { return strings.Compare(a.Model, b.Model) })
	*u = out
	return nil
}

// Total sums the usages over models.
func (u ModelUsages) Total() ModelUsage {
	var t ModelUsage
	for _, x := range u {
		t.InputTokens += x.InputTokens
		t.OutputTokens += x.OutputTokens
		t.TotalTokens += x.TotalTokens
		t.InputTokensCacheWrite += x.InputTokensCacheWrite
		t.InputTokensCacheRead += x.InputTokensCacheRead
		t.ReasoningTokens += x.ReasoningTokens
		if x.TotalCost != nil {
			c := *x.TotalCost
			if t.TotalCost != nil {
				c += *t.TotalCost
			}
			t.TotalCost = &c
		}
	}
	return t
}

// ModelOutput is what a model generation returned.
type ModelOutput struct {
	Model      string
	Completion string // the first choice's text
	StopReason string
	ToolCalls  []ToolCall // the first choice's tool calls
	Usage      *ModelUsage
	Error      string
}

// ToolCall is a tool call a model asked for.
type ToolCall struct {
	ID        string
	Function  string
	Arguments json.RawMessage
}

// Event kinds the reader decodes in full; other events keep their kind and time only.
const (
	EventModel = "model"
	EventTool  = "tool"
)

// Event is one entry of a sample's transcript.
type Event struct {
	Kind        string // "model", "tool", "sandbox", "store", "state", "score", "span_begin", …
	Timestamp   string
	WorkingTime *float64
	Model       *ModelOutput // Kind "model": the generation (Model is the model name)
	Tool        *ToolEvent   // Kind "tool"
}

// ToolEvent is a tool call and its result.
type ToolEvent struct {
	ID        string
	Function  string
	Arguments json.RawMessage
	Result    json.RawMessage // a string, or a list of content parts
	// ResultText is the result's text: the string, or the text of its "text" parts
	// joined by newlines (other parts and elements left out); "" for anything else.
	ResultText string
	Error      *ToolError
}

// ToolError is the error a tool call returned.
type ToolError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}
