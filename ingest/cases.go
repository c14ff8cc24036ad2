package ingest

// CaseIndex is what reading and validating episodes needs from a bench of case
// specifications (package ingest/casespec, whose *Bench implements it): whether a case id
// is known, and how that case's records are checked. An interface, because the bench
// package reads its files with this package's readers and so cannot be imported by it.
type CaseIndex interface {
	// CaseInfo returns what the episode checks need of case id; ok is false for a case
	// the bench does not hold.
	CaseInfo(id string) (info CaseInfo, ok bool)
	// BenchSource names the bench in messages: the path it was loaded from.
	BenchSource() string
}

// CaseInfo is what an episode's checks need of its case.
type CaseInfo struct {
	Protocol Protocol
	Domain   string // env_id; a record's env_id must match it
	// Conversation is set for a case with action_rules (the τ-bench domains): its
	// episodes' records are conversations (CheckConversationRecord), not a protocol's record.
	Conversation bool
}
