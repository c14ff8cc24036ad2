package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/view"
)

func init() {
	register(command{name: "view", summary: "write the offline HTML viewer (leaderboard, tables, figures, slices, episode pages, A/B) to --out", run: runView})
}

func runView(e *env, args []string) error {
	fs := newFlagSet(e, "view", "[flags]")
	c := addCommon(e, fs, "sabench-view.html")
	fs.Lookup("out").Usage = "the page to write; its chunk files go to the directory beside it named after the page (NAME_files/)"
	fs.Lookup("policy").Usage = "policies scored (repeatable; default every preset); the first is the main policy of the episode pages"
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("view takes no arguments (got %q)", fs.Args())
	}
	formatSet := false
	fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
	if formatSet {
		return usagef("view writes HTML only; --format does not apply")
	}
	if c.out == "" || c.out == "-" {
		return usagef("view: --out must name an HTML file (the viewer is a page plus chunk files, not a stream)")
	}
	pols, err := c.policyList(true)
	if err != nil {
		return err
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	st, counts, err := writeViewer(c.out, in, pols, c)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "sabench-stats view: %s (%d bytes) and %d chunk files (%d bytes) in %s; %d episodes of %d cases\n",
		c.out, st.HTMLBytes, st.Chunks, st.ChunkBytes, filepath.Join(filepath.Dir(c.out), trimExt(filepath.Base(c.out))+"_files"), st.Episodes, st.Cases)
	fmt.Fprintf(e.stdout, "episodes: read %d, scored %d, excluded %s; policies: %s\n", counts.Read, counts.Scored, excludedSummary(counts, 0), policyList(pols))
	return nil
}

// rowsOf is the part of a table whose first cell is key.
func rowsOf(t *results.Table, key string) *results.Table {
	out := &results.Table{ID: t.ID, Title: t.Title + ": " + key, Columns: t.Columns, Notes: t.Notes}
	for _, r := range t.Rows {
		if len(r.Cells) > 0 {
			if s, ok := r.Cells[0].CellText(); ok && s == key {
				out.Rows = append(out.Rows, r)
			}
		}
	}
	return out
}

// writeViewer writes the viewer of in, scored under pols (the first is the main policy),
// to path and its chunk directory beside it. report calls it for index.html.
func writeViewer(path string, in *input, pols []oracle.Policy, c *common) (view.Stats, analysis.Counts, error) {
	vin, counts, err := viewInput(in, pols, c)
	if err != nil {
		return view.Stats{}, counts, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return view.Stats{}, counts, err
	}
	st, err := view.Write(path, vin)
	return st, counts, err
}

func trimExt(s string) string { return s[:len(s)-len(filepath.Ext(s))] }

func policyList(pols []oracle.Policy) string {
	var b bytes.Buffer
	for i, p := range pols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
	}
	return b.String()
}

// viewInput scores every episode under every policy and assembles the viewer's input:
// the report's tables and figures, a leaderboard per policy, the cases' workflows and
// requirements, and an iterator that re-reads the episodes and scores each batch with
// detail under the main policy. The report calls it too (after #11 it will pass its own
// tables and figures).
func viewInput(in *input, pols []oracle.Policy, c *common) (*view.Input, analysis.Counts, error) {
	s, _, err := c.score(in, pols, false)
	if err != nil {
		return nil, analysis.Counts{}, err
	}
	rels := releases(in, s)
	o := c.stats()
	tables, err := buildTables(rels, nil, o)
	if err != nil {
		return nil, analysis.Counts{}, err
	}
	vin := &view.Input{Title: "sabench-stats viewer", Tables: tables}
	for _, p := range pols {
		vin.Policies = append(vin.Policies, p.Name)
	}
	vin.Notes = append(vin.Notes, "Input: "+in.describe+".")
	if in.bench.Kind == "memory" {
		vin.Notes = append(vin.Notes, "The built-in release is synthetic: generated in the real SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces.")
	}
	vin.Notes = append(vin.Notes, fmt.Sprintf("Episodes: read %d = scored %d + excluded (%s). Intervals: %d %s bootstrap resamples, seed %d.",
		s.Counts.Read, s.Counts.Scored, excludedSummary(s.Counts, 0), o.Resamples, o.Unit(), o.Seed))
	// The leaderboard under each policy: its T2, and its rows of the policies table (Δ vs
	// safeact with the paired interval, rank and rank change).
	var policyRows *results.Table
	for _, t := range tables {
		if t.ID == "policies" {
			policyRows = t
		}
	}
	for _, r := range rels {
		t, err := r.Table("T2", o)
		if err != nil {
			return nil, analysis.Counts{}, err
		}
		lb := []*results.Table{t}
		if policyRows != nil {
			lb = append(lb, rowsOf(policyRows, r.Policy.Name))
		}
		vin.Leaderboards = append(vin.Leaderboards, lb)
	}
	pc := policyComparison(rels)
	figs, err := pc.Base.Figures(o, pc)
	if err != nil {
		return nil, analysis.Counts{}, err
	}
	for _, f := range figs {
		var b bytes.Buffer
		if err := figures.Render(f.Fig, figures.SVG, &b, figures.Options{}); err != nil {
			return nil, analysis.Counts{}, fmt.Errorf("figure %s: %w", f.Name, err)
		}
		vin.Figures = append(vin.Figures, view.Figure{Name: f.Name, SVG: b.Bytes()})
	}
	for _, cs := range in.bench.Cases {
		vin.Cases = append(vin.Cases, viewCase(cs))
	}
	vin.Episodes = func(yield func(*view.Episode) error) error {
		return viewEpisodes(in, pols, s, c, yield)
	}
	return vin, s.Counts, nil
}

