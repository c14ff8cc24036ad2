package oracle

import (
	"github.com/sabench/sabench-stats/ingest"
)

// Usage is what an episode consumed, copied from its usage object so that cost tables
// need not keep the episodes. Known has bit UsageCost, UsageInput, … set for each field the
// episode reported as a number; the others are 0. (A presence mask rather than NaN keeps
// verdicts comparable with ==.) Tokens are float64, exact below 2^53.
type Usage struct {
	CostUSD      float64
	InputTokens  float64
	OutputTokens float64
	WallSeconds  float64
	Known        uint8
}

// The bits of Usage.Known (ingest.Usage's).
const (
	UsageCost   = ingest.UsageCost
	UsageInput  = ingest.UsageInput
	UsageOutput = ingest.UsageOutput
	UsageWall   = ingest.UsageWall
)

// Has reports whether every field in mask was reported.
func (u Usage) Has(mask uint8) bool { return u.Known&mask == mask }

// UsageOf copies the four usage numbers of ep, typed when its usage was made
// (ingest.NewUsage; the decoder has checked they are numbers).
func UsageOf(ep *ingest.Episode) Usage {
	u := ep.Usage
	if u == nil {
		return Usage{}
	}
	return Usage{CostUSD: u.CostUSD, InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, WallSeconds: u.WallSeconds, Known: u.Known}
}
