package casespec

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Case is one benchmark case: its identity and the hidden evaluation spec exactly as the
// catalog holds it. The oracle derives everything else from Spec.
type Case struct {
	ID       string // as given; may carry a variant suffix, BASE@variant
	BaseID   string // ID without the variant; pairing across conditions uses it
	Variant  string // "" for the main spec
	Protocol ingest.Protocol
	Domain   string // env_id
	Spec     *jsonv.Object

	// Cluster is the resampling cluster of the template-clustered bootstrap, and
	// ClusterRule names the rule that produced it: "user", "template_id",
	// "contrast_pair_id", "derived" or "case".
	Cluster     string
	ClusterRule string

	Source string // file (and line) it was read from, for messages

	// Shard is the verified V3 query shard of a released V3 case when the bench is a
	// checkout with env/v3_episode_query_shards/; nil otherwise (the oracle then trusts the
	// recorded evidence_delta_key and says so).
	Shard *QueryShard
	// ShardUnread says why a shard directory the bench holds was not loaded for this
	// released V3 case ("" when the bench has none): only a checkout's manifest attests
	// a shard index.
	ShardUnread string
}

// HasActionRules reports whether a case's spec carries action_rules, so that its episodes'
// records are conversations (ingest.CheckConversationRecord).
func (c *Case) HasActionRules() bool {
	if c == nil || c.Spec == nil {
		return false
	}
	_, ok := c.Spec.Get("action_rules")
	return ok
}

// OfficialTasks reports whether every one of cases (at least one) takes task success from
// the episode's official verdict (task_success "official": cases with action rules, such
// as the τ-bench domains): a bench of such cases has the tables of benches with action
// rules, whatever it is named.
func OfficialTasks(cases []*Case) bool {
	if len(cases) == 0 {
		return false
	}
	for _, c := range cases {
		if c.Spec == nil {
			return false
		}
		if s, _ := c.Spec.String("task_success"); s != "official" {
			return false
		}
	}
	return true
}

// CaseInfo is what reading and validating episodes needs of a case (ingest.CaseIndex).
func (b *Bench) CaseInfo(id string) (ingest.CaseInfo, bool) {
	c := b.Case(id)
	if c == nil {
		return ingest.CaseInfo{}, false
	}
	return ingest.CaseInfo{Protocol: c.Protocol, Domain: c.Domain, Conversation: c.HasActionRules()}, true
}

// BenchSource is the path the bench was loaded from (ingest.CaseIndex).
func (b *Bench) BenchSource() string { return b.Source }
