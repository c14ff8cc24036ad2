package ingest

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParquetTwoFilesInOne: a Parquet file appended to itself read as one copy (its last
// footer describes the first copy's row groups), and a file appended to another as the
// second alone, with no word of the rest, where a JSONL file appended to itself reads
// every episode twice (duplicate keys). Both are refused now, naming where the second file
// begins; the file alone still reads.
func TestParquetTwoFilesInOne(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet")
	writeParquet(t, a, realisticEpisodes(3, 1))
	writeParquet(t, b, realisticEpisodes(2, 2))
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	count := func(path string) (int, error) {
		r, err := OpenEpisodes(path, ReadOptions{})
		if err != nil {
			return 0, err
		}
		defer r.Close()
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return n, err
			}
			n++
		}
	}
	if n, err := count(a); n != 3 || err != nil {
		t.Fatalf("a.parquet alone: %d episodes, %v", n, err)
	}
	for name, data := range map[string][]byte{"aa.parquet": append(append([]byte{}, da...), da...), "ba.parquet": append(append([]byte{}, db...), da...)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		n, err := count(path)
		want := path + ": two Parquet files in one (a file appended to itself, or to another?): Parquet's magic PAR1 at byte "
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %d episodes, %v; want %s…", name, n, err, want)
		}
	}
}
