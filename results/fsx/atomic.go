package fsx

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// WriteFileAtomic creates or replaces the file at path with what write produces. The bytes
// go to a temporary file in the same directory (so the final rename cannot cross file
// systems), which is flushed, fsynced and closed, then renamed over path: readers see the
// old file or the complete new one, never a mix. If write or any step fails (or write
// panics) the temporary file is removed and path is left as it was. The file gets the mode
// the umask gives a new file (paths.CreateTemp: 0644 under umask 022). The directory
// itself is not fsynced, so a machine crash right after the rename may still lose the new
// name.
//
// A path that names something other than a regular file or a directory (a device such as
// /dev/null, a named pipe) is written in place: a rename would put a regular file where
// the device was (as root), or fail to create the temporary file beside it. A symbolic
// link is followed, so that the file it names is replaced and the link stays.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	if write == nil {
		return errors.New("results: WriteFileAtomic: nil write function")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		// Refused before anything is written: the rename over it failed at the end with
		// "rename ./.x.tmp-123 x: file exists", after the work of making the file.
		return &os.PathError{Op: "write", Path: path, Err: errors.New("is a directory, not a file")}
	} else if err == nil && !st.Mode().IsRegular() {
		return writeInPlace(path, write)
	}
	path, err := FollowLink(path)
	if err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	if base == "" {
		return &os.PathError{Op: "write", Path: path, Err: errors.New("not a file name")}
	}
	if dir == "" {
		dir = "."
	}
	var f *os.File
	tmp, err := Temp(func() (string, error) {
		var err error
		if f, err = paths.CreateTemp(dir, "."+base+".tmp-*"); err != nil {
			return "", err
		}
		return f.Name(), nil
	})
	if err != nil {
		// Named by the path asked for, not the temporary file's: "create out/x.jsonl: no
		// such file or directory" when out/ does not exist.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &os.PathError{Op: "create", Path: path, Err: err}
	}
	renamed := false
	defer func() {
		if !renamed { // an error or a panic: leave nothing behind (a second Close is harmless)
			f.Close()
			os.Remove(tmp)
			Forget(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := Install(tmp, func() error { return os.Rename(tmp, path) }); err != nil {
		return err
	}
	renamed = true
	return nil
}

// writeInPlace writes to the existing non-regular file at path (a device or a pipe),
// which neither a temporary file nor a rename can stand in for.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// InPlace reports whether path names a device or a pipe (/dev/stdout, /dev/null, a named
// pipe), which WriteFileAtomic writes in place: a stream with no directory of its own, so
// nothing goes beside it (a CSV's sidecar: its reader gets what it would on stdout).
func InPlace(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && !st.Mode().IsRegular()
}

// FollowLink returns the path a symbolic link at path names (path itself when it is not
// a link, or does not exist), so that an output written through a link replaces what the
// link names and the link stays: a rename over the link would put the output in its place.
// What goes beside an output (a CSV's sidecar, the viewer's NAME_files/) goes beside this
// path too, as a shell's > writes through the link: the page's relative links then resolve.
// A link to a file not made yet names where it is made, as a shell's > makes it (its
// directories are not made): filepath.EvalSymlinks refused it, after the work.
func FollowLink(path string) (string, error) {
	for range 40 { // the kernel's limit of links in a path
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			// Relative to the link's directory as the system resolves it: a lexical
			// join mistook "../x" under a linked directory.
			dir, err := filepath.EvalSymlinks(filepath.Dir(path))
			if err != nil {
				return "", err
			}
			to = filepath.Join(dir, to)
		}
		path = to
	}
	return "", &os.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}
