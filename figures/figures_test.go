package figures

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/palette/brewer"
	"gonum.org/v1/plot/vg"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files under testdata/")

var nan = math.NaN()

// smallFigures are small fixed inputs that reach the special cases: a bar
// without data, a success category, missing cells, an estimate without an
// interval, tied ranks and a config absent under one policy.
func smallFigures() map[string]Figure {
	return map[string]Figure{
		"failure_mix": FailureMix{
			Configs:    []string{"Alpha / Inspect", "Beta / Beta CLI"},
			Protocols:  []string{"V0", "V1"},
			Categories: []string{Success, "premature_action", "wrong_action", "early_stop"},
			Shares: [][][]float64{
				{{0.5, 0, 0, 0.5}, {0.25, 0.5, 0.25, 0}},
				{{0, 0, 0, 0}, {0.6, 0.1, 0.3, 0}},
			},
		},
		"ecs_by_protocol": ECSByProtocol{
			Configs:   []string{"Alpha / Inspect", "Beta / Beta CLI"},
			Protocols: []string{"V1", "V2"},
			Level:     0.95,
			ECS: [][]Interval{
				{{0.6, 0.5, 0.7}, {0.4, nan, nan}},
				{{nan, nan, nan}, {0.1, 0.05, 0.2}},
			},
		},
		"forest": Forest{
			Level: 0.9,
			Rows: []Comparison{
				{"Alpha − Beta, V1", 0.12, 0.03, 0.2},
				{"Alpha − Beta, V2", -0.02, -0.1, 0.06},
				{"Alpha − Beta, V3", 0.05, nan, nan},
			},
		},
		"domain_heatmap": DomainHeatMap{
			Configs: []string{"Alpha / Inspect", "Beta / Beta CLI"},
			Domains: []string{"ops_code_agent", "smart_home_agent", "research"},
			ECS:     [][]float64{{0.1, 0.5, 0.95}, {nan, 0.333, 1}},
		},
		"policy_ranks": PolicyRanks{
			Policies: []string{"safeact", "near-miss", "tau-bench"},
			Configs:  []string{"Alpha / Inspect", "Beta / Beta CLI", "Gamma / Inspect"},
			Ranks:    [][]float64{{1, 1.5, 3}, {2, 1.5, nan}, {3, 3, 1}},
		},
	}
}

var smallNames = []string{"failure_mix", "ecs_by_protocol", "forest", "domain_heatmap", "policy_ranks"}

// TestGoldenSVG compares each figure's SVG on the small input with
// testdata/<name>.svg; run with -update to rewrite them after a deliberate
// change, and look at the result.
func TestGoldenSVG(t *testing.T) {
	figs := smallFigures()
	for _, name := range smallNames {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Render(figs[name], SVG, &b, Column); err != nil {
				t.Fatal(err)
			}
			if *pngDir != "" {
				var p bytes.Buffer
				if err := Render(figs[name], PNG, &p, Column); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*pngDir, "small_"+name+".png"), p.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join("testdata", name+".svg")
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				got := filepath.Join(t.TempDir(), name+".svg")
				_ = os.WriteFile(got, b.Bytes(), 0o644)
				t.Errorf("SVG differs from %s (got %d bytes, want %d; got written to %s)", path, b.Len(), len(want), got)
			}
		})
	}
}

// TestDeterministic renders every figure twice in every format and wants
// identical bytes; the PDF must carry the pinned date, not the clock.
func TestDeterministic(t *testing.T) {
	figs := smallFigures()
	for _, name := range smallNames {
		a, err := RenderAll(figs[name], Column)
		if err != nil {
			t.Fatal(err)
		}
		b, err := RenderAll(figs[name], Column)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Formats {
			if !bytes.Equal(a[f], b[f]) {
				t.Errorf("%s.%s: two renderings differ", name, f)
			}
		}
		if !bytes.Contains(a[PDF], []byte("/CreationDate (D:20000101000000")) {
			t.Errorf("%s.pdf: creation date not pinned", name)
		}
		if !bytes.HasPrefix(a[PNG], []byte("\x89PNG")) || !bytes.HasPrefix(a[PDF], []byte("%PDF-")) || !bytes.Contains(a[SVG][:200], []byte("<svg")) {
			t.Errorf("%s: a format's signature is missing", name)
		}
	}
}

