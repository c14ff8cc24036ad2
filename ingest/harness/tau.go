package harness

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/paths"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// Tau reads a τ-bench result file (a JSON array of EnvRunResult) or a τ²-bench results
// file (simulations[]), detected by content, with the domain read from the file (package
// ingest/tau). It refuses Repeat (the repeat is each trajectory's trial), RepeatFrom and
// the runner status mode (a τ-bench result has no runner failure labels).
var Tau Adapter = TauIn("")

// TauIn is Tau with the domain given (airline, retail) rather than read from the file.
func TauIn(domain string) Adapter {
	return adapter{"tau", func(path string, opt Options) (*Result, error) { return readTau(path, opt, domain) }}
}

func readTau(path string, opt Options, domain string) (*Result, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	switch {
	case opt.Repeat != 0:
		return nil, fmt.Errorf("a repeat does not apply to τ-bench results (each trajectory's repeat is its trial)")
	case opt.RepeatFrom != "":
		return nil, fmt.Errorf("repeat derivation %q applies to interactive runs only", opt.RepeatFrom)
	case opt.Mode == ModeRunner:
		return nil, fmt.Errorf("the runner status mode does not apply to τ-bench results (they carry no runner failure labels)")
	}
	r, err := tau.ReadFile(path, tau.Options{Config: opt.Config, Model: opt.Model, Harness: opt.Harness, Condition: opt.Condition, Domain: domain})
	if err != nil {
		return nil, err
	}
	res := &Result{Episodes: r.Episodes, Problems: r.Problems}
	if len(r.Episodes) == 0 && len(r.Problems) == 0 {
		// An empty array (a run that wrote nothing, a file truncated to "[]") wrote an
		// empty episode file with exit 0, where an empty batch folder or Inspect log is refused.
		res.Problems = append(res.Problems, ingest.Problem{File: path, Msg: fmt.Sprintf("no trajectory in this %s file: nothing to ingest", r.Format)})
		return res, nil
	}
	res.warn("%s: %s, domain %s, %d trajectories", path, r.Format, r.Domain, len(r.Episodes))
	if len(r.UnknownTools) > 0 {
		res.warn("%s: %s", path, unknownTools(r.UnknownTools, r.Domain))
	}
	return res, nil
}

// unknownTools says how many calls were of tools the domain does not list, the most
// called first: to the rules they neither read nor write, so a wrong --domain leaves
// every write ungated.
func unknownTools(calls map[string]int, domain string) string {
	names := slices.Collect(maps.Keys(calls))
	total := 0
	for _, n := range names {
		total += calls[n]
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(calls[b], calls[a]), strings.Compare(a, b)) })
	const shown = 4
	var list []string
	for _, n := range names[:min(len(names), shown)] {
		list = append(list, fmt.Sprintf("%s ×%d", n, calls[n]))
	}
	if len(names) > shown {
		list = append(list, fmt.Sprintf("and %d more", len(names)-shown))
	}
	return fmt.Sprintf("%s of %s the domain %s does not list, neither reads nor writes to its rules (check --domain): %s",
		ingest.Plural(total, "tool call"), ingest.Plural(len(names), "tool"), domain, strings.Join(list, ", "))
}

// ReadTauFiles reads several τ-bench or τ²-bench result files into one Result, each file
// once however it is spelled, in the order of where they are (paths.Distinct), as --runs
// and --inspect read theirs: the episodes' order, and which of two copies is the first, do
// not depend on the order the files are given. A trajectory key (configuration, case,
// trial) seen again, in another file, is a problem naming where it was first, and the
// second copy is left out.
func ReadTauFiles(files []string, domain string, opt Options) (*Result, error) {
	adapter := TauIn(domain)
	all := &Result{}
	seen := map[ingest.Key]*ingest.Episode{}
	for _, f := range paths.Distinct(files) {
		res, err := adapter.Read(f, opt)
		if err != nil {
			return nil, err
		}
		all.Warnings = append(all.Warnings, res.Warnings...)
		all.Problems = append(all.Problems, res.Problems...)
		for _, ep := range res.Episodes {
			if first, dup := seen[ep.Key()]; dup {
				all.Problems = append(all.Problems, ingest.Problem{File: ep.Source, Field: tauMember(ep) + ".task_id/trial",
					Msg: fmt.Sprintf("case %s trial %d again (first at %s %s)", ep.CaseID, ep.Repeat, first.Source, tauMember(first))})
				continue
			}
			seen[ep.Key()] = ep
			all.Episodes = append(all.Episodes, ep)
		}
	}
	return all, nil
}

// tauMember names the file member an episode came from as the reader's problems do
// ("[5]", "simulations[5]"): its Line counts members from 1, which in a problem would
// read as a line of the file.
func tauMember(ep *ingest.Episode) string {
	at := fmt.Sprintf("[%d]", ep.Line-1)
	if f, _ := ep.Record.String("format"); f == tau.FormatTau2 {
		at = "simulations" + at
	}
	return at
}
