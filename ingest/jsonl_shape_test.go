package ingest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// Files in another shape than JSONL are named as such on their first line: a
// pretty-printed episode or array ("{" alone on line 1 was "expected a string key"), an
// array of episodes on one line, a .jsonl.gz compressed twice (its first line was
// "unexpected '\x1f'"), and score's verdicts. The file is not read further: its other
// lines were each a problem and an episode read ("68 episodes read, 68 problems" for
// one pretty-printed episode).
func TestReadOtherShapes(t *testing.T) {
	dir := t.TempDir()
	ep := string(jsonlBytes(realisticEpisodes(1, 1)))
	ep = strings.TrimSuffix(ep, "\n")
	var gz, gzgz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(ep + "\n"))
	w.Close()
	w = gzip.NewWriter(&gzgz)
	w.Write(gz.Bytes())
	w.Close()
	// τ-bench and τ²-bench results written on one line (jq -c ., pandas): the real τ-bench
	// file was "a JSON array of episodes? … (jq -c '.[]' writes it)", which gives lines of
	// trajectories, not episodes, and the τ²-bench file nine problems of one episode.
	tau := compactJSON(t, "tau/testdata/gpt-4o-airline-tasks25-49.json")
	tau2 := compactJSON(t, "tau/testdata/tau2-handmade.json")
	const tauUse = ": τ-bench and τ²-bench results go through ingest --tau, which writes their episodes"
	cases := []struct{ name, body, want string }{
		{"tau1.json", tau + "\n", "e.jsonl:1: looks like τ-bench results (an array of EnvRunResult: task_id, reward, traj), not " + episodesWanted + "" + tauUse},
		{"tau2.json", tau2 + "\n", "e.jsonl:1: looks like τ²-bench results (an object with simulations[]), not " + episodesWanted + "" + tauUse},
		{"pretty.jsonl", "{\n  \"schema\": \"sabench.episode/v1\",\n  \"config\": \"a/b\"\n}\n",
			"e.jsonl:1: looks like one episode written over several lines (pretty-printed), not " + episodesWanted + ": JSONL holds one episode a line (jq -c . FILE writes it)"},
		{"array.jsonl", "[\n" + ep + "\n]\n",
			"e.jsonl:1: looks like a JSON array of episodes, not " + episodesWanted + ": JSONL holds one episode a line (jq -c '.[]' FILE writes it)"},
		{"array1.jsonl", "[" + ep + "," + ep + "]\n",
			"e.jsonl:1: looks like a JSON array of episodes, not " + episodesWanted + ": JSONL holds one episode a line (jq -c '.[]' FILE writes it)"},
		{"gzgz.jsonl.gz", gzgz.String(),
			"e.jsonl:1: invalid JSON: column 1: unexpected '\\x1f'; gzip data again once decompressed: the file was compressed twice"},
		// An Inspect .eval log given as episodes: each "line" of the archive was a problem.
		{"log.eval", "PK\x03\x04\x14\x00\x00\x00\x08\x00\n\xf3\x9c\n",
			"e.jsonl:1: looks like a damaged or cut-short ZIP archive (an Inspect .eval log?), not " + episodesWanted + ": Inspect logs go to --inspect"},
		// Windows PowerShell's > writes UTF-16 (little-endian, with a mark); each line
		// after the first was one more "unexpected '\x00'".
		{"utf16le.jsonl", utf16LE("\ufeff" + ep + "\n" + ep + "\n"),
			"e.jsonl:1: invalid JSON: column 1: unexpected '\\xff'; UTF-16 text (as Windows PowerShell's > writes it), not UTF-8: save the file as UTF-8"},
		{"utf16le-nomark.jsonl", utf16LE(ep + "\n" + ep + "\n"),
			"e.jsonl:1: invalid JSON: column 2: expected a string key; UTF-16 text (as Windows PowerShell's > writes it), not UTF-8: save the file as UTF-8"},
		{"verdicts.jsonl", `{"run_id":"r1","policy_hash":"x","ecs":1}` + "\n" + `{"run_id":"r2","policy_hash":"x","ecs":0}` + "\n",
			"e.jsonl:1: looks like verdicts (written by score), not " + episodesWanted + ": verdicts are score's output; give the episodes they were scored from, or a verdict dataset directory (score --format parquet --out DIR) to --verdicts"},
		{"verdicts.csv", "run_id,ecs\nr1,1\nr2,0\n",
			"e.jsonl:1: looks like a CSV of verdicts (written by score), not " + episodesWanted + ": verdicts are score's output; give the episodes they were scored from, or a verdict dataset directory (score --format parquet --out DIR) to --verdicts"},
	}
	for _, c := range cases {
		p := filepath.Join(dir, "e.jsonl")
		os.WriteFile(p, []byte(c.body), 0o644)
		r, err := OpenEpisodes(p, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Next()
		if AsProblems(err) != nil || err == nil || strings.TrimPrefix(err.Error(), dir+"/") != c.want {
			t.Errorf("%s: first read gave %v; want the fatal %q", c.name, err, c.want)
		}
		if _, again := r.Next(); again != err {
			t.Errorf("%s: the read went on after the file's shape: %v", c.name, again)
		}
		r.Close()
		rep, err := Validate([]string{p}, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Lines != 0 || rep.ProblemCount() != 1 || strings.TrimPrefix(rep.Problems[0].String(), dir+"/") != c.want {
			t.Errorf("%s: validate read %d episodes with problems %v; want none read and one problem", c.name, rep.Lines, rep.Problems)
		}
	}
}

// compactJSON is the JSON file at path on one line.
func compactJSON(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// utf16LE encodes s (ASCII and the byte-order mark) as UTF-16, little-endian.
func utf16LE(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}
