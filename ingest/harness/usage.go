package harness

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// usageNumber copies a numeric field into a usage object.
func usageNumber(dst *jsonv.Object, key string, v any) {
	switch v.(type) {
	case int64, float64:
		dst.Set(key, v)
	}
}

// addUsage adds a numeric value to a usage field (int64 stays int64 until a float joins).
// It says "" or why the sum cannot be kept: a sum past int64 wrapped around to a negative
// count and a float sum past the largest float was Infinity, which no reader of the
// episode file takes.
func addUsage(dst *jsonv.Object, key string, v any) string {
	old, had := dst.Get(key)
	var sum any
	switch x := v.(type) {
	case int64:
		switch o := old.(type) {
		case int64:
			s := o + x
			if (s > o) != (x > 0) && x != 0 {
				return fmt.Sprintf("the requests' sum passes 64 bits (%d + %d)", o, x)
			}
			sum = s
		case float64:
			sum = o + float64(x)
		default:
			if had {
				return ""
			}
			sum = x
		}
	case float64:
		f, _ := ingest.JSONNumber(old)
		sum = f + x
	default:
		return ""
	}
	if f, ok := sum.(float64); ok && math.IsInf(f, 0) {
		return fmt.Sprintf("the requests' sum is no finite number (%v + %v)", old, v)
	}
	dst.Set(key, sum)
	return ""
}

// usageDefect says what keeps a usage value a runner wrote from being summed: "" for a
// finite number or null. Python writes a float NaN or infinity as a bare NaN or Infinity,
// which reads as a number and would be written into the episode as one.
func usageDefect(v any) string {
	switch x := v.(type) {
	case nil, int64:
		return ""
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprintf("must be a finite number or null, got %v", x)
		}
		return ""
	case jsonv.BigInt:
		return fmt.Sprintf("must be a number within 64 bits or null, got %s", x)
	}
	return "must be a number or null, got " + ingest.TypeName(v)
}
