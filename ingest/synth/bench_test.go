package synth

import "testing"

// BenchmarkDefaultGeneration measures what Default does on its first call: building the
// whole built-in release in memory (721 case specs, the sets and 34,147 episodes with
// their records). Default itself caches the result.
func BenchmarkDefaultGeneration(b *testing.B) {
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
