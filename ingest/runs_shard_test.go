package ingest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// shardRead is what a read returned, in order: each episode with its file, line and
// JSON, each problem as printed.
func shardRead(t *testing.T, paths []string, opt ReadOptions) (string, int) {
	t.Helper()
	r, err := OpenRuns(paths, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var sb strings.Builder
	n := 0
	for {
		e, err := r.Next()
		if err != nil && AsProblems(err) == nil {
			if err.Error() == "EOF" {
				return sb.String(), n
			}
			t.Fatalf("fatal: %v", err)
		}
		if err != nil {
			for _, p := range AsProblems(err) {
				fmt.Fprintf(&sb, "problem %s\n", p)
			}
			continue
		}
		n++
		fmt.Fprintf(&sb, "%s:%d %s\n", filepath.Base(e.Source), e.Line, AppendEpisodeJSON(nil, e))
	}
}

// miniEpisode is a short valid episode line (no bench: any case id reads).
func miniEpisode(run string, repeat int) string {
	return fmt.Sprintf(`{"schema":"sabench.episode/v1","run_id":%q,"config":"c/h","case_id":"SAB-V1-001","repeat":%d,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[]}}`, run, repeat)
}

// TestShardBoundariesExact cuts a file with every kind of line (a byte order mark, blank
// and CRLF lines, bad JSON, a bad field, a line over the limit, which ends the file, and
// a last line without a newline) into two shards at every byte, then across two files:
// the two shards together read exactly what one read does (episodes, problems, their
// true line numbers, in order), and the second shard's Base counts the first's episodes.
func TestShardBoundariesExact(t *testing.T) {
	dir := t.TempDir()
	var a strings.Builder
	a.WriteString("\xef\xbb\xbf" + miniEpisode("r0", 0) + "\n")
	a.WriteString(miniEpisode("r1", 1) + "\r\n")
	a.WriteString("\n  \t\n")
	a.WriteString("{not json\n")
	a.WriteString(miniEpisode("r2", 2) + "\n")
	a.WriteString(strings.Replace(miniEpisode("r3", 3), `"repeat":3`, `"repeat":"x"`, 1) + "\n")
	a.WriteString(miniEpisode("r4", 4) + "\n")
	a.WriteString(`{"pad":"` + strings.Repeat("z", 400) + `"}` + "\n") // over the limit below
	a.WriteString(miniEpisode("r5", 5) + "\n")                         // never read: the file ended
	b := miniEpisode("s0", 10) + "\n\n" + miniEpisode("s1", 11)        // no final newline
	pa, pb := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(pa, []byte(a.String()), 0o644)
	os.WriteFile(pb, []byte(b), 0o644)
	opt := ReadOptions{MaxLineBytes: 300}
	for _, paths := range [][]string{{pa}, {pa, pb}} {
		want, _ := shardRead(t, paths, opt)
		if !strings.Contains(want, "longer than the limit") || !strings.Contains(want, "a.jsonl:5: invalid JSON") || strings.Contains(want, `"r5"`) {
			t.Fatalf("the one-process read lacks a case the test needs:\n%s", want)
		}
		files := make([]shardFile, len(paths))
		var total int64
		for k, p := range paths {
			f, err := inspectShardFile(p, opt)
			if err != nil {
				t.Fatal(err)
			}
			files[k], total = f, total+f.size
		}
		for x := int64(0); x <= total; x++ {
			var got strings.Builder
			var n1 int
			for s, r := range [][2]int64{{0, x}, {x, total}} {
				sh, err := planRange(files, opt, r[0], r[1])
				if err != nil {
					t.Fatal(err)
				}
				sh.N = 2
				// Base counts the non-blank lines before, each an episode when the read
				// succeeds: here, the first shard's episodes and bad lines.
				if s == 1 && sh.Base != int64(n1) && hasPart(sh) {
					t.Fatalf("cut at %d: the second shard's base is %d, the first read %d episodes and bad lines", x, sh.Base, n1)
				}
				o := opt
				o.Shard = sh
				for _, w := range []int{1, 3} {
					if w > 1 && x%5 != 0 {
						continue // the parallel reader at a fifth of the cuts
					}
					o.Workers = w
					text, n := shardRead(t, paths, o)
					if w == 1 {
						got.WriteString(text)
						if s == 0 {
							n1 = n + badLines(text)
						}
					} else if serial, _ := shardRead(t, paths, ReadOptions{MaxLineBytes: 300, Shard: sh}); text != serial {
						t.Fatalf("cut at %d, shard %d: 3 workers read\n%s\none read\n%s", x, s, text, serial)
					}
				}
			}
			if got.String() != want {
				t.Fatalf("%d files, cut at byte %d: the two shards read\n%s\none process reads\n%s", len(paths), x, got.String(), want)
			}
		}
	}
}

// badLines counts the problems of a shardRead that are lines read (not the over-long
// line, which ends the file); each here is one line.
func badLines(text string) int {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "problem ") && !strings.Contains(l, "longer than the limit") {
			n++
		}
	}
	return n
}

