package main

import (
	"testing"
)

// TestViewerKeepsRowNamesInView: a table wider than the window scrolls sideways in its
// box (16 configurations' T2 is 1497 px wide in a 1280 px window), and its first column,
// which names each row, scrolled out of view with the rest, so that a V3 number could not
// be read beside its configuration. The first column now stays at the box's left edge.
func TestViewerKeepsRowNamesInView(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page, _ := subsetViewer(t)
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "tables", "nav.toc")
	b.rendered(t)
	// Every table that scrolls, scrolled to its right end: its first column's cells (the
	// header and the first row) are inside the box, at its left edge.
	got := evalJS[string](t, b, `(() => {
	  const out = []; let wide = 0;
	  for (const w of document.querySelectorAll('.tablewrap')) {
	    if (!w.offsetParent || w.scrollWidth <= w.clientWidth + 50) continue;
	    wide++;
	    w.scrollLeft = w.scrollWidth;
	    const box = w.getBoundingClientRect();
	    for (const c of [w.querySelector('thead th'), w.querySelector('tbody td')]) {
	      if (!c) continue;
	      const r = c.getBoundingClientRect();
	      if (Math.abs(r.left - box.left) > 1) out.push(w.querySelector('table').id + ': ' + c.textContent.slice(0, 30) + ' at ' + Math.round(r.left - box.left) + ' px from the box');
	    }
	  }
	  if (wide === 0) out.push('no table wider than its box');
	  return out.join('; ');
	})()`)
	if got != "" {
		t.Errorf("a row's name scrolled out of view: %s", got)
	}
}
