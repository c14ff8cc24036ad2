package fsx

import (
	"os"
	"path/filepath"
	"strings"
)

// IsDirTarget reports whether an output path names a directory: an existing one, or a
// path that ends in a separator.
func IsDirTarget(p string) bool {
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		return true
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
