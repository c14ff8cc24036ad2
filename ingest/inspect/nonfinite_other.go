//go:build !amd64 || purego

package inspect

// hasNonFinite reports whether data holds "NaN" or "Infinity" anywhere.
func hasNonFinite(data []byte) bool { return containsNonFinite(data) }
