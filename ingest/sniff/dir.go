package sniff

import (
	"os"
	"path/filepath"
	"strings"
)

// Dir tells what a folder is from its top-level entries: the toolkit's own output
// folders, a folder of Inspect logs, a harness's output, a bench. The zero Kind when it
// does not know.
func Dir(path string) Kind {
	ents, err := os.ReadDir(path)
	if err != nil {
		return Kind{}
	}
	has := map[string]bool{}
	nEval, nPart, nRun := 0, 0, 0
	for _, e := range ents {
		n := e.Name()
		has[n] = true
		switch {
		case e.IsDir() && strings.HasPrefix(n, "config="):
			nPart++
		case !e.IsDir() && strings.HasSuffix(strings.ToLower(n), ".eval"):
			nEval++
		case e.IsDir() && strings.Contains(n, ".run"):
			if _, err := os.Stat(filepath.Join(path, n, "journal.jsonl")); err == nil {
				nRun++
			}
		}
	}
	switch {
	case has["index.md"] && has["tables"]:
		return Kind{ID: "report-folder", What: "a report folder (written by report: index.md, tables/, figures/)", Use: "reports are outputs; give the episodes or bench they were computed from"}
	case nPart > 0:
		return Kind{ID: "verdict-dataset", What: "a verdict dataset (written by score --format parquet: config=*/part-*.parquet)", Use: "verdict datasets go to --verdicts"}
	case has["summary.json"] && has["normalized_results"]:
		return Kind{ID: "batch-folder", What: "a SafeActBench batch harness output folder", Use: "it goes through ingest --batch, which writes its episodes"}
	case nRun > 0:
		return Kind{ID: "interactive-folder", What: "a SafeActBench interactive harness output folder (run folders with journal.jsonl)", Use: "it goes through ingest --interactive, which writes its episodes"}
	case nEval > 0:
		return Kind{ID: "inspect-folder", What: "a folder of Inspect logs (.eval)", Use: "Inspect logs go to --inspect"}
	case has["env"] && (has["runs.jsonl"] || has["runs.parquet"]):
		return Kind{ID: "synth-folder", What: "a release written by synth (env/, runs.jsonl, runs.parquet)", Use: "give the folder to --bench, and runs.jsonl or runs.parquet (one of them: they hold the same episodes) to --runs"}
	case has["cases"] || has["env"] && fileExists(filepath.Join(path, "env", "case_manifest.json")):
		return Kind{ID: "bench", What: "a SafeActBench checkout or case folder", Use: benchUse}
	}
	return Kind{}
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// Path is Dir of a folder and File of anything else.
func Path(path string) Kind {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return Dir(path)
	}
	return File(path)
}

// Clause is what the file or folder at path looks like, as a clause to end another
// message with ("; it looks like a report folder (…): USE"), "" when Path does not know.
func Clause(path string) string {
	k := Path(path)
	if !k.Known() {
		return ""
	}
	s := "; it looks like " + k.What
	if k.Use != "" {
		s += ": " + k.Use
	}
	return s
}
