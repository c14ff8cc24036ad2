package figures

import (
	"bytes"
	"strings"
	"testing"
)

// TestPDFCharactersPastTheBMP: a name holding an emoji (a character past U+FFFF, which
// the PDF's font tables cannot index) is drawn, the character left blank as any the font
// lacks, instead of the PDF writer panicking and taking the whole report with it.
func TestPDFCharactersPastTheBMP(t *testing.T) {
	f := Forest{Rows: []Comparison{{Label: "Qwen 🤖/Qwen Code 🧑‍💻", Estimate: 0.1, Lo: 0, Hi: 0.2}}}
	for _, format := range []Format{PDF, PNG, SVG} {
		var b bytes.Buffer
		if err := Render(f, format, &b, Column); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if b.Len() == 0 {
			t.Errorf("%s: empty", format)
		}
		if format == PDF {
			if got := pdfText(t, b.Bytes()); !strings.Contains(got, "Qwen \uFFFD/Qwen Code \uFFFD") {
				t.Errorf("pdftotext reads %q, want the name with U+FFFD for each emoji", got)
			}
		}
	}
}
