package main

import (
	"net/url"
	"strings"
	"testing"
)

// TestViewerSliceSummaryWords: a slice of one episode said "1 episodes;", and a slice with
// no scored episode "ECS —% (0/0)"; they now read "1 episode;" and "ECS — (0/0)".
func TestViewerSliceSummaryWords(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page, _ := subsetViewer(t)
	b, stop := newBrowser(t)
	defer stop()
	// A static judgment is one episode per configuration and case.
	_, caseID := b.firstRun(t, page, "cond=static")
	cfg := b.text(t, "#slice-table tbody tr:first-child td:nth-child(2)")
	b.open(t, page, "slice?cond=static&cfg="+url.QueryEscape(cfg)+"&case="+url.QueryEscape(caseID), "#slice-summary")
	b.rendered(t)
	if got := b.text(t, "#slice-summary"); b.text(t, "#slice-count") != "1" || !strings.HasPrefix(got, "1 episode; 1 scored") {
		t.Errorf("one static judgment's slice: %q, want it to begin %q", got, "1 episode; 1 scored")
	}
	b.open(t, page, "slice?case=no-such-case", "#slice-summary")
	b.rendered(t)
	if got := b.text(t, "#slice-summary"); !strings.HasPrefix(got, "0 episodes; 0 scored") || !strings.HasSuffix(got, "ECS — (0/0)") {
		t.Errorf("empty slice: %q, want %q … %q", got, "0 episodes; 0 scored", "ECS — (0/0)")
	}
}

// TestViewerSliceSummaryNamesTheMeasure: on the τ-bench trajectories, where every table
// and figure caption says authorized success, the slice summary said "ECS 40.0% (…)"; it
// names the measure as the page's data gives it.
func TestViewerSliceSummaryNamesTheMeasure(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page, _ := tauViewer(t)
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "slice?cond=main&status=scored", "#slice-summary")
	b.rendered(t)
	if got := b.text(t, "#slice-summary"); !strings.Contains(got, "; authorized success ") || strings.Contains(got, "ECS") {
		t.Errorf("τ-bench slice summary: %q, want it to name authorized success, not ECS", got)
	}
}
