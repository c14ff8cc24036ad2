package ingest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The run-id table through its growths: every hash added is found with its ordinal, a hash
// never added is not, and with every hash colliding (a tiny hash) find still tells the
// entries apart by what same confirms.
func TestIDTableGrowthAndCollisions(t *testing.T) {
	for _, c := range []struct {
		name string
		hash func(i int) uint64
	}{
		{"spread", func(i int) uint64 { return uint64(i) * 0x9e3779b97f4a7c15 }},
		{"one part", func(i int) uint64 { return uint64(i) * 0x9e3779b97f4a7c15 >> 8 }},
		{"four hashes", func(i int) uint64 { return uint64(i % 4) }},
		{"one hash", func(int) uint64 { return 42 }},
	} {
		var tab idTable
		n := 3000
		if c.name == "one hash" {
			n = 300 // every find walks the whole chain
		}
		calls := 0
		for i := range n {
			// ordinal i+7 holds "id" i; same confirms by comparing the ids as a reread would.
			same := func(want int) func(uint32) (bool, error) {
				return func(o uint32) (bool, error) { calls++; return int(o)-7 == want, nil }
			}
			if _, found, _ := tab.find(c.hash(i), same(i)); found {
				t.Fatalf("%s: id %d found before it was added", c.name, i)
			}
			tab.add(c.hash(i), uint32(i+7))
			if i%97 == 0 || i == n-1 { // every earlier id is still there, with its ordinal
				for j := 0; j <= i; j += 1 + j/3 {
					if o, found, _ := tab.find(c.hash(j), same(j)); !found || o != uint32(j+7) {
						t.Fatalf("%s: after %d adds, id %d: ordinal %d, found %v", c.name, i+1, j, o, found)
					}
				}
			}
		}
		entries := 0
		for k, p := range tab.parts {
			entries += p.n
			if len(p.slots)*7 < p.n*8 || len(p.slots) > max(16, p.n*8/7*5/4+2) {
				t.Errorf("%s: part %d: %d entries in %d slots; want 70-88%% full", c.name, k, p.n, len(p.slots))
			}
		}
		if entries != n {
			t.Errorf("%s: %d entries, want %d", c.name, entries, n)
		}
		if c.name == "spread" && calls > 2*n {
			t.Errorf("spread hashes: same called %d times for %d ids; want about one per find that succeeds", calls, n)
		}
		errSame := func(uint32) (bool, error) { return false, os.ErrNotExist }
		if _, _, err := tab.find(c.hash(5), errSame); err != os.ErrNotExist {
			t.Errorf("%s: the confirmation's error is lost: %v", c.name, err)
		}
	}
}

// keyIndex against a map, over many groups and every kind of repeat: dense from 0,
// starting late, far apart, negative; set once (first) and overridden (last), through the
// spans' growth and the pool's compaction.
func TestKeyIndexMatchesAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := newKeyIndex()
	want := map[Key]uint32{}
	var keys []Key
	for i := range 40000 {
		var key Key
		if len(keys) > 0 && rng.IntN(4) == 0 {
			key = keys[rng.IntN(len(keys))]
		} else {
			rep := rng.IntN(40)
			switch rng.IntN(20) {
			case 0:
				rep = -1 - rng.IntN(3)
			case 1:
				rep = 1000 + rng.IntN(1<<30)
			case 2:
				rep = 40 + rng.IntN(200)
			}
			key = Key{Config: fmt.Sprint("m", rng.IntN(7), "/h"), CaseID: fmt.Sprint("SAB-V1-", rng.IntN(300)),
				Condition: []string{"main", "static", "nudge"}[rng.IntN(3)], Repeat: rep}
			keys = append(keys, key)
		}
		e := &Episode{Config: key.Config, CaseID: key.CaseID, Condition: key.Condition, Repeat: key.Repeat}
		r := k.ref(e)
		got, ok := k.get(r)
		w, wok := want[key]
		if ok != wok || got != w {
			t.Fatalf("step %d, key %v: get = %d, %v; want %d, %v", i, key, got, ok, w, wok)
		}
		if !ok || rng.IntN(2) == 0 { // a new key, or an override as DedupeLast's first pass does
			k.set(r, uint32(i))
			want[key] = uint32(i)
		}
	}
	for key, w := range want {
		e := &Episode{Config: key.Config, CaseID: key.CaseID, Condition: key.Condition, Repeat: key.Repeat}
		if got, ok := k.get(k.ref(e)); !ok || got != w {
			t.Fatalf("key %v: %d, %v; want %d", key, got, ok, w)
		}
	}
	live := 0
	for _, s := range k.spans {
		live += int(s.n)
		if s.n > 2*s.used+spanSlack+2 {
			t.Errorf("a span of %d repeats holds %d", s.n, s.used)
		}
	}
	if len(k.pool) > live*4/3+1 || len(k.sparse) == 0 || len(k.spans) < 1000 {
		t.Errorf("pool %d for %d live entries, %d sparse, %d groups: want at most a quarter more, some sparse, over 1000 groups",
			len(k.pool), live, len(k.sparse), len(k.spans))
	}
}

