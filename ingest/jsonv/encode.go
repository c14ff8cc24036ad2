package jsonv

// Marshal returns v as compact JSON with object keys in their stored order, strings
// with non-ASCII kept as UTF-8, and floats in Python repr (119.0 stays 119.0), so that
// jsonv.Parse(Marshal(v)) is Equal to v and keeps its key order. It is the encoding of
// the episode files; hashes and evidence keys use Canonical instead.
func Marshal(v any) []byte {
	return AppendJSON(nil, v)
}

// AppendJSON appends the Marshal form of v to dst.
func AppendJSON(dst []byte, v any) []byte {
	switch x := v.(type) {
	case []any:
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, e)
		}
		return append(dst, ']')
	case *Object:
		if x == nil {
			return append(dst, "null"...)
		}
		dst = append(dst, '{')
		for i, k := range x.Keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, k, false)
			dst = append(dst, ':')
			dst = AppendJSON(dst, x.Values[i])
		}
		return append(dst, '}')
	default:
		// Scalars are written exactly as the canonical form writes them.
		return AppendCanonical(dst, v, false)
	}
}
