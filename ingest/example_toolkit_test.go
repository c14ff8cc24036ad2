package ingest_test

import (
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// One sabench.episode/v1 object decoded with the format's defaults (condition, status, run
// id, model and harness); the strict decoder refuses a field of the producer's own at the
// top level, the lenient one keeps it and marks the episode.
func ExampleDecodeEpisode() {
	line := `{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-001","repeat":0,
		"record":{"events":[]},"note":"mine"}`
	o, err := jsonv.ParseObject([]byte(line))
	if err != nil {
		fmt.Println(err)
		return
	}
	ep, probs := ingest.DecodeEpisode(o, "runs.jsonl", 1)
	fmt.Println("strict:", ep == nil, len(probs), probs[0].Field)
	ep, _ = ingest.DecodeEpisodeLenient(o, "runs.jsonl", 1)
	fmt.Println("lenient:", ep.RunID, ep.Model, ep.Harness, ep.Condition, ep.Status, ep.Defect)
	// Output:
	// strict: true 1 note
	// lenient: claude-5/claude-code|SAB-V1-001|0|main claude-5 claude-code main completed unknown_field
}

// --runs arguments (files, glob patterns, directories searched for episode files) become
// a sorted list of distinct files: here a pattern and a file it also matches.
func ExampleExpandRuns() {
	files, err := ingest.ExpandRuns([]string{"harness/testdata/*.golden.jsonl", "harness/testdata/batch.golden.jsonl"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(filepath.ToSlash(f))
	}
	// Output:
	// harness/testdata/batch.golden.jsonl
	// harness/testdata/batch.runner.golden.jsonl
	// harness/testdata/interactive.golden.jsonl
}

// The top-level fields of an episode, in the writers' order.
func ExampleEpisodeFields() {
	fmt.Println(ingest.EpisodeFields())
	// Output:
	// [schema run_id config model harness case_id repeat condition status failure_class record official usage extra]
}
