package ingest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// InputFiles lists the files a loaded bench was read from, sorted, for provenance: each
// case's source file, the checkout's manifests and evidence, the case sets shipped under
// sets/ and the --clusters file. A bench built in memory has none.
func (b *Bench) InputFiles(opt BenchOptions) []string {
	if b.Kind == BenchMemory {
		return nil
	}
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && fileExists(p) {
			seen[filepath.Clean(p)] = true
		}
	}
	for _, c := range b.Cases {
		f, _ := splitSource(c.Source) // "file:line" of a JSONL row
		f, _, _ = strings.Cut(f, "#") // "file#list[i]" of a checkout catalog entry
		add(f)
	}
	if b.Kind == BenchCheckout {
		for _, name := range []string{"case_manifest.json", "env_manifest.json", "case_evidence.json"} {
			add(filepath.Join(b.Source, "env", name))
		}
		for _, cat := range catalogs {
			add(filepath.Join(b.Source, "env", cat.file))
		}
	}
	if st, err := os.Stat(b.Source); err == nil && st.IsDir() {
		sets, _ := filepath.Glob(filepath.Join(b.Source, "sets", "*.txt"))
		for _, p := range sets {
			add(p)
		}
		ev, _ := filepath.Glob(filepath.Join(b.Source, "evidence", "*.json"))
		for _, p := range ev {
			add(p)
		}
	}
	for _, p := range opt.Sets {
		add(p)
	}
	add(opt.ClustersFile)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
