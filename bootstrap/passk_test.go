package bootstrap

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// Reference values: Python 3.11 math.comb in exact fractions,
//
//	planned  = sum(Fraction(comb(c_i, k), comb(5, k)))/6
//	per-case = sum(Fraction(comb(c_i, k), comb(n_i, k)) for n_i >= k)/#{n_i >= k}
//
// for c = [3 2 0 5 1 4], n = [5 3 4 5 1 5], 5 repeats planned, printed with repr(float(·)).
func TestPassHatKsConventions(t *testing.T) {
	c, n := []int{3, 2, 0, 5, 1, 4}, []int{5, 3, 4, 5, 1, 5}
	ks := []int{1, 2, 3, 4, 5}
	planned := []float64{0.5, 0.3333333333333333, 0.25, 0.2, 0.16666666666666666}
	perCase := []float64{0.6777777777777778, 0.44666666666666666, 0.3, 0.3, 0.3333333333333333}
	short := [][]int{nil, {4}, {4}, {1, 4}, {1, 2, 4}}
	for _, conv := range []PassKConvention{PassKPlanned, PassKPerCase} {
		want := planned
		if conv == PassKPerCase {
			want = perCase
		}
		got, err := PassHatKs(c, n, 5, ks, conv)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range got {
			if r.K != ks[i] || r.Convention != conv || math.Abs(r.Value-want[i]) > 1e-15 {
				t.Errorf("%v pass^%d = %.17g, want %.17g (math.comb)", conv, r.K, r.Value, want[i])
			}
			if !slices.Equal(r.Short, short[i]) {
				t.Errorf("%v pass^%d: short cases %v, want %v", conv, r.K, r.Short, short[i])
			}
			wantCases := len(c)
			if conv == PassKPerCase {
				wantCases -= len(short[i])
				for _, s := range r.Short {
					if !math.IsNaN(r.PerCase[s]) {
						t.Errorf("per-case pass^%d: case %d left out but has value %v", r.K, s, r.PerCase[s])
					}
				}
			}
			if r.Cases != wantCases {
				t.Errorf("%v pass^%d: %d cases counted, want %d", conv, r.K, r.Cases, wantCases)
			}
		}
	}
}

// 50,000 repeats of one case: every k in one pass, stable at large k.
// Reference: float(Fraction(comb(49990, k), comb(50000, k))), Python 3.11.
func TestPassHatKsManyRepeats(t *testing.T) {
	const n = 50_000
	ks := make([]int, n)
	for i := range ks {
		ks[n-1-i] = i + 1 // descending: the output follows the order asked for
	}
	got, err := PassHatKs([]int{49_990}, []int{n}, n, ks, PassKPlanned)
	if err != nil {
		t.Fatal(err)
	}
	ref := map[int]float64{1: 0.9998, 10: 0.9980016193413285, 1000: 0.8170577976450686, 49_990: 3.71923721948412e-41, 49_991: 0, n: 0}
	for _, r := range got {
		if want, ok := ref[r.K]; ok {
			if math.Abs(r.Value-want) > 1e-10*want || (want == 0 && r.Value != 0) {
				t.Errorf("pass^%d = %.17g, want %.17g (math.comb)", r.K, r.Value, want)
			}
		}
	}
	if got[0].K != n || got[n-1].K != 1 {
		t.Errorf("order of ks not kept: first %d, last %d", got[0].K, got[n-1].K)
	}
}

func TestPassHatKsRepeatedAndUnsortedKs(t *testing.T) {
	got, err := PassHatKs([]int{2, 1}, []int{3, 3}, 3, []int{3, 1, 3}, PassKPlanned)
	if err != nil {
		t.Fatal(err)
	}
	// pass^1 = (2/3 + 1/3)/2; pass^3 = 0 (no case succeeded three times).
	if got[1].Value != 0.5 || got[0].Value != 0 || got[2].Value != 0 || got[0].K != 3 || got[1].K != 1 {
		t.Errorf("got %+v", got)
	}
	got[0].PerCase[0] = 9
	if got[2].PerCase[0] == 9 {
		t.Error("repeated ks share a PerCase slice")
	}
}

