package job

import (
	"bytes"
	"os"
	"path"
	"path/filepath"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// writeReportFiles writes the report's files into dir (the temporary directory that
// fsx.ReplaceDir moves into place, which makes the report atomic): every table in every
// format under tables/ (with the CSV sidecar of a stamped table), the figures under
// figures/ and index.md. The index's Figures are filled in.
func writeReportFiles(dir string, idx *Index, figs []figures.Rendered) error {
	for _, sub := range []string{"tables", "figures"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o777); err != nil {
			return err
		}
	}
	// No per-file temp and fsync inside the temporary directory: moving it into place
	// is what makes the report atomic.
	var buf bytes.Buffer
	for _, t := range idx.Tables {
		for _, f := range render.Formats() {
			buf.Reset()
			if err := render.RenderWith(&buf, t, f, idx.Render); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, "tables", t.ID+"."+f.Ext()), buf.Bytes(), 0o666); err != nil {
				return err
			}
		}
		if side := render.Sidecar([]*results.Table{t}); side != nil {
			if err := os.WriteFile(filepath.Join(dir, "tables", render.SidecarName(t.ID+"."+render.FormatCSV.Ext())), side, 0o666); err != nil {
				return err
			}
		}
	}
	idx.Figures = idx.Figures[:0]
	for _, f := range figs {
		x := IndexFigure{Name: f.Name, Note: f.Note}
		for i, ext := range f.Exts {
			rel := path.Join("figures", f.Name+"."+ext)
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), f.Files[i], 0o666); err != nil {
				return err
			}
			x.Files = append(x.Files, rel)
		}
		idx.Figures = append(idx.Figures, x)
	}
	return os.WriteFile(filepath.Join(dir, "index.md"), []byte(idx.Markdown()), 0o666)
}