// Places come back from ordinals across files, blank and refused lines, and a second pass.
func TestPlaces(t *testing.T) {
	var p places
	type at struct{ file, line int }
	var want []at
	rng := rand.New(rand.NewPCG(3, 4))
	for file := range 3 {
		line := 1
		for range 500 {
			if rng.IntN(10) == 0 {
				line += 1 + rng.IntN(3) // blank or refused lines carry no ordinal
			}
			p.note(uint32(len(want)), file, line)
			want = append(want, at{file, line})
			line++
		}
	}
	p.note(3, 7, 7) // noted before: kept as it was
	for o, w := range want {
		if f, l := p.at(uint32(o)); f != w.file || l != w.line {
			t.Fatalf("ordinal %d at %d:%d, want %d:%d", o, f, l, w.file, w.line)
		}
	}
	if len(p.runs) > 3+len(want)/5 {
		t.Errorf("%d runs for %d places", len(p.runs), len(want))
	}
}

// dupLine is one line of the reader tests' files: an episode, or a line that is not one.
type dupLine struct {
	text              string
	runID, cfg, cond  string
	caseID            string
	repeat            int
	episode, problems bool
}

// dupFiles writes files of episodes with repeated keys and run ids (many at first, then
// the same ones again late, so that they are found after the tables grew), blank and bad
// lines among them; the second file is gzip-compressed.
func dupFiles(t *testing.T, n int) ([]string, [][]dupLine) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	var files [][]dupLine
	var eps []dupLine
	for f := range 2 {
		var lines []dupLine
		for i := range n {
			switch {
			case rng.IntN(50) == 0:
				lines = append(lines, dupLine{text: ""})
				continue
			case rng.IntN(50) == 0:
				lines = append(lines, dupLine{text: `{"schema":"sabench.episode/v1","run_id":`, problems: true})
				continue
			}
			var l dupLine
			switch {
			case len(eps) > 0 && rng.IntN(25) == 0: // the same episode again (key and run id)
				l = eps[rng.IntN(len(eps))]
			case len(eps) > 0 && rng.IntN(25) == 0: // another key, a run id seen
				l = eps[rng.IntN(len(eps))]
				l.repeat += 1 + rng.IntN(3)
			case len(eps) > 0 && rng.IntN(25) == 0: // a key seen, another run id
				l = eps[rng.IntN(len(eps))]
				l.runID = fmt.Sprint("r", f, "-", i, "b")
			default:
				l = dupLine{runID: fmt.Sprint("r", f, "-", i), cfg: fmt.Sprint("m", rng.IntN(3), "/h"),
					cond: []string{"main", "static"}[rng.IntN(2)], caseID: fmt.Sprint("SAB-V1-00", 1+rng.IntN(9)), repeat: rng.IntN(30)}
			}
			l.text = fmt.Sprintf(`{"schema":"sabench.episode/v1","run_id":%q,"config":%q,"case_id":%q,"repeat":%d,"condition":%q,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":%q,"events":[]}}`,
				l.runID, l.cfg, l.caseID, l.repeat, l.cond, l.caseID)
			l.episode = true
			eps = append(eps, l)
			lines = append(lines, l)
		}
		files = append(files, lines)
	}
	var paths []string
	for f, lines := range files {
		var b bytes.Buffer
		for _, l := range lines {
			b.WriteString(l.text + "\n")
		}
		data := b.Bytes()
		name := "a.jsonl"
		if f == 1 {
			name = "b.jsonl.gz"
			var z bytes.Buffer
			w := gzip.NewWriter(&z)
			w.Write(data)
			w.Close()
			data = z.Bytes()
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths, files
}

// expectDups is what the reader must do with the files, worked out as the checks were
// first written: a map from each key and each run id to its first place, and for
// DedupeLast a first pass for the last place of each key.
func expectDups(paths []string, files [][]dupLine, dedupe string) (kept []string, problems, reported []string) {
	type place struct {
		file string
		line int
	}
	type key struct {
		cfg, cond, caseID string
		repeat            int
	}
	last := map[key]place{}
	for f, lines := range files {
		for i, l := range lines {
			if l.episode {
				last[key{l.cfg, l.cond, l.caseID, l.repeat}] = place{paths[f], i + 1}
			}
		}
	}
	seen, runs := map[key]place{}, map[string]place{}
	for f, lines := range files {
		for i, l := range lines {
			if l.problems {
				problems = append(problems, fmt.Sprintf("%s:%d", paths[f], i+1))
			}
			if !l.episode {
				continue
			}
			k, here := key{l.cfg, l.cond, l.caseID, l.repeat}, place{paths[f], i + 1}
			msg := func(w place, what string) string {
				return fmt.Sprintf("%s:%d: duplicate episode key (config %q, case_id %q, repeat %d, condition %q); %s %s:%d",
					here.file, here.line, l.cfg, l.caseID, l.repeat, l.cond, what, w.file, w.line)
			}
			if dedupe == DedupeLast {
				if w := last[k]; w != here {
					reported = append(reported, msg(w, "dropped: --dedupe last keeps"))
					continue
				}
			} else if w, dup := seen[k]; dup {
				if dedupe == DedupeFirst {
					reported = append(reported, msg(w, "dropped: --dedupe first keeps"))
					continue
				}
				problems = append(problems, msg(w, "first seen at"))
				continue
			} else {
				seen[k] = here
			}
			if w, dup := runs[l.runID]; dup {
				what := "first seen at"
				if dedupe != DedupeNone {
					what = "dropped: --dedupe keeps the first,"
				}
				m := fmt.Sprintf("%s:%d: run_id: duplicate run_id %q (run ids are unique within a release); %s %s:%d",
					here.file, here.line, l.runID, what, w.file, w.line)
				if dedupe == DedupeNone {
					problems = append(problems, m)
				} else {
					reported = append(reported, m)
				}
				continue
			}
			runs[l.runID] = here
			kept = append(kept, fmt.Sprintf("%s:%d", here.file, here.line))
		}
	}
	return kept, problems, reported
}

// The reader keeps and refuses the same episodes as the original maps did, with the same
// messages naming both places, under every dedupe policy, through the tables' growth,
// across a plain and a compressed file (read again to confirm run ids), with the real
// hash and with hashes that collide always or often (so that every run id is confirmed by
// reading its first episode again).
func TestReaderDuplicatesAsTheMapsDid(t *testing.T) {
	for _, h := range []struct {
		name    string
		lines   int // per file: every episode of a colliding hash is a reread, so fewer
		workers int
		hash    func(string) uint64
	}{
		{"xxh3", 1500, 1, nil},
		{"a hash of 2 bits", 80, 3, func(s string) uint64 { return uint64(len(s)+int(s[len(s)-1])) % 4 }},
		{"one hash", 40, 1, func(string) uint64 { return 7 }},
	} {
		paths, files := dupFiles(t, h.lines)
		for _, dedupe := range []string{DedupeNone, DedupeFirst, DedupeLast} {
			wantKept, wantProblems, wantReported := expectDups(paths, files, dedupe)
			if dups := len(wantProblems) + len(wantReported); dups < h.lines/20 {
				t.Fatalf("%q: the files hold too few duplicates to test (%d)", dedupe, dups)
			}
			r, err := OpenRuns(paths, ReadOptions{Dedupe: dedupe, Workers: h.workers})
			if err != nil {
				t.Fatal(err)
			}
			if h.hash != nil {
				r.(*runsReader).idHash = h.hash
			}
			eps, probs := collect(t, r)
			var kept, problems, reported []string
			for _, e := range eps {
				kept = append(kept, fmt.Sprintf("%s:%d", e.Source, e.Line))
			}
			for _, p := range probs {
				if strings.Contains(p.Msg, "duplicate") {
					problems = append(problems, p.String())
				} else {
					problems = append(problems, fmt.Sprintf("%s:%d", p.File, p.Line))
				}
			}
			for _, p := range r.Reported() {
				reported = append(reported, p.String())
			}
			r.Close()
			for _, c := range []struct {
				what      string
				got, want []string
			}{{"kept", kept, wantKept}, {"problems", problems, wantProblems}, {"reported", reported, wantReported}} {
				if strings.Join(c.got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("dedupe %q, %s: %s differ: %d, want %d; first difference:\n%s", dedupe, h.name, c.what, len(c.got), len(c.want), firstDiff(c.got, c.want))
				}
			}
		}
	}
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return "got  " + got[i] + "\nwant " + want[i]
		}
	}
	if len(got) > len(want) {
		return "extra " + got[len(want)]
	}
	if len(want) > len(got) {
		return "missing " + want[len(got)]
	}
	return ""
}

