package figures

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/results"
)

// WriteAll renders fig as dir/basename.svg, .pdf and .png and returns the
// paths written. Everything is rendered before the first file is written,
// and each file is written atomically (results.WriteFileAtomic: temporary
// file, then rename), so an error leaves no partial file.
func WriteAll(dir, basename string, fig Figure, o Options) ([]string, error) {
	if basename == "" || strings.ContainsAny(basename, `/\`) || basename == "." || basename == ".." {
		return nil, fmt.Errorf("figures: basename %q must be a plain file name", basename)
	}
	out, err := RenderAll(fig, o)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range Formats {
		p := filepath.Join(dir, basename+"."+string(f))
		err := results.WriteFileAtomic(p, func(w io.Writer) error {
			_, err := w.Write(out[f])
			return err
		})
		if err != nil {
			return paths, fmt.Errorf("figures: write %s: %w", p, err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// WriteEach writes every figure with WriteAll into dir (created if needed) and returns
// the paths written. Each figure is rendered whole before its files are written, and
// each file atomically, so a failure leaves earlier figures complete and no partial file.
func WriteEach(dir string, figs []Named, o Options) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, f := range figs {
		w, err := WriteAll(dir, f.Name, f.Fig, o)
		if err != nil {
			return nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		written = append(written, w...)
	}
	return written, nil
}