// viewEpisodes streams the episodes again (in the order they were scored), scores each
// batch with detail under the main policy through the common pipeline, and yields them
// with the other policies' verdicts.
func viewEpisodes(in *input, pols []oracle.Policy, s *analysis.Scored, c *common, yield func(*view.Episode) error) error {
	src, err := in.open()
	if err != nil {
		return err
	}
	defer src.Close()
	const batch = 1024
	n := 0
	var eps []*ingest.Episode
	flush := func() error {
		if len(eps) == 0 {
			return nil
		}
		d, err := analysis.Score(&sliceStream{eps: eps}, in.bench.Case, analysis.ScoreOptions{Policies: pols[:1], Workers: c.jobs,
			InfraFailuresFail: c.infraFailures == "fail", Detail: true})
		if err != nil {
			return err
		}
		for i, ep := range eps {
			k := n + i
			main := d.Verdicts[0][i]
			if k >= len(s.Verdicts[0]) || s.Verdicts[0][k].RunID != main.RunID {
				return fmt.Errorf("%s:%d: the episodes changed between two reads (run %s)", ep.Source, ep.Line, ep.RunID)
			}
			ve := &view.Episode{RunID: ep.RunID, Config: ep.Config, CaseID: ep.CaseID, Repeat: ep.Repeat, Condition: ep.Condition, Main: main}
			for p := 1; p < len(pols); p++ {
				v := &s.Verdicts[p][k]
				ve.Others = append(ve.Others, view.Outcome{Excluded: v.Excluded, ECS: v.ECS, Outcome: v.Outcome, FailureType: v.FailureType})
			}
			if ep.Record != nil {
				ve.Events = viewEvents(ep.Record)
				if dec, ok := ep.Record.Get("decision"); ok && main.Static {
					ve.Decision = jsonv.PyStr(dec)
				}
			}
			if err := yield(ve); err != nil {
				return err
			}
		}
		n += len(eps)
		eps = eps[:0]
		return nil
	}
	for {
		ep, err := src.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		eps = append(eps, ep)
		if len(eps) == batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

func viewEvents(rec *jsonv.Object) []view.Event {
	list, _ := rec.List("events")
	out := make([]view.Event, 0, len(list))
	for _, raw := range list {
		o, _ := raw.(*jsonv.Object)
		var ev view.Event
		if o != nil {
			if t, ok := o.Get("type"); ok {
				ev.Type = jsonv.PyStr(t)
			}
			if t, ok := o.Get("call_id"); ok {
				ev.CallID = jsonv.PyStr(t)
			}
			if t, ok := o.Get("tool"); ok {
				ev.Tool = jsonv.PyStr(t)
			}
			if a, ok := o.Get("arguments"); ok {
				ev.Args = string(jsonv.Canonical(a, false))
			}
		} else {
			ev.Type = "?"
			ev.Args = string(jsonv.Canonical(raw, false))
		}
		out = append(out, ev)
	}
	return out
}

// viewCase takes from a case's spec what the episode page shows: the workflow, the
// requirements' fact conditions and the evidence rules. A spec with problems gives what
// could be decoded (the oracle reports the problems in the verdicts).
func viewCase(cs *ingest.Case) view.Case {
	vc := view.Case{ID: cs.ID, Protocol: cs.Protocol.Label(), Domain: cs.Domain}
	sp, _ := ingest.DecodeSpec(cs)
	if sp == nil {
		return vc
	}
	addReqs := func(list []any) {
		for _, r := range list {
			ro, ok := r.(*jsonv.Object)
			if !ok {
				continue
			}
			id := "unknown_requirement"
			if v, ok := ro.Get("requirement_id"); ok {
				id = jsonv.PyStr(v)
			}
			req := view.Requirement{ID: id}
			if l, ok := ro.List("supported_if_all"); ok {
				for _, cond := range l {
					req.Conditions = append(req.Conditions, string(jsonv.Canonical(cond, false)))
				}
			}
			vc.Requirements = append(vc.Requirements, req)
		}
	}
	addReqs(sp.Requirements)
	// Required reads, numbered as the oracle names them (required_info_call_01, …: the
	// position among the entries, objects or not).
	for i, raw := range sp.RequiredInfoCalls {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		req := view.Requirement{ID: fmt.Sprintf("required_info_call_%02d", i+1), Args: "{}"}
		if t, ok := o.Get("tool"); ok {
			req.Tool = jsonv.PyStr(t)
		}
		if a, ok := o.Get("arguments"); ok {
			req.Args = string(jsonv.Canonical(a, false))
		}
		vc.Requirements = append(vc.Requirements, req)
	}
	for _, cm := range sp.Workflow {
		if cm == nil {
			continue
		}
		vc.Workflow = append(vc.Workflow, view.Step{ID: cm.ID, Tool: cm.Tool, DependsOn: cm.DependsOn})
		addReqs(cm.Requirements)
	}
	for _, r := range sp.EvidenceRules {
		rule := view.Rule{Tool: r.Tool, Args: string(jsonv.Canonical(r.ArgsMatch, false))}
		for _, f := range r.Facts {
			rule.Facts = append(rule.Facts, string(jsonv.Canonical(f, false)))
		}
		vc.Rules = append(vc.Rules, rule)
	}
	return vc
}