func TestPassHatKsRejectsBadInput(t *testing.T) {
	cases := []struct {
		name    string
		c, n    []int
		planned int
		ks      []int
		conv    PassKConvention
		want    string
	}{
		{"lengths", []int{1}, []int{1, 2}, 2, []int{1}, PassKPlanned, "1 success counts, 2 repeat counts"},
		{"no cases", nil, nil, 2, []int{1}, PassKPlanned, "no cases"},
		{"no k", []int{1}, []int{1}, 2, nil, PassKPlanned, "no k"},
		{"k zero", []int{1}, []int{1}, 2, []int{0}, PassKPlanned, "k = 0"},
		{"k above planned", []int{1}, []int{1}, 2, []int{3}, PassKPlanned, "k = 3 exceeds the 2 repeats planned"},
		{"more scored than planned", []int{1}, []int{4}, 2, []int{1}, PassKPlanned, "case 0 has 4 scored repeats, more than the 2 planned"},
		{"successes above repeats", []int{0, 5}, []int{1, 4}, 0, []int{1}, PassKPerCase, "case 1 has 5 successes in 4 repeats"},
		{"convention", []int{1}, []int{1}, 1, []int{1}, PassKConvention(7), "unknown convention"},
	}
	for _, c := range cases {
		if _, err := PassHatKs(c.c, c.n, c.planned, c.ks, c.conv); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
	// Per-case with every case short: no value, not zero.
	r, err := PassHatKs([]int{1}, []int{1}, 0, []int{2}, PassKPerCase)
	if err != nil || !math.IsNaN(r[0].Value) || r[0].Cases != 0 || !slices.Equal(r[0].Short, []int{0}) {
		t.Errorf("all short: %+v, %v", r, err)
	}
}

func TestParsePassKConvention(t *testing.T) {
	for s, want := range map[string]PassKConvention{"planned": PassKPlanned, "TAU-BENCH": PassKPlanned, "per-case": PassKPerCase, "tau2-bench": PassKPerCase} {
		if got, err := ParsePassKConvention(s); err != nil || got != want {
			t.Errorf("%q: %v, %v", s, got, err)
		}
	}
	if _, err := ParsePassKConvention("inspect"); err == nil {
		t.Error("unknown convention accepted")
	}
	if !strings.Contains(PassKPlanned.Describe(), "planned") || !strings.Contains(PassKPerCase.Describe(), "left out") {
		t.Error("descriptions do not state the rule")
	}
}

// BenchmarkPassHatKs50000 is the workload of a user's release: one case, 50,000 repeats, every k.
func BenchmarkPassHatKs50000(b *testing.B) {
	const n = 50_000
	ks := make([]int, n)
	for i := range ks {
		ks[i] = i + 1
	}
	for b.Loop() {
		if _, err := PassHatKs([]int{n / 2}, []int{n}, n, ks, PassKPlanned); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzPassHatKs compares the one-pass values with C(c,k)/C(n,k) computed for each k on its
// own from log-gamma, and checks the conventions' bookkeeping.
func FuzzPassHatKs(f *testing.F) {
	f.Add([]byte{3, 5, 2, 3, 0, 4}, uint8(5), uint8(3))
	f.Add([]byte{1, 1, 0, 0}, uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, planned, kmax uint8) {
		P := int(planned%40) + 1
		var c, n []int
		for i := 0; i+1 < len(data) && len(c) < 20; i += 2 {
			ni := int(data[i]) % (P + 1)
			c, n = append(c, int(data[i+1])%(ni+1)), append(n, ni)
		}
		if len(c) == 0 {
			return
		}
		var ks []int
		for k := int(kmax%uint8(P)) + 1; k >= 1; k -= 2 {
			ks = append(ks, k)
		}
		lchoose := func(a, b int) float64 {
			x, _ := math.Lgamma(float64(a + 1))
			y, _ := math.Lgamma(float64(b + 1))
			z, _ := math.Lgamma(float64(a - b + 1))
			return x - y - z
		}
		for _, conv := range []PassKConvention{PassKPlanned, PassKPerCase} {
			res, err := PassHatKs(c, n, P, ks, conv)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range res {
				k := ks[i]
				short := 0
				for u := range c {
					den := P
					if conv == PassKPerCase {
						den = n[u]
					}
					if n[u] < k {
						short++
						if conv == PassKPerCase {
							if !math.IsNaN(r.PerCase[u]) {
								t.Fatalf("case %d short but valued", u)
							}
							continue
						}
					}
					want := 0.0
					if c[u] >= k {
						want = math.Exp(lchoose(c[u], k) - lchoose(den, k))
					}
					if math.Abs(r.PerCase[u]-want) > 1e-9*max(want, 1e-300) && math.Abs(r.PerCase[u]-want) > 1e-12 {
						t.Fatalf("%v k=%d case %d (c=%d n=%d): %v, want %v", conv, k, u, c[u], den, r.PerCase[u], want)
					}
				}
				if len(r.Short) != short || (r.Cases > 0) != !math.IsNaN(r.Value) || r.Value < 0 || r.Value > 1 {
					t.Fatalf("%v k=%d: %+v (want %d short)", conv, k, r, short)
				}
			}
		}
	})
}
