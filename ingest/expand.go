package ingest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// episodeExts are the file names a directory expansion picks up.
var episodeExts = []string{".jsonl", ".jsonl.gz", ".jsonl.zst", ".jsonl.zstd", ".ndjson", ".ndjson.gz", ".ndjson.zst", ".parquet"}

// IsEpisodeFileName reports whether name looks like an episode file.
func IsEpisodeFileName(name string) bool {
	l := strings.ToLower(name)
	for _, e := range episodeExts {
		if strings.HasSuffix(l, e) {
			return true
		}
	}
	return false
}

// ExpandRuns turns --runs arguments (files, glob patterns, directories) into a sorted
// list of distinct episode files. A directory is searched recursively for episode
// files (IsEpisodeFileName); symbolic links inside it are followed only when they stay
// within it. A named file is taken whatever its name; a pattern or directory that
// matches nothing is an error.
func ExpandRuns(patterns []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, pat := range patterns {
		if pat == "" {
			return nil, fmt.Errorf("empty --runs argument")
		}
		if st, err := os.Stat(pat); err == nil {
			if !st.IsDir() {
				add(filepath.Clean(pat))
				continue
			}
			files, err := walkEpisodeDir(pat)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no episode files (%s) in the directory", pat, strings.Join(episodeExts, ", "))
			}
			for _, f := range files {
				add(f)
			}
			continue
		}
		if !strings.ContainsAny(pat, "*?[") {
			return nil, fmt.Errorf("%s: no such file or directory", pat)
		}
		matches, err := filepath.Glob(pat)
		if err != nil {
			return nil, fmt.Errorf("bad pattern %q: %w", pat, err)
		}
		n := 0
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil && !st.IsDir() {
				add(filepath.Clean(m))
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("%s: the pattern matches no file", pat)
		}
	}
	sort.Strings(out)
	return out, nil
}

// walkEpisodeDir lists the episode files under root; links that leave root are refused.
func walkEpisodeDir(root string) ([]string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	realRoot, _ = filepath.Abs(realRoot)
	var out []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !IsEpisodeFileName(d.Name()) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if err := withinRoot(realRoot, p); err != nil {
				return err
			}
			if st, err := os.Stat(p); err != nil || st.IsDir() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		out = append(out, filepath.Clean(p))
		return nil
	})
	return out, err
}

// withinRoot checks that the link p resolves to a path inside realRoot.
func withinRoot(realRoot, p string) error {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return err
	}
	target, _ = filepath.Abs(target)
	rel, err := filepath.Rel(realRoot, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: symbolic link leads out of %s", p, realRoot)
	}
	return nil
}
