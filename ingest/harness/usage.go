package harness

import (
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
func addUsage(dst *jsonv.Object, key string, v any) {
	old, had := dst.Get(key)
	switch x := v.(type) {
	case int64:
		switch o := old.(type) {
		case int64:
			dst.Set(key, o+x)
		case float64:
			dst.Set(key, o+float64(x))
		default:
			if !had {
				dst.Set(key, x)
			}
		}
	case float64:
		f, _ := ingest.JSONNumber(old)
		dst.Set(key, f+x)
	}
}
