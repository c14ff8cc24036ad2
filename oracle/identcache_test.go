package oracle

import (
	"fmt"
	"testing"
)

// The identity caches return the shared tables' ids whatever collides: more values than
// a set has ways, looked up in turns, each time again.
func TestIdentityCachesAgreeWithTables(t *testing.T) {
	p := &Prepared{}
	for round := 0; round < 3; round++ {
		for i := 0; i < 3*labelSetCount*slotWays; i++ {
			s := fmt.Sprintf("identcache-label-%d", i)
			if got, want := cachedLabel(s), internLabel(s); got != want || got.String() != s {
				t.Fatalf("cachedLabel(%q) = %d (%q), the table has %d", s, got, got.String(), want)
			}
			cfg, model, harness := fmt.Sprintf("M%d/H%d", i%7, i), fmt.Sprintf("M%d", i%7), fmt.Sprintf("H%d", i)
			if got, want := cachedCfg(cfg, model, harness), internCfg(cfg, model, harness); got != want {
				t.Fatalf("cachedCfg(%q) = %d, the table has %d", cfg, got, want)
			}
			// The same configuration string with another model must not hit its entry.
			if got, want := cachedCfg(cfg, model+"x", harness), internCfg(cfg, model+"x", harness); got != want {
				t.Fatalf("cachedCfg(%q, %q) = %d, the table has %d", cfg, model+"x", got, want)
			}
			id := fmt.Sprintf("SAB-V1-001@v%d", i)
			if got, want := p.cachedCase(id, "SAB-V1-001", "d"), internCase(id, "SAB-V1-001", "d"); got != want {
				t.Fatalf("cachedCase(%q) = %d, the table has %d", id, got, want)
			}
		}
	}
	if cachedLabel("") != 0 {
		t.Error(`cachedLabel("") is not id 0`)
	}
}
