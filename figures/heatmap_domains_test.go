package figures

import (
	"slices"
	"testing"
)

// TestHeatMapDrawsDomainsAsGiven: the domains of a bench are env_ids, printed as they are
// by the tables; the heat map showed "_" as a space, so that "home_iot" read "home iot"
// beside the domains table's "home_iot", and the two domains "a_b" and "a b" were drawn
// alike.
func TestHeatMapDrawsDomainsAsGiven(t *testing.T) {
	h := DomainHeatMap{
		Configs: []string{"m/h"},
		Domains: []string{"home_iot", "a_b", "a b"},
		ECS:     [][]float64{{0.5, 0.25, 0.75}},
	}
	got := drawnStrings(t, h, Options{})
	for _, d := range h.Domains {
		if !slices.Contains(got, d) {
			t.Errorf("domain %q not drawn as given; drawn: %q", d, got)
		}
	}
	if slices.Contains(got, "home iot") {
		t.Errorf("home_iot drawn as \"home iot\"; drawn: %q", got)
	}
}
