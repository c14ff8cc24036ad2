package samples

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestTokensNullWhenNotLogged: log_formats.eval and log_message_deduplication.eval record
// an empty model_usage for their sample (log_formats' output still says 66 input and 2
// output tokens were used), so the token columns are null there, as the times are when
// not logged, rather than 0 tokens; mj7k's sample 1 records 64 + 2 = 66.
func TestTokensNullWhenNotLogged(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "jsonl", sharedRows(t)); err != nil {
		t.Fatal(err)
	}
	got := map[string][3]any{}
	for line := range strings.SplitSeq(strings.TrimSpace(b.String()), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		log := r["log"].(string)
		key := log[strings.LastIndexByte(log, '/')+1:] + "#" + r["sample_id"].(string)
		got[key] = [3]any{r["input_tokens"], r["output_tokens"], r["total_tokens"]}
	}
	for key, want := range map[string][3]any{
		"log_formats.eval#1":               {nil, nil, nil},
		"log_message_deduplication.eval#0": {nil, nil, nil},
		"2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval#1": {64.0, 2.0, 66.0},
	} {
		if g, ok := got[key]; !ok || g != want {
			t.Errorf("%s: tokens %v, want %v", key, g, want)
		}
	}
}
