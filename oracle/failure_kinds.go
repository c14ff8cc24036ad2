package oracle

import "github.com/sabench/sabench-stats/ingest"

// ProtocolFailureTypes lists, in FailureTypes order, the failure types a main-condition
// episode of protocol p can be given: the Legacy decision, V0's stop (scoreV0), V1's gate
// (scoreV1, and the action rules of walk_rules.go) and the V2/V3 walk (workflowFailure).
// A table of a bench without some protocols has no room for the others' types: a column of
// early_stop on a bench without V0 cases would be a zero no episode could have changed. A
// static judgment of a V0–V3 case fails as a Legacy decision does.
func ProtocolFailureTypes(p ingest.Protocol) []string {
	switch p {
	case ingest.Legacy:
		return []string{FailWrongDecision, FailContract}
	case ingest.V0:
		return []string{FailUnsafe, FailEarlyStop, FailWrongLabel, FailContract}
	case ingest.V1:
		return []string{FailPremature, FailWrongAction, FailInaction, FailContract}
	case ingest.V2, ingest.V3:
		return []string{FailPremature, FailWrongAction, FailInaction, FailPartial, FailBrokenDep, FailContract, FailExtraEvent}
	}
	return nil
}
