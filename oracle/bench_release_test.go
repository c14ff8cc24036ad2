package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// BenchmarkScoreRelease scores the built-in synthetic release under every preset in one
// ScoreMany call per episode, as report does, and reports CPU time per episode (all
// presets). BenchmarkScore scores the same episodes under safeact alone.
func BenchmarkScoreRelease(b *testing.B) { benchScoreRelease(b, Presets, nil) }

// BenchmarkScoreReleaseReport scores as report does: the first policy fills Detail.
func BenchmarkScoreReleaseReport(b *testing.B) { benchScoreRelease(b, reportPolicies(), []bool{true}) }

// BenchmarkScoreReleaseReportLean is the report's scoring without the first policy's
// Detail: the difference to BenchmarkScoreReleaseReport is what the viewer's detail costs.
func BenchmarkScoreReleaseReportLean(b *testing.B) { benchScoreRelease(b, reportPolicies(), nil) }

// reportPolicies are the presets a report scores: appworld (tau-bench's settings) is not
// scored again.
func reportPolicies() []Policy {
	var pols []Policy
	for _, pol := range Presets {
		if pol.Name != "appworld" {
			pols = append(pols, pol)
		}
	}
	return pols
}

// releaseWorkload is the built-in release's episodes, each with its prepared case.
func releaseWorkload(b *testing.B) ([]*Prepared, []*ingest.Episode) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	byID := map[string]*casespec.Case{}
	for _, c := range rel.Cases {
		byID[c.ID] = c
	}
	preps := map[string]*Prepared{}
	var ps []*Prepared
	var eps []*ingest.Episode
	for _, ep := range rel.Episodes {
		c := byID[ep.CaseID]
		if c == nil {
			continue
		}
		p := preps[c.ID]
		if p == nil {
			if p, err = Prepare(c); err != nil {
				b.Fatal(err)
			}
			preps[c.ID] = p
		}
		ps = append(ps, p)
		eps = append(eps, ep)
	}
	if len(eps) == 0 {
		b.Fatal("the built-in release has no episode of a known case")
	}
	return ps, eps
}

func benchScoreRelease(b *testing.B, pols []Policy, detail []bool) {
	ps, eps := releaseWorkload(b)
	// Every episode once first: a report scores many episodes per case, so the per-case
	// caches (spec texts of Detail) are warm for nearly all of them.
	var vs []Verdict
	for j := range eps {
		vs = ps[j].ScoreMany(ps[j].Identity(eps[j]), eps[j], pols, detail, vs[:0])
		vs[0].Release()
		if d := vs[0].Detail; d != nil {
			d.Recycle()
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		// A stride through the release mixes protocols and outcomes in any run length.
		j := (i * 7919) % len(eps)
		vs = scoreTimed(ps[j], ps[j].Identity(eps[j]), eps[j], pols, detail, vs[:0])
		vs[0].Release() // the episode's verdicts share one identity: as a stream does, so the tables stay small
		if d := vs[0].Detail; d != nil {
			d.Recycle() // as the report's viewer does once it has encoded the episode
		}
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// scoreTimed is ScoreMany in the timed loop, apart from the warm-up's calls, so that
// callgrind can count only these (--toggle-collect='*oracle.scoreTimed').
//
//go:noinline
func scoreTimed(p *Prepared, id Verdict, ep *ingest.Episode, pols []Policy, detail []bool, dst []Verdict) []Verdict {
	return p.ScoreMany(id, ep, pols, detail, dst)
}

// BenchmarkPrepareRelease compiles the built-in release's cases (721), as every score
// command does once: on that release a sixth of score's CPU outside decoding. CPU per case.
func BenchmarkPrepareRelease(b *testing.B) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0 := processCPU()
	n := 0
	for b.Loop() {
		for _, c := range rel.Cases {
			if _, err := Prepare(c); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	if cpu := processCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(n), "cpu-ns/case")
	}
}
