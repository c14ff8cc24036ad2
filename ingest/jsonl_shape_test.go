package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// Files in another shape than JSONL are named as such on their first line: a
// pretty-printed episode or array ("{" alone on line 1 was "expected a string key"), an
// array of episodes on one line, and a .jsonl.gz compressed twice (its first line was
// "unexpected '\x1f'"). The other lines are read as before.
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
	cases := []struct{ name, body, want string }{
		{"pretty.jsonl", "{\n  \"schema\": \"sabench.episode/v1\",\n  \"config\": \"a/b\"\n}\n",
			"e.jsonl:1: invalid JSON: column 2: expected a string key; a JSON document over several lines (pretty-printed?) or an array, not one episode a line (JSONL)"},
		{"array.jsonl", "[\n" + ep + "\n]\n",
			"e.jsonl:1: invalid JSON: column 2: unexpected end of input; a JSON document over several lines (pretty-printed?) or an array, not one episode a line (JSONL)"},
		{"array1.jsonl", "[" + ep + "," + ep + "]\n",
			"e.jsonl:1: an episode must be a JSON object, got an array; a JSON array of episodes? JSONL holds one episode a line (jq -c '.[]' writes it)"},
		{"gzgz.jsonl.gz", gzgz.String(),
			"e.jsonl:1: invalid JSON: column 1: unexpected '\\x1f'; gzip data again once decompressed: the file was compressed twice"},
	}
	for _, c := range cases {
		p := filepath.Join(dir, "e.jsonl")
		os.WriteFile(p, []byte(c.body), 0o644)
		r, err := OpenEpisodes(p, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		eps, probs := collect(t, r)
		r.Close()
		if len(eps) > 1 || len(probs) == 0 || strings.TrimPrefix(probs[0].String(), dir+"/") != c.want {
			t.Errorf("%s: %d episodes, problems %v\nwant first %q", c.name, len(eps), probs, c.want)
		}
		for _, p := range probs[1:] {
			if strings.Contains(p.Msg, ";") {
				t.Errorf("%s: a later line carries the hint: %v", c.name, p)
			}
		}
	}
}
