package render

import (
	"fmt"
	"strings"
)

// LaTeXWidth is the width the LaTeX form fits a table into.
type LaTeXWidth uint8

const (
	// LaTeXColumn fits \columnwidth (the default): the largest of normal, \small and
	// \footnotesize type that fits, else \footnotesize scaled down to at most 7/8. A table
	// too wide for a two-column article's column even so is set across the page (table*)
	// unless the environment was chosen.
	LaTeXColumn LaTeXWidth = iota
	// LaTeXPage fits \textwidth in the same way, in a table* float unless the environment
	// was chosen.
	LaTeXPage
	// LaTeXNatural ("none") writes the tabular at its natural width in normal type.
	LaTeXNatural
)

var latexWidthNames = [...]string{"column", "page", "none"}

func (w LaTeXWidth) String() string {
	if int(w) < len(latexWidthNames) {
		return latexWidthNames[w]
	}
	return fmt.Sprintf("LaTeXWidth(%d)", uint8(w))
}

// ParseLaTeXWidth parses column|page|none.
func ParseLaTeXWidth(s string) (LaTeXWidth, error) {
	for i, n := range latexWidthNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return LaTeXWidth(i), nil
		}
	}
	return 0, fmt.Errorf("unknown LaTeX width %q (want column, page or none)", s)
}

// Set implements flag.Value.
func (w *LaTeXWidth) Set(s string) error {
	v, err := ParseLaTeXWidth(s)
	if err == nil {
		*w = v
	}
	return err
}

// LaTeXEnv is the float environment of a table that fits on one page (longer tables are
// longtables, which are not floats).
type LaTeXEnv uint8

const (
	// LaTeXEnvAuto: table, or table* for page width and for a table too wide for a column.
	LaTeXEnvAuto LaTeXEnv = iota
	LaTeXEnvTable
	LaTeXEnvTableStar
)

var latexEnvNames = [...]string{"auto", "table", "table*"}

func (e LaTeXEnv) String() string {
	if int(e) < len(latexEnvNames) {
		return latexEnvNames[e]
	}
	return fmt.Sprintf("LaTeXEnv(%d)", uint8(e))
}

// ParseLaTeXEnv parses auto|table|table*.
func ParseLaTeXEnv(s string) (LaTeXEnv, error) {
	for i, n := range latexEnvNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return LaTeXEnv(i), nil
		}
	}
	return 0, fmt.Errorf("unknown LaTeX environment %q (want table or table*)", s)
}

// Set implements flag.Value.
func (e *LaTeXEnv) Set(s string) error {
	v, err := ParseLaTeXEnv(s)
	if err == nil {
		*e = v
	}
	return err
}

// LaTeXOptions are the LaTeX form's layout choices; the zero value is the default
// (column width, environment chosen per table).
type LaTeXOptions struct {
	Width LaTeXWidth
	Env   LaTeXEnv
}

// validate rejects values outside the enumerations.
func (o LaTeXOptions) validate() error {
	if int(o.Width) >= len(latexWidthNames) {
		return fmt.Errorf("results: unknown LaTeX width %d", uint8(o.Width))
	}
	if int(o.Env) >= len(latexEnvNames) {
		return fmt.Errorf("results: unknown LaTeX environment %d", uint8(o.Env))
	}
	return nil
}
