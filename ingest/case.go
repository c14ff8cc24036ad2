package ingest

import "github.com/sabench/sabench-stats/ingest/jsonv"

// Case is one benchmark case: its identity and the hidden evaluation spec exactly as the
// catalog holds it. The oracle derives everything else from Spec.
type Case struct {
	ID       string // as given; may carry a variant suffix, BASE@variant
	BaseID   string // ID without the variant; pairing across conditions uses it
	Variant  string // "" for the main spec
	Protocol Protocol
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
}
