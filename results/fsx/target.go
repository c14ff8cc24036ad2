package fsx

import (
	"fmt"
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

// CheckParent reports why the file out cannot be made where it is named: its directory
// does not exist, or is a file. name is how the command line gave out ("--out").
func CheckParent(name, out string) error {
	dir := filepath.Dir(out)
	if IsDirTarget(dir) {
		return nil
	}
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s %s: %s is a file, not a directory", name, out, dir)
	}
	return fmt.Errorf("%s %s: the directory %s does not exist", name, out, dir)
}
