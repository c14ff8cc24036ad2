package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

func TestUsageOf(t *testing.T) {
	o := &jsonv.Object{}
	o.Set("cost_usd", 0.25)
	o.Set("input_tokens", int64(1200))
	o.Set("output_tokens", nil)
	o.Set("wall_seconds", jsonv.BigInt("90"))
	u := UsageOf(&ingest.Episode{Usage: ingest.NewUsage(o)})
	want := Usage{CostUSD: 0.25, InputTokens: 1200, WallSeconds: 90, Known: UsageCost | UsageInput | UsageWall}
	if u != want {
		t.Fatalf("UsageOf = %+v, want %+v", u, want)
	}
	if u.Has(UsageOutput) || !u.Has(UsageCost|UsageWall) {
		t.Errorf("Has: %+v", u)
	}
	if (UsageOf(&ingest.Episode{}) != Usage{}) {
		t.Errorf("no usage object: want the zero Usage")
	}
}
