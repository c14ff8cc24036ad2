package sniff

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// counter is a file of size bytes: data, then fill repeated; it counts the bytes read.
type counter struct {
	data []byte
	fill byte
	size int64
	read int64
}

func (c *counter) ReadAt(p []byte, off int64) (int, error) {
	if off >= c.size {
		return 0, io.EOF
	}
	n := min(int64(len(p)), c.size-off)
	for i := range n {
		if o := off + i; o < int64(len(c.data)) {
			p[i] = c.data[o]
		} else {
			p[i] = c.fill
		}
	}
	c.read += n
	if n < int64(len(p)) {
		return int(n), io.EOF
	}
	return int(n), nil
}

const fuzzEpisode = `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0}`

// FuzzReaderAt: never a panic; reads bounded by the prefix sniff documents (a ZIP's
// directory aside, read at the end); the same kind twice; and a JSONL episode file
// whose first line is damaged (anything after the first record on its line) is never
// called another kind: its reader's error, which says where, is kept. What it says of
// text is text.
func FuzzReaderAt(f *testing.F) {
	for _, s := range []string{
		"The .eval and .json files in this folder are real logs, written by Inspect.\n", "a,b\n1,2\n",
		"{\n  \"version\": 2,\n  \"eval\": {}, \"samples\": [\n", fuzzEpisode + "\n", "{\n  \"schema\": \"sabench.episode/v1\"\n}\n",
		"[]", " \n\t", "run_id,ecs\n", `{"doc_id":0,"resps":[["a"]]}` + "\n", `[{"task_id":1,"reward":0,"traj":[]}]`,
		`{"simulations":[]}`, "PK\x03\x04", "\x1f\x8b", "}", " x", `,"x":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c := &counter{data: b, size: int64(len(b))}
		k := ReaderAt(c, c.size)
		if bound := int64(2*headSize) + min(c.size, docLimit); !bytes.HasPrefix(b, []byte("PK")) && c.read > bound {
			t.Errorf("read %d bytes of %d, more than %d", c.read, c.size, bound)
		}
		if utf8.Valid(b) && !utf8.ValidString(k.What) {
			t.Errorf("what %q is not UTF-8 text", k.What)
		}
		if k2 := ReaderAt(bytes.NewReader(b), int64(len(b))); k2 != k {
			t.Errorf("kind %+v, then %+v", k, k2)
		}
		if bytes.HasPrefix(b, []byte("\n")) || bytes.HasPrefix(b, []byte("\r\n")) {
			return // the episode line is whole: the file is episodes
		}
		d := []byte(fuzzEpisode + string(b) + "\n" + fuzzEpisode + "\n")
		if k := ReaderAt(bytes.NewReader(d), int64(len(d))); k.ID != "" && k.ID != IDEpisodes {
			t.Errorf("an episode file whose first line is damaged (%q) looks like %s", strings.SplitN(string(d), "\n", 2)[0], k.What)
		}
	})
}

// A file of 1 GiB is read up to sniff's prefix, not whole, whatever it begins with.
func TestLargeFileReadBounded(t *testing.T) {
	for _, c := range []struct {
		head string
		fill byte
	}{
		{`{"a":"`, 'x'}, {"[", ' '}, {`{"version":2,"eval":{"x":[`, ' '}, {`{"doc_id":1,"resps":"`, 'y'},
		{"run_id,ecs,", 'z'}, {"PK\x03\x04", 0}, {"", ' '}, {"\xef\xbb\xbf{", '\n'},
	} {
		r := &counter{data: []byte(c.head), fill: c.fill, size: 1 << 30}
		ReaderAt(r, r.size)
		if r.read > docLimit+2*headSize {
			t.Errorf("%q then %q: read %d bytes of a 1 GiB file", c.head, c.fill, r.read)
		}
	}
}

// An episode line cut short, at its end or at its start, then whole lines: the file is
// damaged episodes, never another kind (before, a line cut at its start,
// "schema":"sabench.episode/v1",…, was "a CSV file" and the file refused whole).
func TestEpisodeLineCut(t *testing.T) {
	for i := 1; i < len(fuzzEpisode); i++ {
		for _, first := range []string{fuzzEpisode[:i], fuzzEpisode[i:]} {
			d := first + "\n" + fuzzEpisode + "\n"
			if k := ReaderAt(strings.NewReader(d), int64(len(d))); k.ID != "" && k.ID != IDEpisodes {
				t.Errorf("%q: looks like %s", first, k.What)
			}
		}
	}
}
