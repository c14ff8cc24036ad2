package figures

import (
	"io"
	"testing"
)

// BenchmarkRender renders each realistic figure (10 configurations) at
// column size in each format.
func BenchmarkRender(b *testing.B) {
	figs := realisticFigures()
	for _, name := range realisticNames {
		for _, f := range Formats {
			b.Run(name+"/"+string(f), func(b *testing.B) {
				for b.Loop() {
					if err := Render(figs[name], f, io.Discard, Column); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
