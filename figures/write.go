package figures

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteAll renders fig as dir/basename.svg, .pdf and .png and returns the
// paths written. Everything is rendered before the first file is written,
// and each file is written atomically (temporary file, then rename), so an
// error leaves no partial file.
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
		if err := writeFileAtomic(p, out[f]); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// writeFileAtomic writes data to a temporary file beside path, syncs it and
// renames it over path, removing the temporary file on any error.
func writeFileAtomic(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("figures: write %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("figures: sync %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("figures: close %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	return nil
}
