package job

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/oracle"
)

// longFact is an explanation whose one fact is longer than factWidth.
func longFact() []*oracle.Explanation {
	// 22 bytes before the é's: factWidth-3 falls inside one.
	summary := "predicate=\"pp\" value=\"" + strings.Repeat("é", 200) + "\""
	return []*oracle.Explanation{{RunID: "r", Verdict: &oracle.ExplainedVerdict{Pass: true, Label: "outcome=TASK_SUCCESS"},
		FirstAttempt: -1, Chain: []oracle.ChainEvent{{Kind: "read", Tool: "t", Arguments: "{}",
			Facts: []oracle.ExplainedFact{{Summary: summary, Fact: "{}"}}}}}}
}

func TestExplainTextCutsLongFactsUnlessFull(t *testing.T) {
	x := longFact()[0]
	cutText, fullText := explainText(x, false), explainText(x, true)
	whole := x.Chain[0].Facts[0].Summary
	if strings.Contains(cutText, whole) || !strings.Contains(cutText, "... (--full prints it whole)") {
		t.Errorf("cut text keeps the whole fact or does not say it was cut:\n%s", cutText)
	}
	if !strings.Contains(fullText, "fact "+whole+"\n") {
		t.Errorf("--full text lacks the whole fact:\n%s", fullText)
	}
	for _, line := range strings.Split(cutText, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "fact ") {
			continue
		}
		if !utf8.ValidString(line) {
			t.Errorf("the cut splits a rune: %q", line)
		}
	}
}

func TestExplainFormats(t *testing.T) {
	var b bytes.Buffer
	if err := Explain(&b, nil, nil, []oracle.Policy{oracle.SafeAct}, []oracle.Verdict{oracle.Fields{RunID: "r", Excluded: true, ExclusionReason: "censored", Official: -1}.Verdict()}, ExplainOptions{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var xs []map[string]any
	if err := json.Unmarshal(b.Bytes(), &xs); err != nil || len(xs) != 1 || xs[0]["excluded"] != true || xs[0]["exclusion_reason"] != "censored" || xs[0]["verdict"] != nil {
		t.Errorf("json: %v %s", err, b.String())
	}
	if err := Explain(&b, nil, nil, nil, nil, ExplainOptions{Format: "csv"}); err == nil {
		t.Error("csv accepted")
	}
}
