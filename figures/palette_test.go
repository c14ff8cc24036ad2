package figures

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/sabench/sabench-stats/oracle"
)

// Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", severity 1.0, on linear RGB.
var cvd = map[string][3][3]float64{
	"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

// lab is CIELAB (D65) of c seen through the matrix m.
func lab(c color.RGBA, m [3][3]float64) [3]float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	in := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
	var rgb [3]float64
	for i := range rgb {
		rgb[i] = math.Max(0, math.Min(1, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
	}
	x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
	y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// TestFailureColorsColourBlindSafe: every failure type has a colour, and
// the types that can share a bar (one protocol's) stay apart — CIELAB ΔE
// of at least 12 — under normal vision and simulated dichromacies.
func TestFailureColorsColourBlindSafe(t *testing.T) {
	for _, ft := range FailureTypes {
		if _, ok := FailureColor(ft); !ok {
			t.Errorf("failure type %s has no colour", ft)
		}
	}
	if len(FailureTypes) != len(oracle.FailureTypes)+1 {
		t.Errorf("FailureTypes %v is not the oracle's list plus infra_failure", FailureTypes)
	}
	any := []string{oracle.FailContract, oracle.FailInfra, Success}
	groups := [][]string{
		append([]string{oracle.FailPremature, oracle.FailWrongAction, oracle.FailInaction, oracle.FailPartial, oracle.FailBrokenDep, oracle.FailExtraEvent}, any...),
		append([]string{oracle.FailUnsafe, oracle.FailEarlyStop, oracle.FailWrongLabel}, any...),
		append([]string{oracle.FailWrongDecision}, any...),
	}
	const minDE = 12
	for _, g := range groups {
		for vision, m := range cvd {
			for i := range g {
				for j := i + 1; j < len(g); j++ {
					a, b := lab(failureColors[g[i]], m), lab(failureColors[g[j]], m)
					de := math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
					if de < minDE {
						t.Errorf("%s: %s and %s are ΔE %.1f apart (want ≥ %d)", vision, g[i], g[j], de, minDE)
					}
				}
			}
		}
	}
}

// TestPNGDPI: the PNG states its resolution, which a reader (here
// identify-like parsing of the pHYs chunk) turns back into the DPI asked for.
func TestPNGDPI(t *testing.T) {
	for _, dpi := range []int{150, 300} {
		var b bytes.Buffer
		o := Column
		o.DPI = dpi
		if err := Render(smallFigures()["forest"], PNG, &b, o); err != nil {
			t.Fatal(err)
		}
		p := b.Bytes()
		i := bytes.Index(p, []byte("pHYs"))
		if i < 0 || i > 40 {
			t.Fatalf("no pHYs chunk after IHDR (at %d)", i)
		}
		ppm := binary.BigEndian.Uint32(p[i+4:])
		if got := float64(ppm) * 0.0254; math.Abs(got-float64(dpi)) > 0.02 /* ppm is a whole number */ || p[i+12] != 1 {
			t.Errorf("pHYs says %.2f DPI (unit %d), want %d", got, p[i+12], dpi)
		}
		if crc := binary.BigEndian.Uint32(p[i+13:]); crc != crc32.ChecksumIEEE(p[i:i+13]) {
			t.Errorf("pHYs CRC %08x is wrong", crc)
		}
		if _, err := png.Decode(bytes.NewReader(p)); err != nil {
			t.Errorf("the PNG no longer decodes: %v", err)
		}
	}
}
