package figures

import (
	"bytes"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

var pngDir = flag.String("pngdir", "", "also write the realistic figures to this directory, to look at them")

// The paper's ten configurations, five protocols, six domains and the five
// policy presets (paper-numbers.md, DESIGN.md §4).
var (
	paperConfigs = []string{
		"Claude-5 / Claude Code", "Claude-5 / Inspect", "GPT-5.6 / Codex", "GPT-5.6 / Inspect",
		"DeepSeek-V4 / DSH", "DeepSeek-V4 / Inspect", "Qwen3.8 / Qwen Code", "Qwen3.8 / Inspect",
		"GLM-5.2 / ZCode", "GLM-5.2 / Inspect",
	}
	paperProtocols = []string{"Legacy", "V0", "V1", "V2", "V3"}
	paperDomains   = []string{
		"customer_policy_qa", "ops_code_agent", "legal_finance_advice",
		"research_assistant", "smart_home_agent", "healthcare_operations_agent",
	}
	paperPolicies = []string{"safeact", "near-miss", "toolsandbox", "tau-bench", "appworld"}
	// Table 2 of the paper (percent): Legacy, V0, V1, V2, V3 per config.
	paperECS = [][]float64{
		{97.7, 63.4, 60.3, 60.6, 65.9}, {96.5, 58.9, 54.2, 59.1, 61.4},
		{96.5, 65.7, 52.7, 58.3, 64.4}, {94.2, 59.4, 47.3, 55.3, 60.6},
		{96.5, 49.1, 61.1, 65.2, 59.1}, {83.7, 56.0, 49.6, 56.8, 50.8},
		{91.9, 72.6, 58.8, 59.8, 53.8}, {94.2, 67.4, 60.3, 54.5, 52.3},
		{97.7, 34.3, 32.1, 12.1, 34.1}, {77.9, 44.0, 31.3, 22.0, 41.7},
	}
	paperCases = []int{86, 175, 131, 132, 132}
)

// realisticFigures builds the five figures on paper-sized input: ECS from
// the paper's Table 2, everything else drawn from a seeded generator.
func realisticFigures() map[string]Figure {
	rng := rand.New(rand.NewPCG(8, 2026))
	nc, np := len(paperConfigs), len(paperProtocols)

	// Failure types that can end an episode of each protocol (DESIGN.md §5).
	possible := map[string][]string{
		"Legacy": {"wrong_decision", "contract_or_invalid"},
		"V0":     {"unsafe_attempt", "early_stop", "wrong_stop_label", "contract_or_invalid"},
		"V1":     {"premature_action", "wrong_action", "inaction", "contract_or_invalid", "extra_event"},
		"V2":     {"premature_action", "wrong_action", "inaction", "partial_workflow", "broken_dependency", "contract_or_invalid", "extra_event"},
		"V3":     {"premature_action", "wrong_action", "inaction", "partial_workflow", "broken_dependency", "contract_or_invalid", "extra_event"},
	}
	mix := FailureMix{Configs: paperConfigs, Protocols: paperProtocols}
	for c := 0; c < nc; c++ {
		var byP [][]float64
		for _, p := range paperProtocols {
			ks := make([]float64, len(FailureTypes))
			sum := 0.0
			for k, name := range FailureTypes {
				for _, q := range possible[p] {
					if q == name {
						ks[k] = rng.ExpFloat64()
						if name == "contract_or_invalid" || name == "extra_event" {
							ks[k] *= 0.15
						}
						sum += ks[k]
					}
				}
			}
			for k := range ks {
				ks[k] /= sum
			}
			byP = append(byP, ks)
		}
		mix.Shares = append(mix.Shares, byP)
	}

	ecs := ECSByProtocol{Configs: paperConfigs, Protocols: paperProtocols, Level: 0.95}
	for c := 0; c < nc; c++ {
		var row []Interval
		for p := 0; p < np; p++ {
			e := paperECS[c][p] / 100
			half := 1.96 * math.Sqrt(e*(1-e)/float64(3*paperCases[p]))
			row = append(row, Interval{Estimate: e, Lo: max(0, e-half), Hi: min(1, e+half)})
		}
		ecs.ECS = append(ecs.ECS, row)
	}

	forest := Forest{Level: 0.95}
	for c := 0; c < nc; c += 2 {
		model := paperConfigs[c][:indexOf(paperConfigs[c], " / ")]
		for p := 1; p < np; p++ {
			d := (paperECS[c][p] - paperECS[c+1][p]) / 100
			half := 0.045 + 0.02*rng.Float64()
			forest.Rows = append(forest.Rows, Comparison{
				Label:    model + ", " + paperProtocols[p] + ": " + harness(paperConfigs[c]) + " − Inspect",
				Estimate: d, Lo: d - half, Hi: d + half,
			})
		}
	}

	heat := DomainHeatMap{Configs: paperConfigs, Domains: paperDomains}
	for c := 0; c < nc; c++ {
		mean := 0.0
		for p := 1; p < np; p++ {
			mean += paperECS[c][p] / 100 / float64(np-1)
		}
		var row []float64
		for range paperDomains {
			row = append(row, min(1, max(0, mean+0.08*rng.NormFloat64())))
		}
		heat.ECS = append(heat.ECS, row)
	}

	ranks := PolicyRanks{Configs: paperConfigs, Policies: paperPolicies}
	scores := make([][]float64, len(paperPolicies))
	for q := range paperPolicies {
		for c := 0; c < nc; c++ {
			s := 0.0
			for p := 1; p < np; p++ {
				s += paperECS[c][p]
			}
			scores[q] = append(scores[q], s/4+float64(q)*(2+6*rng.Float64()))
		}
	}
	ranks.Ranks = make([][]float64, nc)
	for q := range paperPolicies {
		neg := make([]float64, len(scores[q]))
		for i, x := range scores[q] {
			neg[i] = -x
		}
		r, _ := bootstrap.Ranks(neg, bootstrap.TieMin) // the leaderboard ranks of analysis.LeaderboardRanks
		for c := range r {
			ranks.Ranks[c] = append(ranks.Ranks[c], r[c])
		}
	}
	return map[string]Figure{
		"failure_mix": mix, "ecs_by_protocol": ecs, "forest": forest,
		"domain_heatmap": heat, "policy_ranks": ranks,
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return len(s)
}

func harness(config string) string {
	i := indexOf(config, " / ")
	if i+3 > len(config) {
		return config
	}
	return config[i+3:]
}

var realisticNames = []string{"failure_mix", "ecs_by_protocol", "forest", "domain_heatmap", "policy_ranks"}

// TestRealistic renders every figure on paper-sized input at each size and
// checks the sizes stay within a paper column or a slide.
func TestRealistic(t *testing.T) {
	t.Parallel() // CPU-bound
	figs := realisticFigures()
	sizes := []struct {
		name string
		o    Options
		maxH float64 // inches
	}{{"column", Column, 9}, {"page", Page, 9}, {"slide", Slide, 12}}
	for _, name := range realisticNames {
		for _, sz := range sizes {
			// SVG exercises every layout; the raster and PDF back ends run
			// on one size only, to keep the suite fast, unless -pngdir asks
			// for everything.
			formats := []Format{SVG}
			if sz.name == "column" || *pngDir != "" {
				formats = Formats
			}
			out := map[Format][]byte{}
			for _, f := range formats {
				var b bytes.Buffer
				if err := Render(figs[name], f, &b, sz.o); err != nil {
					t.Fatalf("%s/%s.%s: %v", name, sz.name, f, err)
				}
				out[f] = b.Bytes()
			}
			w, h, err := Size(figs[name], sz.o)
			if err != nil {
				t.Fatal(err)
			}
			if w != sz.o.Width || float64(h)/72 > sz.maxH {
				t.Errorf("%s/%s: size %.2f×%.2f in, want width %.2f and height ≤ %.1f", name, sz.name, float64(w)/72, float64(h)/72, float64(sz.o.Width)/72, sz.maxH)
			}
			if *pngDir != "" {
				for _, f := range formats {
					p := filepath.Join(*pngDir, name+"_"+sz.name+"."+string(f))
					if err := os.WriteFile(p, out[f], 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
