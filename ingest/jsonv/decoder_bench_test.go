package jsonv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// benchDocs are the ten real case specs (about 220 KB), a realistic mix of keys, ids,
// prose, numbers and nesting.
func benchDocs(b *testing.B) ([][]byte, int64) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "safeactbench", "cases", "*.json"))
	var docs [][]byte
	var n int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
		n += int64(len(data))
	}
	return docs, n
}

// BenchmarkDecoder, BenchmarkParse and BenchmarkStdlibAny parse the same documents;
// the stdlib figure (encoding/json into any) calibrates the others on a busy machine.
func BenchmarkDecoder(b *testing.B) {
	docs, n := benchDocs(b)
	b.SetBytes(n)
	d := NewDecoder()
	for b.Loop() {
		for _, doc := range docs {
			if _, err := d.Parse(doc); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkParse(b *testing.B) {
	docs, n := benchDocs(b)
	b.SetBytes(n)
	for b.Loop() {
		for _, doc := range docs {
			if _, err := Parse(doc); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkStdlibAny(b *testing.B) {
	docs, n := benchDocs(b)
	b.SetBytes(n)
	for b.Loop() {
		for _, doc := range docs {
			var v any
			if err := json.Unmarshal(doc, &v); err != nil {
				b.Fatal(err)
			}
		}
	}
}