// TestSizes checks the physical sizes: the width asked for, heights from
// content, the PNG's pixels from DPI, and a set height kept.
func TestSizes(t *testing.T) {
	figs := smallFigures()
	w, h, err := Size(figs["forest"], Column)
	if err != nil {
		t.Fatal(err)
	}
	if w != 3.5*vg.Inch || h < vg.Inch || h > 3*vg.Inch {
		t.Errorf("forest: %v × %v pt, want 252 pt wide and 72–216 pt high", w, h)
	}
	o := Column
	o.Height = 4 * vg.Inch
	if _, h, _ := Size(figs["forest"], o); h != 4*vg.Inch {
		t.Errorf("set height: got %v pt, want 288", h)
	}
	var b bytes.Buffer
	o = Options{Width: 2 * vg.Inch, Height: 2 * vg.Inch, DPI: 100}
	if err := Render(figs["domain_heatmap"], PNG, &b, o); err != nil {
		t.Fatal(err)
	}
	png := b.Bytes()
	wpx := int(png[16])<<24 | int(png[17])<<16 | int(png[18])<<8 | int(png[19])
	hpx := int(png[20])<<24 | int(png[21])<<16 | int(png[22])<<8 | int(png[23])
	if wpx != 200 || hpx != 200 {
		t.Errorf("PNG %d×%d px, want 200×200 (2 in at 100 dpi)", wpx, hpx)
	}
}

// TestDoesNotFit: labels too wide for the asked width widen the figure instead of failing
// (Fitted says by how much), and a set height too small for the rows gives way to the
// height they need; what the width cap cannot hold is still an Options.Width error.
func TestDoesNotFit(t *testing.T) {
	figs := realisticFigures()
	narrow := Options{Width: 1.5 * vg.Inch, FontSize: 7}
	for _, name := range realisticNames {
		o, err := Fitted(figs[name], narrow)
		if name == "failure_mix" {
			// Its panels stack below one another and its names wrap ("Claude-5 /"
			// over "Claude Code"), so it fits 1.5 in, but taller than a page: it is
			// drawn at the page's width instead (PageHeight).
			tall, at, drawn, terr := tallAt(figs[name], narrow)
			if err != nil || terr != nil || o.Width != Page.Width || drawn != o.Width || drawn == at || tall <= PageHeight {
				t.Errorf("%s at 1.5 in: drawn at %v (%v), %v tall at %v (drawn %v, %v), want the page's width for a figure taller than a page", name, o.Width, err, tall, at, drawn, terr)
			}
			continue
		}
		if err != nil || o.Width <= narrow.Width {
			t.Errorf("%s at 1.5 in: drawn at %v (%v), want wider", name, o.Width, err)
		}
		if err := Render(figs[name], SVG, new(bytes.Buffer), narrow); err != nil {
			t.Errorf("%s at 1.5 in: %v", name, err)
		}
	}
	short := Options{Width: 3.5 * vg.Inch, Height: 1.2 * vg.Inch, FontSize: 7}
	for _, name := range realisticNames {
		o, err := Fitted(figs[name], short)
		if err != nil || o.Height != 0 {
			t.Errorf("%s at 1.2 in high: drawn at height %v (%v), want the natural height", name, o.Height, err)
		}
	}
	huge := smallFigures()["policy_ranks"].(PolicyRanks)
	// A title is broken between any two characters (wrap), so a long one fits; 200 policy
	// columns at 72 pt do not, even 48 in wide.
	huge.Title = strings.Repeat("W", maxNameLen)
	if err := Render(huge, SVG, new(bytes.Buffer), Options{FontSize: 72}); err != nil {
		t.Errorf("a 200-character title at 72 pt: %v", err)
	}
	huge.Policies, huge.Ranks = nil, make([][]float64, len(huge.Configs))
	for i := range 200 {
		huge.Policies = append(huge.Policies, fmt.Sprintf("policy-%03d", i))
		for c := range huge.Ranks {
			huge.Ranks[c] = append(huge.Ranks[c], float64(c+1))
		}
	}
	if err := Render(huge, SVG, new(bytes.Buffer), Options{FontSize: 72}); err == nil || !strings.Contains(err.Error(), "Options.Width") {
		t.Errorf("200 policies at 72 pt: %v, want an Options.Width error", err)
	}
}

