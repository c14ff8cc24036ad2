package oracle

import "testing"

// TestPolicyLabels: the viewer's policy selector labelled the reward-only preset
// "τ-bench-style (tau-bench)", which on a τ-bench page reads as one more rule check, and
// the confirmation presets by their bare names; each label now says what the policy asks.
func TestPolicyLabels(t *testing.T) {
	for name, want := range map[string]string{
		"tau-bench":   "outcome only, τ-bench-style (tau-bench)",
		"appworld":    "outcome only, AppWorld-style (appworld)",
		"tau-strict":  "reads, details listed and a yes (tau-strict)",
		"tau-lenient": "reads and any yes (tau-lenient)",
		"tau-reads":   "reads only (tau-reads)",
		"safeact":     "SafeActBench (safeact)",
		"near-miss":   "near-miss",
		"mine":        "mine",
	} {
		if got := PolicyLabel(name); got != want {
			t.Errorf("PolicyLabel(%q) = %q, want %q", name, got, want)
		}
	}
}
