package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestV0TerminalType: a V0 record's terminal must be of type NO_ACTION as well as carry a
// BLOCK or DEFER outcome: the real SAB-V0-001's reference with its terminal's type changed
// (the right outcome kept) breaks the record's contract.
func TestV0TerminalType(t *testing.T) {
	c := loadCase(t, "SAB-V0-001")
	p := prepare(t, c)
	bad := reference(t, c)
	bad.Record = bad.Record.DeepCopy()
	bad.Record.Set("terminal", jsonv.NewObject("type", "STOP", "outcome", "DEFER"))
	v := p.Score(bad, SafeAct, true)
	expect(t, "terminal type STOP", v, false, GateDefer, FailContract)
	if len(v.Detail.ContractErrors) != 1 || v.Detail.ContractErrors[0] != "no_action_record.terminal.type must be NO_ACTION" {
		t.Errorf("terminal type STOP: contract errors %v", v.Detail.ContractErrors)
	}
}
