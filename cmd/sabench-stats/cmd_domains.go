package main

import (
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "domains", summary: "ECS per configuration × domain × protocol, filtered by --protocol, --domain, --config", run: runDomains})
}

func runDomains(e *env, args []string) error {
	fs := newFlagSet(e, "domains", "[flags]")
	c := addCommon(e, fs, groupInput|groupJobs|groupStats|groupClustered|groupTables, "") // the rates carry intervals
	c.addVerdicts(fs)
	var protos, domains, configs listFlag
	fs.Var(&protos, "protocol", "protocols to show (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	fs.Var(&domains, "domain", "domains to show (repeatable or comma list; default all)")
	fs.Var(&configs, "config", "configurations to show (repeatable or comma list; default all)")
	if err := c.parse(fs, args, "; filter with --protocol, --domain, --config"); err != nil {
		return err
	}
	f := analysis.DomainFilter{Domains: domains, Configs: configs}
	var err error
	if f.Protocols, err = parseProtocols(protos); err != nil {
		return err
	}
	sr, err := c.scoreAll(false)
	if err != nil {
		return err
	}
	rels := sr.Releases
	// Names are checked against the release (domains come from the cases, configurations
	// from the episodes), so a typo is a usage error rather than an empty table.
	if err := knownNames("domain", domains, rels[0].Domains()); err != nil {
		return err
	}
	// Configuration names match case-insensitively (analysis.MatchName).
	for i, n := range f.Configs {
		m, err := analysis.MatchName("configuration", n, rels[0].Configs())
		if err != nil {
			return usagef("%v", err)
		}
		f.Configs[i] = m
	}
	var ts []*results.Table
	for _, r := range rels {
		t, err := results.BuildDomains(r, f, c.stats())
		if err != nil {
			return err
		}
		if len(rels) > 1 {
			t.ID += "-" + r.Policy.Name // one table per policy; the id tells them apart in JSON and LaTeX labels
		}
		ts = append(ts, t)
	}
	return c.writeTables(e, ts)
}

// knownNames returns a usage error naming the first of names not in known, and listing
// the known ones.
func knownNames(what string, names, known []string) error {
	for _, n := range names {
		if !contains(known, n) {
			return usagef("unknown %s %q (known: %s)", what, n, strings.Join(known, ", "))
		}
	}
	return nil
}