// TestFitsAnyConfigsAndNames: every figure draws, at every size preset, for 1 and 40
// configurations and for names of 1 to 120 characters (ASCII, accented, CJK).
func TestFitsAnyConfigsAndNames(t *testing.T) {
	names := func(n int, name func(i int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = name(i)
		}
		return out
	}
	sets := map[string][]string{
		"one m/h":      {"m/h"},
		"40 configs":   names(40, func(i int) string { return fmt.Sprintf("c%02d/h%02d", i, i) }),
		"ten short":    names(10, func(i int) string { return fmt.Sprintf("m%d/h", i) }),
		"120 chars":    {strings.Repeat("L", 60) + "/" + strings.Repeat("é", 59), "x/y"},
		"62 chars CJK": {strings.Repeat("模", 30) + "/" + strings.Repeat("型", 31)},
		"1 char":       {"a", "b"},
	}
	for set, configs := range sets {
		for _, size := range []Options{Column, Page, Slide} {
			for name, fig := range figuresFor(configs) {
				if err := Render(fig, SVG, new(bytes.Buffer), size); err != nil {
					t.Errorf("%s, %s at %v in: %v", set, name, size.Width/vg.Inch, err)
				}
			}
		}
	}
}

// figuresFor builds every figure type for the configurations (two each: model/harness
// names are used as they are).
func figuresFor(configs []string) map[string]Figure {
	n := len(configs)
	protos := []string{"Legacy", "V0", "V1", "V2", "V3"}
	shares, ecs, heat, ranks := make([][][]float64, n), make([][]Interval, n), make([][]float64, n), make([][]float64, n)
	var rows []Comparison
	for i := range configs {
		shares[i] = make([][]float64, len(protos))
		ecs[i] = make([]Interval, len(protos))
		for j := range protos {
			shares[i][j] = []float64{0.5, 0.25, 0.25, 0}
			ecs[i][j] = Interval{0.5, 0.4, 0.6}
		}
		heat[i] = []float64{0.1, 0.5, 0.9}
		ranks[i] = []float64{float64(i + 1), float64(n - i), 1}
		rows = append(rows, Comparison{configs[i] + " − Inspect, V1", 0.05, -0.02, 0.1})
	}
	return map[string]Figure{
		"failure_mix":     FailureMix{Configs: configs, Protocols: protos, Categories: []string{Success, "premature_action", "wrong_action", "early_stop"}, Shares: shares},
		"ecs_by_protocol": ECSByProtocol{Configs: configs, Protocols: protos, Level: 0.95, ECS: ecs},
		"forest":          Forest{Level: 0.95, Rows: rows},
		"domain_heatmap":  DomainHeatMap{Configs: configs, Domains: []string{"ops_code_agent", "smart_home_agent", "customer_policy_qa"}, ECS: heat},
		"policy_ranks":    PolicyRanks{Policies: []string{"safeact", "near-miss", "tau-bench/appworld"}, Configs: configs, Ranks: ranks},
	}
}

func TestOptionsAndFormatErrors(t *testing.T) {
	fig := smallFigures()["forest"]
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Width: 10}, "Options.Width"},
		{Options{Width: vg.Length(nan)}, "Options.Width"},
		{Options{Height: -1}, "Options.Height"},
		{Options{FontSize: 1}, "Options.FontSize"},
		{Options{DPI: 5000}, "Options.DPI"},
	} {
		err := Render(fig, SVG, new(bytes.Buffer), tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err = %v, want it to name %s", tc.o, err, tc.want)
		}
	}
	if err := Render(fig, "eps", new(bytes.Buffer), Column); err == nil || !strings.Contains(err.Error(), `"eps"`) {
		t.Errorf("format eps: err = %v", err)
	}
	if err := Render(nil, SVG, new(bytes.Buffer), Column); err == nil {
		t.Error("nil figure: no error")
	}
}

