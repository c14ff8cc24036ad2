package main

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
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
	if f.Protocols, err = ingest.ParseProtocols(protos); err != nil {
		return usagef("%v", err)
	}
	sr, err := c.scoreAll(false)
	if err != nil {
		return err
	}
	rels := sr.Releases
	if err := f.Resolve(rels[0]); err != nil {
		return usagef("%v", err)
	}
	ts, err := results.BuildDomainsEach(rels, f, c.stats())
	if err != nil {
		return err
	}
	return c.writeTables(e, ts)
}
