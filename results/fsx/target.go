package fsx

import (
	"errors"
	"fmt"
	"io/fs"
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

// CheckWritable reports that an output cannot be written before any work is done: dir is
// the directory out is written into (for a directory not made yet, the nearest one of its
// path that exists, where it will be made), and a new file cannot be made there. It makes
// a temporary file and removes it: the one test that permissions, access lists, read-only
// mounts and the user's privileges (root writes in a 0500 directory) answer alike. A file
// standing in dir's path is passed over, for the callers' own checks to name. name is how
// the command line gave out ("--out").
func CheckWritable(name, out, dir string) error {
	d := filepath.Clean(dir)
	for {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return nil
			}
			break
		}
		if filepath.Dir(d) == d {
			return nil
		}
		d = filepath.Dir(d)
	}
	f, err := os.CreateTemp(d, ".sabench-write-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s: cannot write in %s: %v", name, out, d, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
