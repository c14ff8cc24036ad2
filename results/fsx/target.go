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
//
// A file out is checked where WriteFileAtomic writes it: a device or a pipe (/dev/null,
// /dev/stdout) is written in place, so nothing is made beside it (its directory, /dev,
// takes no file from a user); through a symbolic link, the temporary is made beside the
// file the link names (or makes, a link to no file yet), so that directory is checked
// instead of dir, and must exist: what goes beside the output (a CSV sidecar, the
// viewer's NAME_files/) goes there too (FollowLink), and nothing is written beside the
// link. The temporary is tracked (Temp), so that a signal's RemoveTemps removes it too.
func CheckWritable(name, out, dir string) error {
	st, err := os.Stat(out)
	switch {
	case err == nil && st.IsDir():
	case err == nil && !st.Mode().IsRegular():
		return nil
	default: // a file, or none yet: through a link, beside the file it names
		real, err := FollowLink(out)
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, out, err)
		}
		if d := filepath.Dir(real); real != out && d != filepath.Clean(dir) {
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				return fmt.Errorf("%s %s: a link to %s, whose directory %s does not exist", name, out, real, d)
			}
			return checkWritableDir(name, out, d)
		}
	}
	return checkWritableDir(name, out, dir)
}

// checkWritableDir is CheckWritable of the directory dir alone.
func checkWritableDir(name, out, dir string) error {
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
	tmp, err := Temp(func() (string, error) {
		f, err := os.CreateTemp(d, ".sabench-write-check-*")
		if err != nil {
			return "", err
		}
		f.Close() // nothing was written to it
		return f.Name(), nil
	})
	if errors.Is(err, ErrStopped) {
		return err
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s: cannot write in %s: %v", name, out, d, err)
	}
	// Removed under Install's lock, so that a signal's RemoveTemps finds it whole or gone.
	if err := Install(tmp, func() error { return os.Remove(tmp) }); err != nil && !errors.Is(err, ErrStopped) {
		return err
	}
	return nil
}