// A run id read again from a file that changed since is a fatal error naming the place,
// not a false duplicate nor a missed one.
func TestRereadOfAChangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "e.jsonl")
	a, b := miniEpisode("r1", 0), miniEpisode("r2", 1)
	os.WriteFile(p, []byte(a+"\n"+b+"\n"), 0o644)
	r, _ := OpenEpisodes(p, ReadOptions{})
	r.(*runsReader).idHash = func(string) uint64 { return 1 }
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, []byte("\n\n"+b+"\n"), 0o644)
	if _, err := r.Next(); err == nil || AsProblems(err) != nil || !strings.Contains(err.Error(), p+":1: the episode is not there") {
		t.Errorf("err = %v", err)
	}
	r.Close()
}

// In Parquet, a run id confirmed by reading its row again, with the hash colliding on
// every row: the rows are decoded again, as Parquet has no lines to skip.
func TestParquetDuplicateRunIDReread(t *testing.T) {
	var lines []string
	for i := range 20 {
		lines = append(lines, miniEpisode(fmt.Sprint("r", i), i))
	}
	lines = append(lines, miniEpisode("r10", 50), // a run id seen at row 11, another key
		miniEpisode("r51", 5), // row 6's key, another run id
		miniEpisode("r52", 52))
	var eps []*Episode
	for i, l := range lines {
		l = strings.Replace(l, `"events":[]`, `"events":[{"type":"INFO_CALL","tool":"t"}]`, 1)
		e, err := decodeEpisodeLine(jsonv.NewDecoder(), []byte(l), "e.jsonl", i+1, false)
		if err != nil {
			t.Fatal(err)
		}
		eps = append(eps, e)
	}
	p := filepath.Join(t.TempDir(), "e.parquet")
	writeParquet(t, p, eps)
	for _, hash := range []func(string) uint64{nil, func(string) uint64 { return 3 }} {
		r, err := OpenEpisodes(p, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if hash != nil {
			r.(*runsReader).idHash = hash
		}
		got, probs := collect(t, r)
		r.Close()
		var msgs []string
		for _, pr := range probs {
			msgs = append(msgs, strings.TrimPrefix(pr.String(), filepath.Dir(p)+"/"))
		}
		want := []string{
			`e.parquet:21: run_id: duplicate run_id "r10" (run ids are unique within a release); first seen at ` + p + `:11`,
			`e.parquet:22: duplicate episode key (config "c/h", case_id "SAB-V1-001", repeat 5, condition "main"); first seen at ` + p + `:6`,
		}
		if len(got) != 21 || strings.Join(msgs, "\n") != strings.Join(want, "\n") {
			t.Errorf("hash %v: %d episodes, problems:\n%s\nwant 21 and\n%s", hash != nil, len(got), strings.Join(msgs, "\n"), strings.Join(want, "\n"))
		}
	}
}
