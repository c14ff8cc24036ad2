package inspect

import (
	"bytes"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSanitizeNonFinite(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"value": NaN}`, `{"value": null}`},
		{`[Infinity,-Infinity, -1, NaN]`, `[null,null, -1, null]`},
		{`{"answer": "NaN and Infinity", "x": "\"NaN\""}`, `{"answer": "NaN and Infinity", "x": "\"NaN\""}`},
		{`{"a": "\\", "b": NaN}`, `{"a": "\\", "b": null}`},
		{`{"n": -2.5e-3, "m": Nope}`, `{"n": -2.5e-3, "m": Nope}`},
	}
	for _, c := range cases {
		if got := string(sanitizeNonFinite([]byte(c.in))); got != c.want {
			t.Errorf("%s → %s, want %s", c.in, got, c.want)
		}
		// The streaming form gives the same bytes whatever the chunk boundaries.
		for _, size := range []int{1, 2, 3, 5, 64} {
			r := newNonFiniteReader(iotest.OneByteReader(strings.NewReader(c.in)))
			r.buf = make([]byte, size)
			got, err := io.ReadAll(r)
			if err != nil || string(got) != c.want {
				t.Errorf("stream %d: %s → %s (%v), want %s", size, c.in, got, err, c.want)
			}
		}
	}
}

// TestHasNonFinite: the vector test for the constants says what two searches say, with
// each constant, its near misses and the letters that start it placed at every offset
// around the 32-byte steps and the 35-byte end, alone and after earlier near misses.
func TestHasNonFinite(t *testing.T) {
	words := []string{"NaN", "Infinity", "-Infinity", "Infi", "Infinit", "NaM", "Na", "N", "I", "In", "Inf", "aN", "NNaN", "IInfinity"}
	for _, w := range words {
		for size := 0; size < 110; size++ {
			for at := 0; at+len(w) <= size; at++ {
				d := bytes.Repeat([]byte("x"), size)
				copy(d[at:], w)
				check := func(d []byte) {
					if got, want := hasNonFinite(d), containsNonFinite(d); got != want {
						t.Fatalf("%q: %v, want %v", d, got, want)
					}
				}
				check(d)
				// Near misses before it, which the scan must pass on from.
				if at >= 8 {
					copy(d, "NaMInfi.")
					check(d)
				}
			}
		}
	}
	for _, name := range []string{dedup, popScored} {
		data, err := os.ReadFile(logPath(name))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hasNonFinite(data), containsNonFinite(data); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

// TestNaNScores: a NaN score (Inspect's unscored sentinel) in an .eval member and in a
// .json log reads as unscored; a NaN metric as NaN.
func TestNaNScores(t *testing.T) {
	evalData := rewriteZip(t, logPath(popScored), func(name string, b []byte) []byte {
		switch name {
		case "samples/3_epoch_1.json":
			return bytes.Replace(b, []byte(`"value": "I"`), []byte(`"value": NaN`), 1)
		case "header.json":
			return bytes.Replace(b, []byte(`"value": 0.13333333333333333`), []byte(`"value": NaN`), 1)
		}
		return b
	})
	log, samples, err := readSamples("nan.eval", evalData, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if se, _ := log.Results.Scores[0].Metrics.Get("stderr"); !math.IsNaN(se) {
		t.Errorf("stderr %v, want NaN", se)
	}
	for _, s := range samples {
		if s.ID.String() == "3" {
			if _, ok := s.Scores[0].Float(); ok || string(s.Scores[0].Value) != "null" {
				t.Errorf("NaN score read as %s", s.Scores[0].Value)
			}
		}
	}
	raw, _ := os.ReadFile(logPath(popJSON))
	jsonData := bytes.Replace(raw, []byte(`"value": "I"`), []byte(`"value": NaN`), 1)
	_, samples, err = readSamples("nan.json", jsonData, ReadOptions{})
	n := len(samples)
	if err != nil || n != 3 {
		t.Fatalf("%d samples: %v", n, err)
	}
}
