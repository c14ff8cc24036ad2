package fsx

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic creates or replaces the file at path with what write produces. The bytes
// go to a temporary file in the same directory (so the final rename cannot cross file
// systems), which is flushed, fsynced and closed, then renamed over path: readers see the
// old file or the complete new one, never a mix. If write or any step fails (or write
// panics) the temporary file is removed and path is left as it was. The file gets mode
// 0644. The directory itself is not fsynced, so a machine crash right after the rename may
// still lose the new name.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	if write == nil {
		return errors.New("results: WriteFileAtomic: nil write function")
	}
	dir, base := filepath.Split(path)
	if base == "" {
		return &os.PathError{Op: "write", Path: path, Err: errors.New("not a file name")}
	}
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		if !renamed { // an error or a panic: leave nothing behind (a second Close is harmless)
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	renamed = true
	return nil
}
