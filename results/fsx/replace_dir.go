package fsx

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// ManifestName is the file in which ReplaceDir records every file of a directory it
// installed, so that a later replace can tell its own files from a user's.
const ManifestName = ".sabench-manifest"

// manifestHeading starts a manifest; the rest is one slash-separated relative path a line.
const manifestHeading = "# files written by sabench-stats; replacing this directory deletes exactly these\n"

// staleTemp is how old a sibling temporary directory of an earlier run must be before
// ReplaceDir removes it: younger ones may belong to a run still in progress.
const staleTemp = time.Hour

// ReplaceDir creates or replaces the directory at path with one that build fills. build
// writes into a fresh sibling directory (with the mode the umask gives a new one) that is
// moved into place only when it succeeded, so a failure or a kill at any point leaves
// either the old directory or the new one at path, never a mix and never neither: an
// existing directory is swapped with the new one in one step (renameat2
// RENAME_EXCHANGE), or, where the kernel cannot, renamed aside, the new one renamed in,
// and the old one restored if that fails. The old one is deleted only after the new one
// is in place.
//
// A directory is replaced only when it is empty or holds nothing but the files its
// manifest lists (ManifestName, written by an earlier ReplaceDir): anything else (a
// user's notes.txt, a working tree) is refused, with the foreign files named. Temporary
// siblings left by a killed run are ignored, and removed once older than an hour.
func ReplaceDir(path string, build func(dir string) error) error {
	if build == nil {
		return errors.New("results: ReplaceDir: nil build function")
	}
	path, err := FollowLink(filepath.Clean(path))
	if err != nil {
		return err
	}
	parent, base := filepath.Split(path)
	if base == "" || base == "." || base == ".." || base == string(filepath.Separator) {
		return &os.PathError{Op: "replace", Path: path, Err: errors.New("not a directory name")}
	}
	if parent == "" {
		parent = "."
	}
	if err := CheckReplaceable(path); err != nil {
		return err
	}
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return err
	}
	removeStaleTemps(parent, base)
	tmp, err := Temp(func() (string, error) { return paths.MkdirTemp(parent, "."+base+".tmp-*") })
	if err != nil {
		return err
	}
	defer func() {
		if tmp != "" {
			os.RemoveAll(tmp)
			Forget(tmp)
		}
	}()
	if err := build(tmp); err != nil {
		return err
	}
	if err := writeManifest(tmp); err != nil {
		return err
	}
	// The renames run under Install, so that a signal's RemoveTemps finds tmp whole
	// before or gone after, never a swap half done.
	var old string // where the old directory is, once the new one is in place
	err = Install(tmp, func() error {
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			return os.Rename(tmp, path)
		}
		// Check again: the directory may have changed while build ran.
		if err := CheckReplaceable(path); err != nil {
			return err
		}
		if err := exchange(tmp, path); err == nil {
			old = tmp // tmp now holds the old directory
			trackLocked(old)
			return nil
		}
		aside := filepath.Join(parent, "."+base+".old-"+filepath.Base(tmp)[len(base)+6:])
		if err := os.Rename(path, aside); err != nil {
			return err
		}
		if err := os.Rename(tmp, path); err != nil {
			if rerr := os.Rename(aside, path); rerr != nil {
				return fmt.Errorf("%w; and restoring the old directory from %s failed: %v", err, aside, rerr)
			}
			return err
		}
		old = aside
		trackLocked(old)
		return nil
	})
	if err != nil {
		return err
	}
	tmp = ""
	if old == "" {
		return nil
	}
	defer Forget(old)
	if err := os.RemoveAll(old); err != nil {
		return fmt.Errorf("%s installed; removing the old one (now %s) failed: %w", path, old, err)
	}
	return nil
}

// CheckReplaceable reports whether ReplaceDir may replace path: it does not exist, is an
// empty directory, or holds only the files its manifest lists.
func CheckReplaceable(path string) error {
	path, err := FollowLink(path)
	if err != nil {
		return err
	}
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: exists and is not a directory; not replaced", path)
	}
	files, err := listFiles(path)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return nil
	}
	listed, err := readManifest(path)
	if err != nil {
		return fmt.Errorf("%s: exists and was not written by sabench-stats (no readable %s); choose another directory or remove it", path, ManifestName)
	}
	var foreign []string
	for _, f := range files {
		if f != ManifestName && !listed[f] {
			foreign = append(foreign, f)
		}
	}
	if len(foreign) > 0 {
		return fmt.Errorf("%s: holds files sabench-stats did not write (%s); move them or choose another directory", path, NameSome(foreign))
	}
	return nil
}

// NameSome lists the first ten of names, and how many more there are, for a refusal
// that names the files in the way.
func NameSome(names []string) string {
	if len(names) <= 10 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:10], ", "), len(names)-10)
}

// listFiles lists every non-directory entry under dir, relative and slash-separated,
// sorted. Symbolic links are listed, not followed.
func listFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(out)
	return out, err
}

func writeManifest(dir string) error {
	files, err := listFiles(dir)
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, ManifestName), func(w io.Writer) error {
		if _, err := io.WriteString(w, manifestHeading); err != nil {
			return err
		}
		for _, f := range files {
			if f == ManifestName {
				continue
			}
			if _, err := io.WriteString(w, f+"\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

func readManifest(dir string) (map[string]bool, error) {
	f, err := os.Open(filepath.Join(dir, ManifestName))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	listed := map[string]bool{}
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			if line+"\n" != manifestHeading {
				return nil, errors.New("not a manifest")
			}
			first = false
			continue
		}
		listed[line] = true
	}
	if first {
		return nil, errors.New("empty manifest")
	}
	return listed, sc.Err()
}

// removeStaleTemps removes the temporary siblings of base that earlier runs left behind
// (killed before they could clean up), once they are old enough not to be in use.
func removeStaleTemps(parent, base string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() || !(strings.HasPrefix(n, "."+base+".tmp-") || strings.HasPrefix(n, "."+base+".old-")) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleTemp {
			os.RemoveAll(filepath.Join(parent, n))
		}
	}
}