// TestTextIsEscaped: names are data; SVG must escape them.
func TestTextIsEscaped(t *testing.T) {
	f := Forest{Rows: []Comparison{{Label: `A&B <script> "x"`, Estimate: 0.1, Lo: nan, Hi: nan}}}
	var b bytes.Buffer
	if err := Render(f, SVG, &b, Column); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "A&amp;B &lt;script&gt; &#34;x&#34;") || strings.Contains(b.String(), "<script>") {
		t.Error("label not escaped in SVG")
	}
}

// TestHeatStopsAreBrewer checks the copied YlGnBu stops against gonum's
// ColorBrewer tables.
func TestHeatStopsAreBrewer(t *testing.T) {
	p, err := brewer.GetPalette(brewer.TypeSequential, "YlGnBu", 9)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range p.Colors() {
		r0, g0, b0, _ := c.RGBA()
		r1, g1, b1, _ := heatStops[i].RGBA()
		if r0 != r1 || g0 != g1 || b0 != b1 {
			t.Errorf("stop %d differs from brewer YlGnBu", i)
		}
	}
	if got := heatColor(0); got != heatStops[0] {
		t.Errorf("heatColor(0) = %v", got)
	}
	if got := heatColor(1); got != heatStops[8] {
		t.Errorf("heatColor(1) = %v", got)
	}
}

func TestSpreadCentresTies(t *testing.T) {
	ls := []endLabel{{want: 100}, {want: 50}, {want: 50}, {want: 50}, {want: 0}}
	spread(ls, 10, -100, 200)
	want := []vg.Length{100, 60, 50, 40, 0}
	for i := range ls {
		if ls[i].y != want[i] {
			t.Fatalf("y = %v, want %v", ls, want)
		}
	}
	// Crowding at the bottom pushes labels up from the floor.
	ls = []endLabel{{want: 5}, {want: 5}}
	spread(ls, 10, 0, 100)
	if ls[0].y != 10 || ls[1].y != 0 {
		t.Errorf("floor: got %v, %v; want 10, 0", ls[0].y, ls[1].y)
	}
	// All tied at the top: the cluster hangs from the ceiling.
	ls = []endLabel{{want: 95}, {want: 95}, {want: 95}}
	spread(ls, 10, 0, 95)
	if ls[0].y != 95 || ls[1].y != 85 || ls[2].y != 75 {
		t.Errorf("ceiling: got %v, %v, %v; want 95, 85, 75", ls[0].y, ls[1].y, ls[2].y)
	}
}

func TestFormatNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", -0.0000000001: "0", 20: "20", -20: "−20", 2.5: "2.5", 0.126: "0.13", -7.25: "−7.25"} {
		if got := formatNum(v); got != want {
			t.Errorf("formatNum(%v) = %q, want %q", v, got, want)
		}
	}
	if got := pp(-0.0001); got != "0.0" {
		t.Errorf("pp(-0.0001) = %q, want 0.0 (no negative zero)", got)
	}
	// A forest row prints its bounds signed, as the tables do ("[-15.2, +30.0]").
	r := Comparison{Estimate: 0.074, Lo: -0.152, Hi: 0.3}
	if got, want := (Forest{}).valueText(r), "+7.4 [−15.2, +30.0]"; got != want {
		t.Errorf("valueText = %q, want %q", got, want)
	}
}

// TestLongNamesWrap: long panel titles and domain names wrap (or turn)
// instead of overlapping, so the figure grows taller; nothing is cut.
func TestLongNamesWrap(t *testing.T) {
	short := smallFigures()["failure_mix"].(FailureMix)
	long := short
	long.Protocols = []string{"V0 with the withheld evidence condition", "V1 main"}
	_, h0, err := Size(short, Column)
	if err != nil {
		t.Fatal(err)
	}
	_, h1, err := Size(long, Column)
	if err != nil {
		t.Fatal(err)
	}
	if h1 <= h0 {
		t.Errorf("long protocol names: height %v, want more than %v", h1, h0)
	}
	if *pngDir != "" {
		var b bytes.Buffer
		if err := Render(long, PNG, &b, Column); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(*pngDir, "long_failure_mix.png"), b.Bytes(), 0o644)
	}
}
