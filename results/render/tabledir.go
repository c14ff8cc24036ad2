package render

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
)

// WriteTableDir writes each table to DIR/ID.EXT in format f (the directory is created when
// missing; an existing one keeps its other files) and returns the paths written, in table
// order. render writes one table (nil: RenderAll in f), so that callers keep their render
// options. Every table is validated, and the file names checked, before anything is
// written; each file is written atomically (fsx.WriteFileAtomic).
func WriteTableDir(dir string, f Format, tables []*results.Table, render func(w io.Writer, t *results.Table) error) ([]string, error) {
	if render == nil {
		render = func(w io.Writer, t *results.Table) error { return Render(w, t, f) }
	}
	seen := map[string]bool{}
	paths := make([]string, len(tables))
	for i, t := range tables {
		if err := t.Validate(); err != nil {
			return nil, err
		}
		name := t.ID + "." + f.Ext()
		if t.ID == "" || strings.ContainsAny(t.ID, `/\`) || t.ID[0] == '.' {
			return nil, fmt.Errorf("table id %q cannot be a file name", t.ID)
		}
		if seen[name] {
			return nil, fmt.Errorf("two tables with id %q would write the same file", t.ID)
		}
		seen[name] = true
		paths[i] = filepath.Join(dir, name)
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	var written []string
	for i, t := range tables {
		var side []byte // CSV has no place for provenance: a stamped table's CSV file gets its sidecar.
		if f == FormatCSV {
			side = Sidecar([]*results.Table{t})
		}
		name, err := writeWithSidecar(paths[i], side, func(w io.Writer) error { return render(w, t) })
		if name != "" || err == nil {
			written = append(written, paths[i])
		}
		if err != nil {
			return written, err
		}
		if name != "" {
			written = append(written, name)
		}
	}
	return written, nil
}

// WriteTableFileWith renders tables in format f with render options o (the LaTeX layout)
// to the file at path, atomically. CSV has no place for provenance, so a CSV file of
// stamped tables gets a sidecar (SidecarName).
func WriteTableFileWith(path string, f Format, o RenderOptions, tables ...*results.Table) error {
	var side []byte
	if f == FormatCSV {
		side = Sidecar(tables)
	}
	_, err := writeWithSidecar(path, side, func(w io.Writer) error { return RenderAllWith(w, tables, f, o) })
	return err
}

// writeWithSidecar writes the file at path with write, then side (when not nil) as its
// sidecar, and returns the sidecar's name ("" until written). The sidecar goes beside the
// file a link at path names, as the file itself (fsx.FollowLink), so that a reader of that
// file finds it and nothing is written beside the link; the link is followed before the
// file is replaced, which /proc/self/fd/N then names "… (deleted)".
func writeWithSidecar(path string, side []byte, write func(io.Writer) error) (string, error) {
	real := path
	if fsx.InPlace(path) {
		// A device or pipe (/dev/stdout) has no place beside it: /dev/stdout.meta.json was
		// made (as root) in /dev. Its notes go where those of CSV on stdout go (the CLI).
		side = nil
	} else if side != nil {
		var err error
		if real, err = fsx.FollowLink(path); err != nil {
			return "", err
		}
	}
	if err := fsx.WriteFileAtomic(path, write); err != nil {
		return "", err
	}
	if side == nil {
		return "", nil
	}
	name := SidecarName(real)
	return name, fsx.WriteFileAtomic(name, func(w io.Writer) error { _, err := w.Write(side); return err })
}