func hasPart(sh *RunShard) bool {
	for _, p := range sh.parts {
		if !p.skip {
			return true
		}
	}
	return false
}

// TestShardsUnionMixedFormats splits plain JSONL, gzip JSONL and Parquet files (small row
// groups) into 1 to 9 shards: the shards in order read what one process does, each
// shard's Base is the episodes before it, and no shard reads more than its part.
func TestShardsUnionMixedFormats(t *testing.T) {
	defer func(n int) { parquetRowGroupRows = n }(parquetRowGroupRows)
	parquetRowGroupRows = 7
	dir := t.TempDir()
	eps := realisticEpisodes(120, 3)
	for i, e := range eps {
		e.RunID = fmt.Sprintf("run-%03d", i)
		e.Repeat = i
	}
	pa, pg, pq, pd := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl.gz"), filepath.Join(dir, "c.parquet"), filepath.Join(dir, "d.jsonl")
	writeJSONL(t, pa, eps[:40])
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(jsonlBytes(eps[40:60]))
	gw.Close()
	os.WriteFile(pg, gz.Bytes(), 0o644)
	writeParquet(t, pq, eps[60:100])
	writeJSONL(t, pd, eps[100:])
	paths := []string{pa, pg, pq, pd}
	want, wantN := shardRead(t, paths, ReadOptions{})
	if wantN != len(eps) {
		t.Fatalf("one read: %d episodes, want %d", wantN, len(eps))
	}
	for n := 1; n <= 9; n++ {
		var got strings.Builder
		var sum int64
		for i := 0; i < n; i++ {
			sh, err := PlanShard(paths, ReadOptions{}, i, n)
			if err != nil {
				t.Fatal(err)
			}
			text, k := shardRead(t, paths, ReadOptions{Shard: sh, Workers: 2})
			if k > 0 && sh.Base != sum {
				t.Errorf("%d shards: shard %d's base is %d, the shards before read %d", n, i, sh.Base, sum)
			}
			if n > 2 && k > len(eps)*3/4 {
				t.Errorf("%d shards: shard %d read %d of %d episodes", n, i, k, len(eps))
			}
			sum += int64(k)
			got.WriteString(text)
		}
		if got.String() != want {
			t.Errorf("%d shards in order read other episodes than one process", n)
		}
	}
	if _, err := OpenRuns(paths, ReadOptions{Shard: &RunShard{parts: make([]shardPart, 4)}, Dedupe: DedupeFirst}); err == nil || !strings.Contains(err.Error(), "a shard reads only its part") {
		t.Errorf("dedupe first with a shard: err %v", err)
	}
}

// TestShardDuplicatesWithin: a shard still refuses a duplicate within its part, naming
// the true lines.
func TestShardDuplicatesWithin(t *testing.T) {
	p := filepath.Join(t.TempDir(), "e.jsonl")
	var b strings.Builder
	for i := 0; i < 8; i++ {
		b.WriteString(miniEpisode(fmt.Sprint("r", i), i) + "\n")
	}
	b.WriteString(miniEpisode("r9", 6) + "\n") // line 9 repeats line 7's key
	os.WriteFile(p, []byte(b.String()), 0o644)
	sh, err := PlanShard([]string{p}, ReadOptions{}, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	text, n := shardRead(t, []string{p}, ReadOptions{Shard: sh})
	if sh.Base != 5 || n != 3 || !strings.Contains(text, "e.jsonl:9: duplicate episode key") || !strings.Contains(text, "first seen at "+p+":7") {
		t.Errorf("shard 2/2: base %d, %d episodes, read\n%s", sh.Base, n, text)
	}
}
