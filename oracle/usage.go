package oracle

import (
	"strconv"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
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

// The bits of Usage.Known.
const (
	UsageCost uint8 = 1 << iota
	UsageInput
	UsageOutput
	UsageWall
)

// Has reports whether every field in mask was reported.
func (u Usage) Has(mask uint8) bool { return u.Known&mask == mask }

// UsageOf reads the four usage fields of ep (the decoder has checked they are numbers),
// in one pass over the usage object's keys (keys are unique: the decoder keeps the last
// of repeated keys at the first one's place, as Python does).
func UsageOf(ep *ingest.Episode) Usage {
	var u Usage
	if ep.Usage == nil {
		return u
	}
	for i, k := range ep.Usage.Keys {
		var bit uint8
		var dst *float64
		switch k {
		case "cost_usd":
			bit, dst = UsageCost, &u.CostUSD
		case "input_tokens":
			bit, dst = UsageInput, &u.InputTokens
		case "output_tokens":
			bit, dst = UsageOutput, &u.OutputTokens
		case "wall_seconds":
			bit, dst = UsageWall, &u.WallSeconds
		default:
			continue
		}
		if x, ok := usageNumber(ep.Usage.Values[i]); ok {
			*dst, u.Known = x, u.Known|bit
		}
	}
	return u
}

func usageNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case jsonv.BigInt:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}
