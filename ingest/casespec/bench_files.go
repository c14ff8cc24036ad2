package casespec

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// InputFiles lists the files a loaded bench was read from, sorted, for provenance: each
// case's source file, the checkout's manifests and evidence, the case sets shipped under
// sets/ and the --clusters file. A bench built in memory (or generated) has none.
func (b *Bench) InputFiles(opt BenchOptions) []string {
	if b.Kind == BenchMemory || b.Kind == BenchGenerated {
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
	if dirExists(b.Source) {
		add(filepath.Join(b.beside("env_manifest.json"), "env_manifest.json"))
	}
	if b.Kind == BenchCheckout {
		for _, name := range []string{"case_manifest.json", "env_manifest.json", "case_evidence.json"} {
			add(filepath.Join(b.Source, "env", name))
		}
		for _, cat := range catalogs {
			add(filepath.Join(b.Source, "env", cat.file))
		}
	}
	if f := b.Folder(); f != "" {
		sets, _ := filepath.Glob(filepath.Join(f, "sets", "*.txt"))
		for _, p := range sets {
			add(p)
		}
	}
	if st, err := os.Stat(b.Source); err == nil && st.IsDir() {
		ev, _ := filepath.Glob(filepath.Join(b.beside("evidence"), "evidence", "*.json"))
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

// datasetFromEnvManifest names the dataset from the bench's env_manifest.json (bench_id,
// dataset_version; env/ in a checkout, the top of a case directory) when the case
// manifest did not (only a synthetic release's case manifest has dataset_id). An
// unreadable env manifest leaves the names empty: they are provenance, not input.
func (b *Bench) datasetFromEnvManifest(root string) {
	if b.DatasetID != "" || b.DatasetVersion != "" {
		return
	}
	for _, p := range []string{filepath.Join(root, "env", "env_manifest.json"), filepath.Join(root, "env_manifest.json")} {
		if !fileExists(p) {
			continue
		}
		if em, prob := ingest.ReadJSONObject(p); prob == nil {
			b.DatasetID, _ = em.String("bench_id")
			b.DatasetVersion, _ = em.String("dataset_version")
			return
		}
	}
}
