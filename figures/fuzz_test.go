package figures

import (
	"bytes"
	"math"
	"testing"

	"gonum.org/v1/plot/vg"
)

// byteSource turns fuzz bytes into sizes, names and numbers; when the bytes
// run out it returns zeros.
type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) next() byte {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

func (s *byteSource) count(max int) int { return int(s.next()) % (max + 1) }

// value yields mostly proportions, sometimes the awkward floats.
func (s *byteSource) value() float64 {
	switch v := s.next(); {
	case v == 251:
		return math.NaN()
	case v == 252:
		return math.Inf(1)
	case v == 253:
		return -0.5
	case v == 254:
		return 1.5
	default:
		return float64(v) / 250
	}
}

func (s *byteSource) names(n int) []string {
	pool := []string{"Claude-5 / Claude Code", "A", "", "DeepSeek-V4 / Inspect", "x&<y>", "a\nb", "éü→", "\xff", "V0", "  ", "a_b_c_d_e_f_g_h_i_j"}
	out := make([]string, n)
	for i := range out {
		out[i] = pool[int(s.next())%len(pool)]
	}
	return out
}

func (s *byteSource) grid(r, c int) [][]float64 {
	out := make([][]float64, r)
	for i := range out {
		out[i] = make([]float64, c)
		for j := range out[i] {
			out[i][j] = s.value()
		}
	}
	return out
}

// FuzzFigures builds every figure from arbitrary bytes, including ragged
// shapes, NaN, infinities and hostile names, and renders it as SVG: no
// input may panic, and accepted input must give an SVG document.
func FuzzFigures(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 3, 2, 1, 2, 3, 100, 200, 50, 251, 0, 250, 125, 125})
	f.Add([]byte{1, 2, 2, 0, 1, 125, 125, 0, 250, 250, 0, 0, 0, 3, 100, 100, 100})
	f.Add([]byte{2, 5, 4, 3, 0, 1, 8, 8, 253, 254, 252, 251, 10, 20, 30, 40, 50, 60})
	f.Add([]byte{3, 1, 1, 1, 3, 200, 251, 251})
	f.Add([]byte{4, 3, 3, 0, 1, 3, 3, 2, 1, 1, 2, 3, 251, 2, 3})
	f.Add(bytes.Repeat([]byte{7, 250, 9}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSource{b: data}
		kind := s.count(4)
		o := Options{Width: vg.Length(72 + int(s.next())*4), FontSize: vg.Length(3 + s.count(20))}
		var fig Figure
		switch kind {
		case 0:
			nc, np, nk := s.count(4), s.count(4), s.count(4)
			m := FailureMix{Configs: s.names(nc), Protocols: s.names(np), Categories: s.names(nk)}
			for c := 0; c < nc+s.count(1); c++ {
				m.Shares = append(m.Shares, s.grid(np, nk))
			}
			fig = m
		case 1:
			nc, np := s.count(4), s.count(4)
			e := ECSByProtocol{Configs: s.names(nc), Protocols: s.names(np), Level: s.value()}
			for c := 0; c < nc; c++ {
				var row []Interval
				for p := 0; p < np+s.count(1); p++ {
					row = append(row, Interval{s.value(), s.value(), s.value()})
				}
				e.ECS = append(e.ECS, row)
			}
			fig = e
		case 2:
			fr := Forest{Level: s.value(), Title: s.names(1)[0]}
			n := s.count(5)
			for i := 0; i < n; i++ {
				fr.Rows = append(fr.Rows, Comparison{s.names(1)[0], s.value()*2 - 1, s.value()*2 - 1, s.value()*2 - 1})
			}
			fig = fr
		case 3:
			nc, nd := s.count(4), s.count(6)
			fig = DomainHeatMap{Configs: s.names(nc), Domains: s.names(nd), ECS: s.grid(nc, nd)}
		default:
			nc, nq := s.count(5), s.count(5)
			r := PolicyRanks{Configs: s.names(nc), Policies: s.names(nq), Ranks: s.grid(nc, nq)}
			for i := range r.Ranks {
				for j := range r.Ranks[i] {
					r.Ranks[i][j] = math.Round(r.Ranks[i][j] * 5)
				}
			}
			fig = r
		}
		var b bytes.Buffer
		err := Render(fig, SVG, &b, o)
		if err == nil && !bytes.Contains(b.Bytes(), []byte("<svg")) {
			t.Fatalf("accepted input gave no SVG: %q", b.String())
		}
		if fig.Validate() == nil && err != nil && !bytes.Contains([]byte(err.Error()), []byte("Options.")) {
			t.Fatalf("valid input failed with a non-size error: %v", err)
		}
	})
}
