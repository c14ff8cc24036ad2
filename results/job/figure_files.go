package job

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results/fsx"
)

// WriteFigure renders fig as dir/basename.svg, .pdf and .png and returns the
// paths written. Everything is rendered before the first file is written,
// and each file is written atomically (fsx.WriteFileAtomic: temporary
// file, then rename), so an error leaves no partial file.
func WriteFigure(dir, basename string, fig figures.Figure, o figures.Options) ([]string, error) {
	if basename == "" || strings.ContainsAny(basename, `/\`) || basename == "." || basename == ".." {
		return nil, fmt.Errorf("figures: basename %q must be a plain file name", basename)
	}
	out, err := figures.RenderAll(fig, o)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range figures.Formats {
		p := filepath.Join(dir, basename+"."+string(f))
		err := fsx.WriteFileAtomic(p, func(w io.Writer) error {
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

// WriteFigures writes every figure with WriteFigure into dir (created if needed) and returns
// the paths written. Each figure is rendered whole before its files are written, and
// each file atomically, so a failure leaves earlier figures complete and no partial file.
func WriteFigures(dir string, figs []figures.Named, o figures.Options) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	var written []string
	for _, f := range figs {
		w, err := WriteFigure(dir, f.Name, f.Fig, o)
		if err != nil {
			return nil, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		written = append(written, w...)
	}
	return written, nil
}
