package results

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// RenderedFigure is one figure's files, rendered by the figures package: the file
// extension (svg, pdf, png) and the bytes, in the order to list them.
type RenderedFigure struct {
	Name  string
	Exts  []string
	Files [][]byte
}

// WriteReport writes a report directory: every table in every format under tables/ (with
// the CSV sidecar of a stamped table), the
// figures under figures/ and index.md. Everything is written to a sibling temporary
// directory that is renamed into place, so an error never leaves a half-written report;
// dir may only be missing, empty or an earlier report (--out . must never wipe a working
// tree). The index's Tables and Figures are filled in.
func WriteReport(dir string, idx *Index, figs []RenderedFigure) error {
	dir = filepath.Clean(dir)
	if err := CheckReportDir(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, sub := range []string{"tables", "figures"} {
		if err := os.MkdirAll(filepath.Join(tmp, sub), 0o755); err != nil {
			return err
		}
	}
	// No per-file temp and fsync inside the temporary directory: renaming it is what makes
	// the report atomic.
	var buf bytes.Buffer
	for _, t := range idx.Tables {
		for _, f := range Formats() {
			buf.Reset()
			if err := Render(&buf, t, f); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(tmp, "tables", t.ID+"."+f.Ext()), buf.Bytes(), 0o644); err != nil {
				return err
			}
		}
		if side := Sidecar([]*Table{t}); side != nil {
			if err := os.WriteFile(filepath.Join(tmp, "tables", SidecarName(t.ID+"."+FormatCSV.Ext())), side, 0o644); err != nil {
				return err
			}
		}
	}
	idx.Figures = idx.Figures[:0]
	for _, f := range figs {
		x := IndexFigure{Name: f.Name}
		for i, ext := range f.Exts {
			rel := path.Join("figures", f.Name+"."+ext)
			if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(rel)), f.Files[i], 0o644); err != nil {
				return err
			}
			x.Files = append(x.Files, rel)
		}
		idx.Figures = append(idx.Figures, x)
	}
	if err := os.WriteFile(filepath.Join(tmp, "index.md"), []byte(idx.Markdown()), 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// CheckReportDir refuses to replace anything but a missing directory, an empty one, or an
// earlier report (it has our index.md).
func CheckReportDir(out string) error {
	entries, err := os.ReadDir(out)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	if len(entries) == 0 {
		return nil
	}
	head, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err == nil && strings.HasPrefix(string(head), indexHeading) {
		return nil
	}
	return fmt.Errorf("--out %s: exists and is not an earlier sabench-stats report; choose another directory or remove it", out)
}
