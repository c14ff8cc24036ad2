package synth

import "testing"

// BenchmarkGenerate measures building the whole built-in release in memory (cases, sets
// and every episode with its record).
func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := Generate(Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Episodes) == 0 {
			b.Fatal("no episodes")
		}
	}
}
