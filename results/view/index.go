package view

import (
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"
)

// indexHead is the page's embedded index but for its last fields (writeIndex); see
// view.js for how it is read.
type indexHead struct {
	Title    string   `json:"title"`
	Policies []string `json:"policies"`
	// PolicyLabels name the policies as people say them (oracle.PolicyLabel).
	PolicyLabels []string `json:"policy_labels"`
	// Binding is the main policy's binding switch (Input.Binding).
	Binding string `json:"binding,omitempty"`
	// Measure names the success rate as the tables do, for the slice summary: "authorized
	// success" on a bench of action rules (Input.ActionRules); absent: ECS.
	Measure    string   `json:"measure,omitempty"`
	Configs    []string `json:"configs"`
	Conditions []string `json:"conditions"`
	Protocols  []string `json:"protocols"`
	Domains    []string `json:"domains"`
	Failures   []string `json:"failures"`
	Outcomes   []string `json:"outcomes"`
	// Why is the oracle's sentence for each failure type of Failures ("" for success).
	Why []string `json:"why"`
	// EpisodeWhy are the sentences of episodes that failed for a reason their type's does
	// not say (encoder.whys); an episode's rest block gives its index in them.
	EpisodeWhy []string `json:"episode_why,omitempty"`
	// Palette is every failure type's colour (#RRGGBB), the figures' (figures.FailureColor),
	// infra_failure and success included.
	Palette map[string]string `json:"palette"`
	Cases   [][4]any          `json:"cases"` // id, protocol, domain, chunk
}

// writeIndex writes the index as one JSON object: head, then "runs" (the run ids
// front-coded: [shared prefix length, rest, …]), "ep" and "chunkDir". The runs and the
// ints come from the encoder's spool as the text they are in the page (encoder.add):
// they grow with the episodes, and are copied to the page without being held.
func writeIndex(w io.Writer, head indexHead, e *encoder, chunkDir string) error {
	data, err := json.Marshal(head) // escapes <, > and &: safe inside <script>
	if err != nil {
		return err
	}
	if _, err := w.Write(append(data[:len(data)-1:len(data)-1], `,"runs":[`...)); err != nil { // open: the fields below follow
		return err
	}
	if err := e.runs.writeTo(w); err != nil {
		return err
	}
	if _, err := io.WriteString(w, `],"ep":[`); err != nil {
		return err
	}
	if err := e.ep.writeTo(w); err != nil {
		return err
	}
	_, err = w.Write(append(appendJSONString([]byte(`],"chunkDir":`), chunkDir), '}'))
	return err
}

// appendFrontEntry appends s as the length of the prefix it shares with prev and the
// rest: run ids of one release share long prefixes, so the index's run list is a flat
// array of such pairs.
func appendFrontEntry(b []byte, prev, s string) []byte {
	k := frontShared(prev, s)
	b = strconv.AppendInt(b, int64(k), 10)
	return appendJSONString(append(b, ','), s[k:])
}

// frontShared is the length of the prefix s shares with prev, in ASCII only, so that
// the length means the same in JavaScript (UTF-16 units).
func frontShared(prev, s string) int {
	k := 0
	for k < len(s) && k < len(prev) && s[k] == prev[k] && s[k] < utf8.RuneSelf {
		k++
	}
	return k
}

// appendJSONString appends s as json.Marshal writes it: plain printable ASCII as it is,
// anything else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			data, _ := json.Marshal(s) // a string always marshals
			return append(b, data...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
