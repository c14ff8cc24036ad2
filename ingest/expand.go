package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
	"github.com/sabench/sabench-stats/ingest/sniff"
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

// ExpandRuns turns --runs arguments (files, glob patterns, directories) into a list of
// distinct episode files sorted by where they are (paths.Distinct), however they are spelled. A directory is searched recursively for episode
// files (IsEpisodeFileName), the directory itself also when named through a link;
// symbolic links inside it are followed only when they stay within it. A named file is taken whatever its name; a pattern or directory that
// matches nothing is an error.
func ExpandRuns(patterns []string) ([]string, error) {
	files, _, err := ExpandRunsSkipped(patterns)
	return files, err
}

// ExpandRunsSkipped is ExpandRuns that also returns what a directory search passed over
// and a user would expect read: symbolic links to directories (not followed), and
// entries with episode file names that are neither regular files nor links to them. One
// problem each, for the caller to show; they are not errors.
func ExpandRunsSkipped(patterns []string) ([]string, []Problem, error) {
	var skipped []Problem
	files, err := expandRuns(patterns, &skipped)
	return files, skipped, err
}

func expandRuns(patterns []string, skipped *[]Problem) ([]string, error) {
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
		if pat == "-" {
			return nil, fmt.Errorf("-: reading episodes from standard input is not supported; save them to a file")
		}
		if st, err := os.Stat(pat); err == nil {
			if !st.IsDir() {
				// Refused here, unopened (opening a named pipe waits for a writer), so that
				// the command names the flag as it does for a missing file.
				if !st.Mode().IsRegular() {
					return nil, notRegular(pat, st.Mode())
				}
				add(filepath.Clean(pat))
				continue
			}
			files, err := walkEpisodeDir(pat, skipped)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no episode files (%s) in the directory%s", pat, strings.Join(episodeExts, ", "), sniff.Clause(pat))
			}
			for _, f := range files {
				add(f)
			}
			continue
		}
		if !strings.ContainsAny(pat, "*?[") {
			return nil, fmt.Errorf("%s: no such file or directory", pat)
		}
		files, notes, err := paths.GlobFiles(pat, IsEpisodeFileName)
		if err != nil {
			return nil, fmt.Errorf("bad pattern %q: %w", pat, err)
		}
		for _, n := range notes {
			*skipped = append(*skipped, Problem{File: pat, Msg: n})
		}
		for _, f := range files {
			add(f)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: the pattern matches no file%s", pat, strings.Join(append([]string{""}, notes...), "; "))
		}
	}
	out = paths.Distinct(out)
	// An empty file holds no episodes and reads as such; among others it would pass
	// unremarked, though it is most often a write that was interrupted.
	for _, p := range out {
		if st, err := os.Stat(p); err == nil && st.Size() == 0 {
			*skipped = append(*skipped, Problem{File: p, Msg: "empty file (0 bytes): no episodes read from it (an interrupted write?)"})
		}
	}
	return out, nil
}

// walkEpisodeDir lists the episode files under root; links that leave root are refused.
func walkEpisodeDir(root string, skipped *[]Problem) ([]string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	realRoot, _ = filepath.Abs(realRoot)
	var out []string
	// .json files are passed over (a harness folder or a checkout holds many), but JSON
	// Lines are often named .json: one note says how many, naming the first.
	var jsonFiles paths.Tally
	pass := paths.NewPassOver(IsEpisodeFileName)
	defer func() {
		for _, n := range pass.Notes() {
			*skipped = append(*skipped, Problem{File: filepath.Clean(root), Msg: n})
		}
		if jsonFiles.N > 0 {
			*skipped = append(*skipped, Problem{File: filepath.Clean(root), Msg: fmt.Sprintf(
				"skipped: %s, %s: a directory search reads only %s names; name a file to read it whatever its name",
				Plural(jsonFiles.N, ".json file"), jsonFiles.Which(), strings.Join(episodeExts, ", "))})
		}
	}()
	err = paths.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		skip := func(why string) {
			*skipped = append(*skipped, Problem{File: filepath.Clean(p), Msg: "skipped: " + why})
		}
		if p != root && pass.Skip(p, d) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(p)
			if err == nil && st.IsDir() {
				skip("a symbolic link to a directory (not followed; name the directory itself)")
				return nil
			}
			if !IsEpisodeFileName(d.Name()) {
				return nil
			}
			if err != nil {
				// Before WithinRoot, whose error named the missing target, not the link.
				if errors.Is(err, fs.ErrNotExist) {
					skip("a symbolic link to a file that does not exist")
				} else {
					skip("a symbolic link that cannot be followed: " + err.Error())
				}
				return nil
			}
			if err := WithinRoot(realRoot, p); err != nil {
				return err
			}
			if !st.Mode().IsRegular() {
				skip("a symbolic link to something that is not a regular file")
				return nil
			}
		} else if !IsEpisodeFileName(d.Name()) {
			if l := strings.ToLower(d.Name()); strings.HasSuffix(l, ".json") || strings.HasSuffix(l, ".json.gz") || strings.HasSuffix(l, ".json.zst") {
				jsonFiles.Add(p)
			}
			return nil
		} else if !d.Type().IsRegular() {
			skip("not a regular file")
			return nil
		}
		out = append(out, filepath.Clean(p))
		return nil
	})
	return out, err
}

// WithinRoot checks that p, every component of it resolved (a link anywhere on the way,
// not only at the end), is a path inside realRoot (itself resolved).
func WithinRoot(realRoot, p string) error {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return err
	}
	target, _ = filepath.Abs(target)
	rel, err := filepath.Rel(realRoot, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: a symbolic link on the way leads out of %s; not read", p, realRoot)
	}
	return nil
}
