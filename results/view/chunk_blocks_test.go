package view

import "testing"

// caseBlocks numbers every block in first use over the inner blocks and the lists alike,
// one id for equal texts whichever kind came first, and lists each episode by those ids.
func TestCaseBlocksNumbersInFirstUse(t *testing.T) {
	defer func(b int) { spoolBudget = b }(spoolBudget)
	for _, budget := range []int{1 << 30, 1} {
		spoolBudget = budget
		sp := newSpool()
		a := &caseAcc{c: &Case{ID: "c"}, blocks: &blockDict{text: sp.stream()}, rows: sp.stream()}
		for _, raw := range []string{`[1,2]`, `[0]`, `[9]`, `[]`} { // provisional 0 to 3
			a.blocks.add([]byte(raw))
		}
		var buf []byte
		for n, d := range []detailIDs{
			{events: []int{0}, rest: 1},    // [1,2]; lists [0], [], []; rest [0] is the events' list
			{events: []int{2, 0}, rest: 1}, // [9] new, list [3,0] new
			{ledger: []int{0, 2}, rest: 3}, // list [0,3] new; rest [] is the empty lists'
			{checks: []int{2}},             // list [3] new; rest [1,2] is the first block
			{rest: 3, inspect: 2 + 1},      // an Inspect sample's block [9]: a sixth element
		} {
			buf = a.addRow(buf, 10+n, d)
		}
		blocks, rows, err := caseBlocks(nil, a)
		if err != nil {
			t.Fatal(err)
		}
		if want := `[1,2],[0],[],[9],[3,0],[0,3],[3]`; string(blocks) != want {
			t.Errorf("budget %d: blocks %s, want %s", budget, blocks, want)
		}
		if want := `[10,1,2,2,1],[11,4,2,2,1],[12,2,5,2,2],[13,2,2,6,0],[14,2,2,2,2,3]`; string(rows) != want {
			t.Errorf("budget %d: episodes %s, want %s", budget, rows, want)
		}
		a.blocks.add([]byte(`[7]`)) // a block no episode uses: the spool does not match its rows
		if _, _, err := caseBlocks(nil, a); err == nil {
			t.Errorf("budget %d: an unused provisional block went unnoticed", budget)
		}
		sp.close()
	}
}
