package main

import (
	"flag"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "domains", summary: "ECS per configuration × domain × protocol, filtered by --protocol, --domain, --config",
		usage: "[flags]", hint: "; filter with --protocol, --domain, --config", setup: setupDomains,
		groups: groupInput | groupJobs | groupStats | groupClustered | groupTables | groupVerdicts | groupNoPValues | groupNoPassK}) // the rates carry intervals
}

func setupDomains(_ *cli.Env, fs *flag.FlagSet, c *common) *steps {
	var protos cli.List
	var domains, configs cli.Names // a name may hold a comma
	fs.Var(&protos, "protocol", "protocols to show (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	fs.Var(&domains, "domain", "domains to show (repeatable or comma list; a value naming a domain whole is taken whole; default all)")
	fs.Var(&configs, "config", "configurations to show (repeatable or comma list; a value naming a configuration whole, such as one holding a comma, is taken whole; default all)")
	var f analysis.DomainFilter
	return &steps{scoring: job.Scoring{MainOnly: true},
		check: func() (err error) {
			if err := c.checkClustersUsed(fs); err != nil {
				return err
			}
			f = analysis.DomainFilter{Domains: domains, Configs: configs}
			if f.Protocols, err = ingest.ParseProtocols(protos); err != nil {
				return cli.Usage(err)
			}
			c.AddBenchCheck(job.CheckFilters(f.Protocols, f.Domains))
			return nil
		},
		outputs: c.perPolicy, // one table per policy
		tables:  func(r *job.Release) ([]*results.Table, error) { return c.Domains(r, f) },
	}
}
