package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInteractiveWallTimeNotFinite: started_at_unix and finished_at_unix, each finite, can
// be infinitely far apart (-1.7e308 and 1.7e308): the episode got "wall_seconds": Infinity,
// which score and validate then refuse in the file ingest wrote. The wall time is left out
// and a warning names the run's result.json; so is a wall time that would be negative.
func TestInteractiveWallTimeNotFinite(t *testing.T) {
	for _, tc := range []struct {
		start, end float64
		warning    string
	}{
		{-1.7e308, 1.7e308, "result.json: started_at_unix -1.7e+308, finished_at_unix 1.7e+308: their difference is no finite number"},
		// A run that finished before it started lost its wall time without a word, where
		// a batch trace's says why.
		{1.7e9, 1.6e9, "result.json: finished_at_unix 1.6e+09 is before started_at_unix 1.7e+09; the run's wall time is unknown"},
	} {
		interactiveWallTime(t, tc.start, tc.end, tc.warning)
	}
}

func interactiveWallTime(t *testing.T, start, end float64, warning string) {
	dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V2-001.run1"))
	p := filepath.Join(dir, "result.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	o, err := jsonv.ParseObject(b)
	if err != nil {
		t.Fatal(err)
	}
	o.Set("started_at_unix", start)
	o.Set("finished_at_unix", end)
	if err := os.WriteFile(p, jsonv.Marshal(o), 0o644); err != nil {
		t.Fatal(err)
	}
	res := readInteractive(t, dir, Options{Config: glm})
	if len(res.Episodes) != 1 || len(res.Problems) != 0 {
		t.Fatalf("%d episodes, problems %v", len(res.Episodes), res.Problems)
	}
	if w, ok := res.Episodes[0].Usage.Get("wall_seconds"); ok {
		t.Errorf("wall_seconds %v, want none", w)
	}
	warned := false
	for _, w := range res.Warnings {
		warned = warned || strings.Contains(w, warning)
	}
	if !warned {
		t.Errorf("warnings %q lack the wall time's", res.Warnings)
	}
}

// TestInteractiveUsageSumOverflow: the per-request usage was summed without a bound: two
// costs of 1e308 gave "cost_usd": Infinity, which score and validate refuse in the file
// ingest wrote, and two prompt_tokens of 2^62·1.5 wrapped around to a negative input_tokens.
// Each is a problem naming the request and field that passed the bound.
func TestInteractiveUsageSumOverflow(t *testing.T) {
	for field, usage := range map[string]string{
		"usage[1].usage.cost":          `[{"usage":{"cost":1e308}},{"usage":{"cost":1e308}}]`,
		"usage[1].usage.prompt_tokens": `[{"usage":{"prompt_tokens":6917529027641081856}},{"usage":{"prompt_tokens":6917529027641081856}}]`,
	} {
		dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V2-001.run1"))
		p := filepath.Join(dir, "result.json")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		o, err := jsonv.ParseObject(b)
		if err != nil {
			t.Fatal(err)
		}
		list, err := jsonv.Parse([]byte(usage))
		if err != nil {
			t.Fatal(err)
		}
		o.Set("usage", list)
		o.Delete("cost_usd")
		if err := os.WriteFile(p, jsonv.Marshal(o), 0o644); err != nil {
			t.Fatal(err)
		}
		res, _ := ReadInteractiveDir(dir, Options{Config: glm})
		found := false
		for _, pr := range res.Problems {
			found = found || (pr.Field == field && strings.Contains(pr.Msg, "the requests' sum"))
		}
		if !found {
			for _, e := range res.Episodes {
				t.Logf("usage %s", jsonv.Marshal(e.Usage.Object()))
			}
			t.Errorf("%s: problems %v, want one naming %s", usage, res.Problems, field)
		}
	}
}
