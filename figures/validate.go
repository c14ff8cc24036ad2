package figures

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot/vg"
)

// Limits that keep a figure drawable; beyond them the input is an error.
const (
	maxItems   = 200 // configurations, protocols, domains, policies, rows
	maxNameLen = 200 // bytes in one name or label
)

// checkNames checks a list of names shown on the figure: non-empty,
// valid UTF-8, unique, at most maxItems.
func checkNames(field string, names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("figures: %s: empty", field)
	}
	if len(names) > maxItems {
		return fmt.Errorf("figures: %s: %d names, at most %d", field, len(names), maxItems)
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		// The name itself (its start) is in the message: an index alone does not tell
		// the reader which of forty configurations cannot be drawn.
		if err := checkLabel(fmt.Sprintf("%s[%d] (%q)", field, i, clipName(n)), n, false); err != nil {
			return err
		}
		if j, ok := seen[n]; ok {
			return fmt.Errorf("figures: %s[%d]: %q repeats %s[%d]", field, i, n, field, j)
		}
		seen[n] = i
	}
	return nil
}

// clipName is a name's first 60 characters, with an ellipsis when it was longer.
func clipName(s string) string {
	const keep = 60
	if utf8.RuneCountInString(s) <= keep {
		return s
	}
	r := []rune(s)
	return string(r[:keep]) + "…"
}

func checkLabel(field, s string, emptyOK bool) error {
	if !emptyOK && strings.TrimSpace(s) == "" {
		return fmt.Errorf("figures: %s: empty", field)
	}
	return checkLine(field, s, maxNameLen)
}

// checkLine checks one line of text drawn in a figure: at most max bytes of UTF-8, with
// no line break or tab (the figures wrap text themselves), and no character XML cannot
// hold (notXML).
func checkLine(field, s string, max int) error {
	switch {
	case len(s) > max:
		return fmt.Errorf("figures: %s: %d bytes, at most %d", field, len(s), max)
	case !utf8.ValidString(s):
		return fmt.Errorf("figures: %s: not valid UTF-8", field)
	case strings.ContainsAny(s, "\n\r\t"):
		return fmt.Errorf("figures: %s: contains a line break or tab", field)
	case strings.IndexFunc(s, notXML) >= 0:
		return fmt.Errorf("figures: %s: contains a control character an SVG cannot hold", field)
	}
	return nil
}

// maxTextLen bounds a sentence drawn under a figure (Captioned): its names are labels
// (at most maxNameLen each), a few of them beside the words about them.
const maxTextLen = 1000

// checkText checks a sentence drawn under a figure, "" allowed: one line of text (wrapped
// when drawn), of at most maxTextLen bytes.
func checkText(field, s string) error { return checkLine(field, s, maxTextLen) }

// checkLen checks that a slice indexed by field has the length of the
// names it is indexed by.
func checkLen(field string, got, want int, by string) error {
	if got != want {
		return fmt.Errorf("figures: %s: %d entries, want %d (one per %s)", field, got, want, by)
	}
	return nil
}

// checkRate checks a proportion in [0, 1]; NaN is allowed when nanOK.
func checkRate(field string, v float64, nanOK bool) error {
	if math.IsNaN(v) {
		if nanOK {
			return nil
		}
		return fmt.Errorf("figures: %s: NaN", field)
	}
	if v < 0 || v > 1 {
		return fmt.Errorf("figures: %s: %v outside [0, 1]", field, v)
	}
	return nil
}

// checkLevel checks a confidence level; 0 means "not stated".
func checkLevel(field string, v float64) error {
	if v == 0 {
		return nil
	}
	if !(v > 0 && v < 1) {
		return fmt.Errorf("figures: %s: %v outside (0, 1)", field, v)
	}
	return nil
}

// levelText renders a confidence level as "95% CI" (or "CI" when unset).
func levelText(level float64) string {
	if level == 0 {
		return "CI"
	}
	return formatNum(level*100) + "% CI"
}

// rowHeight returns the height of one of n rows: natural, or what a set
// figure height leaves after the fixed parts; too little is an error.
func rowHeight(o Options, fixed vg.Length, n int, natural, minimum vg.Length) (vg.Length, error) {
	if o.Height == 0 || n == 0 {
		return natural, nil
	}
	h := (o.Height - fixed) / vg.Length(n)
	if h < minimum {
		return 0, &HeightError{Height: o.Height, Left: h, For: "per row", Need: minimum}
	}
	return h, nil
}

// HeightError: a set figure height leaves too little room, Left, for what For says (one
// row, or the figure above its captions). Render then draws the figure at the height its
// content needs (Fitted says so).
type HeightError struct {
	Height, Left, Need vg.Length
	For                string // "per row", "above the captions"
}

func (e *HeightError) Error() string {
	return fmt.Sprintf("figures: Options.Height: %.0f pt leaves %.1f pt %s, need at least %.1f pt", float64(e.Height), float64(e.Left), e.For, float64(e.Need))
}

// WidthError: content does not fit the width. Render then widens the figure, up to
// maxAutoWidth (Fitted says so); past that the error stands.
type WidthError struct {
	What       string
	Need, Have vg.Length
}

func (e *WidthError) Error() string {
	return fmt.Sprintf("figures: Options.Width: %s needs %.0f pt, only %.0f pt available (use a wider size or a smaller font)", e.What, float64(e.Need), float64(e.Have))
}

// fitError reports content that does not fit the width.
func fitError(what string, need, have vg.Length) error {
	return &WidthError{What: what, Need: need, Have: have}
}
