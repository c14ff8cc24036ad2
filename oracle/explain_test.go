package oracle

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Explain output for a few chains, compared with golden files (go test -update rewrites them).
func TestExplainGolden(t *testing.T) {
	cases := []struct {
		name, id string
		edit     func(evs []any) []any
		terminal string
	}{
		{"v1_wrong_entity", "SAB-V1-001", func(evs []any) []any { setArg(evs[5], "charge_id", "ch_90A1"); return evs }, ""},
		{"v2_018_stale_read", "SAB-V2-018", func(evs []any) []any { return move(evs, 9, 0) }, ""},
		{"v0_167_wrong_label", "SAB-V0-167", nil, "DEFER"},
		{"v3_pass", "SAB-V3-001", nil, ""},
		{"legacy_wrong", "SAB-L-001", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := loadCase(t, tc.id)
			p := prepare(t, c)
			ep := reference(t, c)
			if tc.edit != nil {
				ep = withEvents(ep, tc.edit(copyEvents(ep)))
			}
			if tc.terminal != "" {
				ep = withEvents(ep, copyEvents(ep))
				ep.Record.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", tc.terminal))
			}
			if tc.name == "legacy_wrong" {
				e := *ep
				e.Record = ep.Record.DeepCopy()
				e.Record.Set("decision", "defer")
				ep = &e
			}
			buf, err := json.MarshalIndent(Explain(c, ep, SafeAct, p.Score(ep, SafeAct, true)), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			buf = append(buf, '\n')
			golden := filepath.Join("testdata", "explain_"+tc.name+".json")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update once)", err)
			}
			if !bytes.Equal(buf, want) {
				t.Errorf("explain %s differs from %s:\n%s", tc.name, golden, buf)
			}
		})
	}
	// Without detail there is no chain to show, and the explanation says so.
	c := loadCase(t, "SAB-V1-001")
	ep := reference(t, c)
	x := Explain(c, ep, SafeAct, prepare(t, c).Score(ep, SafeAct, false))
	if len(x.Chain) != 0 || !strings.Contains(x.NotWalked, "without detail") {
		t.Errorf("explain without detail: chain %v, not walked %q", x.Chain, x.NotWalked)
	}
}
