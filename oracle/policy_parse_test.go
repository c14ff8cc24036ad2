package oracle

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// A policy file's errors name the file, the line and the field; a second document after
// the first was dropped unread (two.json scored under "late" alone).
func TestParsePolicyErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"{\"name\":\"late\",\"timing\":\"anytime\"}\n{\"name\":\"x\",\"binding\":\"bogus\"}\n",
			"p.json:1: more follows the policy's JSON object, which ends at byte 34: one policy per file (give --policy once per file)"},
		{"{\"name\":\"late\"} x", "p.json:1: more follows the policy's JSON object, which ends at byte 15"},
		{"{\"name\":\"late\",\n \"timing\":\"anytime\",\n \"order\": 5}\n", "p.json:3: order: is a JSON number, want a string"},
		{"{\"name\":\"late\",\n \"timing\":\"anytime\"\n \"order\": \"any\"}\n", "p.json:3: invalid JSON: invalid character '\"' after object key:value pair"},
		{"{\"name\":\"late\",\n \"ordr\": \"any\"}\n", "p.json:2: unknown field \"ordr\" (want name, binding, timing, coverage, coverage_at, propagation, order, non_action, confirmation)"},
		{"{\"name\":\"late\",\n \"timing\":\"anytime\"", "p.json:2: the JSON ends early (the file is cut short?)"},
		{"[1]", "p.json: is a JSON array, want an object"},
		{" \n", "p.json: empty file, want a JSON object"},
		// encoding/json matched keys in any case and let the last of two win: the first
		// scored under timing anytime, the second under before.
		{"{\"name\":\"late\",\n \"Timing\":\"anytime\"}", "p.json:2: unknown field \"Timing\": keys are matched exactly, want \"timing\""},
		{"{\"name\":\"late\",\n \"timing\":\"anytime\",\n \"timing\":\"before\"}", "p.json:3: timing: given twice (first on line 2): one value per switch"},
		{"{\"name\":\"late\",\n \"NAME\":\"other\"}", "p.json:2: unknown field \"NAME\": keys are matched exactly, want \"name\""},
		{`{"name":"late","timing":"later"}`, "p.json: policy \"late\": timing: \"later\" is not one of before, anytime"},
	} {
		_, err := ParsePolicy("p.json", []byte(tc.data))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %s", tc.data, err, tc.want)
		}
	}
}

var policyKeys = []string{"name", "binding", "timing", "coverage", "coverage_at", "propagation", "order", "non_action", "confirmation"}

// FuzzParsePolicy: no file panics the parser; an error names the file; a policy it accepts
// has each key once and exactly as spelled, and is written back as JSON and read again as
// the same policy.
func FuzzParsePolicy(f *testing.F) {
	for _, p := range append(append([]Policy{}, Presets...), ConfirmationPresets...) {
		b, _ := json.Marshal(p)
		f.Add(b)
	}
	f.Add([]byte(`{"name": "late-reads-ok", "timing": "anytime"}`))
	f.Add([]byte("{\"name\":\"a\"}\n{\"name\":\"b\"}"))
	f.Add([]byte(`{"name":"x","binding":"off","non_action":"investigated"}`))
	f.Add([]byte("{\"name\":\"late\",\n \"Timing\":\"anytime\"}"))
	f.Add([]byte("{\"name\":\"late\",\"timing\":\"anytime\",\"timing\":\"before\"}"))
	f.Add([]byte("{\"name\":\"late\",\"tim\u0069ng\":\"anytime\",\"timing\":\"before\"}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePolicy("p.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "p.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if p.Check() != nil || p.Name == "" {
			t.Fatalf("accepted %+v", p)
		}
		// Keys are matched exactly and given once: an accepted file has no other.
		seen := map[string]bool{}
		dec := json.NewDecoder(bytes.NewReader(data))
		if tok, err := dec.Token(); err == nil && tok == json.Delim('{') {
			for dec.More() {
				tok, err := dec.Token()
				if err != nil {
					break
				}
				k, _ := tok.(string)
				if seen[k] || !slices.Contains(policyKeys, k) {
					t.Fatalf("accepted a file with the key %q (given before: %v)", k, seen[k])
				}
				seen[k] = true
				var v json.RawMessage
				if dec.Decode(&v) != nil {
					break
				}
			}
		}
		b, _ := json.Marshal(p)
		q, err := ParsePolicy("p.json", b)
		if err != nil || q != p || q.Hash() != p.Hash() {
			t.Fatalf("%s read back as %+v (%v), want %+v", b, q, err, p)
		}
	})
}
